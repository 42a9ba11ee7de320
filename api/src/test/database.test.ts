import { describe, expect, it } from 'vitest'
import { pickDrivers } from './database'

describe('pickDrivers', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/postgres'

  it('runs on PGlite, and on PostgreSQL too when DATABASE_URL is set', () => {
    expect(pickDrivers(undefined, undefined)).toEqual(['pglite'])
    expect(pickDrivers(url, undefined)).toEqual(['pglite', 'postgres'])
  })

  it('narrows to the drivers TEST_DRIVERS names', () => {
    expect(pickDrivers(url, 'postgres')).toEqual(['postgres'])
    expect(pickDrivers(url, 'pglite')).toEqual(['pglite'])
  })

  it('refuses a choice that leaves nothing to run instead of passing vacuously', () => {
    expect(() => pickDrivers(undefined, 'postgres')).toThrow(/names no available driver/)
    expect(() => pickDrivers(url, 'mysql')).toThrow()
  })
})
