import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable'

const err = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause })

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'CONNECT_TIMEOUT',
    '57P01',
    '57P02',
    '57P03',
    '08006',
    '08003',
  ])('%s is an outage', (code) => {
    expect(isDatabaseUnavailable(err(code))).toBe(true)
    // As Drizzle throws it: a query error with the driver's error as its cause.
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: err(code) }))).toBe(true)
  })

  it.each(['23505', '22P02', '42P01', '40001', 'ENOENT', 'ERR_SOMETHING'])('%s is not', (code) => {
    expect(isDatabaseUnavailable(err(code))).toBe(false)
  })

  it('is false for things that are not errors, and for a cause chain without a code', () => {
    expect(isDatabaseUnavailable(null)).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
    expect(isDatabaseUnavailable(new Error('x', { cause: new Error('y') }))).toBe(false)
  })
})
