import { describe, expect, it } from 'vitest'
import { formatFileSize, formatMoney, formatMoneyShort } from './format'

describe('formatMoney', () => {
  it.each([
    [4999, '$49.99'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100000, '$1,000.00'],
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
