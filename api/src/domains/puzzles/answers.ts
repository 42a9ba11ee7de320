/**
 * How a typed answer is compared: case, accents, spaces and punctuation never matter, so
 * "  Christian! " and "christian" are the same answer, and so are "Saul of Tarsus" and
 * "saul-of-tarsus". Only letters and digits are kept.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/** Whether `typed` is the answer or one of its accepted spellings. */
export function answerMatches(typed: string, answer: string, accepted: readonly string[] = []): boolean {
  const given = normalizeAnswer(typed)
  if (!given) return false
  return [answer, ...accepted].some((candidate) => normalizeAnswer(candidate) === given)
}
