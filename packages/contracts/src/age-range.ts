/**
 * Age ranges as editors type them ("3-5", "13+", "All Ages") and what the library's age
 * filter makes of them. The filter means "suitable for": a resource appears when its range
 * overlaps the chosen one, and resources for all ages always appear (docs/decisions/011-age-filter-means-suitable-for.md).
 */
export type AgeSpan = { kind: 'all' } | { kind: 'span'; min: number; max: number }

const ALL_AGES = /^\s*(for\s+)?(suitable\s+for\s+)?all\s+ages?\s*$/i

export const isAllAges = (text: string): boolean => ALL_AGES.test(text)

/** "3-5", "3 – 5", "Ages 3-5", "13+", "8" → a span; "All Ages" → all; anything else → null. */
export function parseAgeRange(text: string): AgeSpan | null {
  if (isAllAges(text)) return { kind: 'all' }
  const t = text.trim().replace(/^ages?\s+/i, '')
  let m = /^(\d{1,3})\s*[-–—]\s*(\d{1,3})$/.exec(t)
  if (m) {
    const a = Number(m[1])
    const b = Number(m[2])
    return { kind: 'span', min: Math.min(a, b), max: Math.max(a, b) }
  }
  m = /^(\d{1,3})\s*\+$/.exec(t)
  if (m) return { kind: 'span', min: Number(m[1]), max: Number.POSITIVE_INFINITY }
  m = /^(\d{1,3})$/.exec(t)
  if (m) return { kind: 'span', min: Number(m[1]), max: Number(m[1]) }
  return null
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Whether a resource marked `stored` suits the age range a visitor chose. Ranges that
 * cannot be read match only the same text.
 */
export function suitsAge(chosen: string, stored: string): boolean {
  const want = parseAgeRange(chosen)
  const have = parseAgeRange(stored)
  if (!want || !have) return same(chosen, stored)
  if (have.kind === 'all') return true
  if (want.kind === 'all') return false
  return have.min <= want.max && want.min <= have.max
}
