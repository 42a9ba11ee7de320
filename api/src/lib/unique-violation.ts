/** Whether a driver error (PGlite or postgres.js, possibly wrapped by Drizzle) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let e: unknown = error
  for (let i = 0; i < 4 && e; i++) {
    const rec = e as { code?: string; constraint?: string; constraint_name?: string; message?: string }
    if (
      rec.code === '23505' &&
      (rec.constraint ?? rec.constraint_name ?? rec.message ?? '').includes(constraint)
    )
      return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
