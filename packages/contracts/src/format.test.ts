import { describe, expect, it } from 'vitest'
import { formatCount, formatFileSize, formatMoney, formatMoneyShort } from './format'
import { orderNumber } from './order-number'

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-12345, '-12,345'],
    [12.7, '12'],
    [Number.NaN, '0'],
  ])('%s → %s', (n, text) => expect(formatCount(n)).toBe(text))

  it('writes what toLocaleString writes for whole numbers', () => {
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 98765432109]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'))
    }
  })
})

describe('formatMoney', () => {
  it.each([
    [4999, '$49.99'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100000, '$1,000.00'],
    [123456789, '$1,234,567.89'],
    [-250, '-$2.50'],
    [Number.NaN, '$0.00'],
  ])('%s cents → %s', (cents, text) => expect(formatMoney(cents)).toBe(text))
})

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_234_567, '1.18 MB'],
    [5 * 1024 ** 3, '5 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%s bytes → %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text))
})

describe('formatMoneyShort', () => {
  it.each([
    [3500, '$35'],
    [3550, '$35.50'],
    [0, '$0'],
    [100000, '$1,000'],
  ])('%i cents reads %s in running copy', (cents, text) => {
    expect(formatMoneyShort(cents)).toBe(text)
  })
})

describe('orderNumber', () => {
  it("is the last 8 characters of the payment session's id in capitals, else of the order's id", () => {
    expect(orderNumber('cs_test_a1b2c3d4e5f6g7h8', 'ignored')).toBe('E5F6G7H8')
    expect(orderNumber(null, '0b6f1c2e-9d4a-4c1e-8f00-12ab34cd56ef')).toBe('34CD56EF')
    expect(orderNumber(undefined, 'short')).toBe('SHORT')
  })
})
