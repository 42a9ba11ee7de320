import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz, timestamptzNow } from './columns'

/**
 * Work that must happen once, whoever asks and however often: a keyed checkout, the opening
 * of a plan page, a refund (`lib/claim-once.ts`, decision 041). One row per (scope, key): the
 * request that inserts it holds it (a lease, `token` names the holder) while it does the
 * work, outside any transaction; then `result` is written, once, and every later request
 * with the key reads it. A holder that died loses the key when its lease runs out.
 */
export const claims = pgTable(
  'claims',
  {
    scope: text().notNull(),
    key: text().notNull(),
    /** What the key was claimed for (a request's hash): the same key for other work is refused. */
    fingerprint: text(),
    /** The current holder's: only it gives the lease up early. */
    token: uuid().notNull().defaultRandom(),
    leaseExpiresAt: timestamptzNow(),
    /** The work's answer; null while the work is being done. */
    result: jsonb(),
    createdAt: timestamptzNow(),
    completedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    // The purge of a scope's day-old claims.
    index('claims_scope_created_at_idx').on(t.scope, t.createdAt),
  ],
)
