import { describe, expect, it } from 'vitest'
import { isAllAges, parseAgeRange, suitsAge } from './age-range'

describe('parseAgeRange', () => {
  it('reads the ways editors write ranges', () => {
    expect(parseAgeRange('3-5')).toEqual({ kind: 'span', min: 3, max: 5 })
    expect(parseAgeRange(' Ages 4 – 7 ')).toEqual({ kind: 'span', min: 4, max: 7 })
    expect(parseAgeRange('13+')).toEqual({ kind: 'span', min: 13, max: Number.POSITIVE_INFINITY })
    expect(parseAgeRange('8')).toEqual({ kind: 'span', min: 8, max: 8 })
    expect(parseAgeRange('All Ages')).toEqual({ kind: 'all' })
    expect(parseAgeRange('toddlers')).toBeNull()
  })

  it('knows every spelling of all ages', () => {
    for (const text of ['All Ages', 'all ages', 'All age', 'Suitable for all ages'])
      expect(isAllAges(text)).toBe(true)
    expect(isAllAges('All Ages 5+')).toBe(false)
  })
})

describe('suitsAge', () => {
  it('matches overlapping ranges, so 4-7 keeps the 3-5 bedtime prayers', () => {
    expect(suitsAge('4-7', '3-5')).toBe(true)
    expect(suitsAge('4-7', '6-9')).toBe(true)
    expect(suitsAge('4-7', '4-7')).toBe(true)
    expect(suitsAge('4-7', '8-12')).toBe(false)
    expect(suitsAge('13+', '8-12')).toBe(false)
    expect(suitsAge('8-12', '13+')).toBe(false)
    expect(suitsAge('13+', '16+')).toBe(true)
  })

  it('always keeps resources for all ages, but all ages is not any range', () => {
    expect(suitsAge('6-9', 'All Ages')).toBe(true)
    expect(suitsAge('13+', 'all ages')).toBe(true)
    expect(suitsAge('All Ages', 'All Ages')).toBe(true)
    expect(suitsAge('All Ages', '6-9')).toBe(false)
  })

  it('matches unreadable ranges only by their text', () => {
    expect(suitsAge('toddlers', 'Toddlers')).toBe(true)
    expect(suitsAge('toddlers', '3-5')).toBe(false)
    expect(suitsAge('3-5', 'toddlers')).toBe(false)
  })
})
