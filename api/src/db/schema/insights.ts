import { sql } from 'drizzle-orm'
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/**
 * What the shop counts for the admin's Insights that no other table keeps (issue 37), per
 * UTC day, kind and key: no user, address or session, only a count. Bumped by the write
 * that the event is part of (one upsert), so a day's count is read as one row and a year
 * of a million downloads is a few thousand rows (decision 044).
 *
 * - `download`: a counted download (the same transaction as `resources.downloads`), key the resource id;
 * - `search_empty`: a library search that found nothing, key the normalised words;
 * - `checkout_started`: a checkout form sent and accepted, key the product id.
 *
 * Retention: `search_empty` rows are deleted after 400 days (the words are what a visitor
 * typed); the other kinds are counts of our own ids and are kept.
 */
export const INSIGHT_COUNT_KINDS = ['download', 'search_empty', 'checkout_started'] as const
export type InsightCountKind = (typeof INSIGHT_COUNT_KINDS)[number]

export const insightDailyCounts = pgTable(
  'insight_daily_counts',
  {
    kind: text({ enum: INSIGHT_COUNT_KINDS }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    key: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    // (kind, day, key): every Insights read is one kind over a range of days.
    primaryKey({ columns: [t.kind, t.day, t.key], name: 'insight_daily_counts_pkey' }),
    check(
      'insight_daily_counts_kind_check',
      sql`${t.kind} in ('download', 'search_empty', 'checkout_started')`,
    ),
    check('insight_daily_counts_count_check', sql`${t.count} >= 0`),
    check('insight_daily_counts_key_check', sql`length(${t.key}) between 1 and 200`),
  ],
)
