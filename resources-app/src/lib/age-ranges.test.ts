import { describe, expect, it } from 'vitest'
import { ageOptionLabel, sortAgeRanges } from './age-ranges'

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

  it('keeps a range called "All Ages" apart from the no-filter choice', () => {
    expect(ageOptionLabel('All Ages')).toBe('Suitable for all ages')
    expect(ageOptionLabel('all ages')).toBe('Suitable for all ages')
    expect(ageOptionLabel('6-9')).toBe('6-9')
  })
})
