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
 * What an age range reads as in the filter. The first choice, "All Ages", means no
 * filter; resources marked as suitable for every age must not read the same.
 */
export function ageOptionLabel(age: string): string {
  return /^\s*all\s+ages?\s*$/i.test(age) ? 'Suitable for all ages' : age
}
