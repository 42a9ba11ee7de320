import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth'

/** How a release became active: registered at first start, switched to by an admin, or rolled back to. */
export const ACTIVATION_KINDS = ['default', 'activate', 'rollback'] as const

// The remote registry (decision 012). A release is one build of one remote, wherever it is
// hosted (under /apps/<remote>/<version>/ on this server, or on a CDN); a version is
// registered once and never changes.
export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: uuid().primaryKey().defaultRandom(),
    remote: text().notNull(),
    version: text().notNull(),
    manifestUrl: text().notNull(),
    // Null for the releases the server registers itself (the builds it serves by default).
    registeredBy: text().references(() => user.id, { onDelete: 'set null' }),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('remote_releases_remote_version_idx').on(t.remote, t.version)],
)

// Every switch, newest last: what went live when and who did it. A rollback marks the
// activation it undid (rolled_back_at), so a second rollback goes one further back.
export const remoteActivations = pgTable(
  'remote_activations',
  {
    id: uuid().primaryKey().defaultRandom(),
    remote: text().notNull(),
    releaseId: uuid()
      .notNull()
      .references(() => remoteReleases.id, { onDelete: 'restrict' }),
    kind: text({ enum: ACTIVATION_KINDS }).notNull(),
    activatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    activatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rolledBackAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('remote_activations_kind_check', sql`${t.kind} in ('default', 'activate', 'rollback')`),
    index('remote_activations_remote_idx').on(t.remote, t.activatedAt),
  ],
)

// The active pointer: one row per remote. Switches lock it (select ... for update), so two
// admins switching at once apply one after the other.
export const remoteDeployments = pgTable('remote_deployments', {
  remote: text().primaryKey(),
  releaseId: uuid()
    .notNull()
    .references(() => remoteReleases.id, { onDelete: 'restrict' }),
  activationId: uuid()
    .notNull()
    .references(() => remoteActivations.id, { onDelete: 'restrict' }),
  activatedAt: timestamp({ withTimezone: true }).notNull(),
})
