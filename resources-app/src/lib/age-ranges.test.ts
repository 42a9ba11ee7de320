import { describe, expect, it } from 'vitest'
import { ageChoices, ageOptionLabel, sortAgeRanges } from './age-ranges'

describe('age ranges', () => {
  it('puts the youngest first, by the leading number, and words last', () => {
    expect(sortAgeRanges(['13+', '3-5', 'All Ages', '8-12', '4-7', '6-9'])).toEqual([
      '3-5',
      '4-7',
      '6-9',
      '8-12',
      '13+',
      'All Ages',
    ])
  })

  it('reads each choice as ages, and never offers the stored all-ages value twice', () => {
    expect(ageOptionLabel('6-9')).toBe('Ages 6-9')
    expect(ageOptionLabel('13+')).toBe('Ages 13+')
    expect(ageOptionLabel('Ages 4-7')).toBe('Ages 4-7')
    expect(ageOptionLabel('toddlers')).toBe('toddlers')
    expect(ageChoices(['13+', 'All Ages', '3-5', 'all ages'])).toEqual(['3-5', '13+'])
  })
})
