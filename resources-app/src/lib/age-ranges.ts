import { isAllAges, parseAgeRange } from '@lamplight/contracts'

/**
 * The age filter's choices, youngest first ("3-5" before "13+"), with anything that does
 * not start with an age after them in their own order.
 */
export function sortAgeRanges(ages: readonly string[]): string[] {
  const lead = (age: string) => {
    const match = /^\s*(\d+)/.exec(age)
    return match ? Number(match[1]) : Number.POSITIVE_INFINITY
  }
  return [...ages].sort((a, b) => lead(a) - lead(b) || a.localeCompare(b))
}

/**
 * What an age range reads as in the filter: "Ages 4-7". The filter means "suitable for"
 * (docs/decisions/011-age-filter-means-suitable-for.md); "All Ages" is its first choice.
 */
export function ageOptionLabel(age: string): string {
  return parseAgeRange(age)?.kind === 'span' ? `Ages ${age.trim().replace(/^ages?\s+/i, '')}` : age
}

/** The choices the filter offers: the stored all-ages value is not one (All Ages already is). */
export function ageChoices(ages: readonly string[]): string[] {
  return sortAgeRanges(ages.filter((age) => !isAllAges(age)))
}
