import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** `%text%` for LIKE on a lower-cased column, with the caller's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/**
 * At most `max` characters of a text column, so one enormous value (a 20 MB name) cannot
 * make a list's answer enormous. Lists show the start; the detail screens show more.
 */
export function clipped(column: AnyPgColumn | SQL, max: number): SQL<string> {
  return sql<string>`left(${column}, ${sql.raw(String(Math.trunc(max)))})`
}
