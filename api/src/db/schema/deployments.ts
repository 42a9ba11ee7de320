import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, userRef, uuidRef } from './columns'

/** How a release became active: registered at first start, switched to by an admin, or rolled back to. */
export const ACTIVATION_KINDS = ['default', 'activate', 'rollback'] as const

// The remote registry (decision 012). A release is one build of one remote, wherever it is
// hosted (under /apps/<remote>/<version>/ on this server, or on a CDN); a version is
// registered once and never changes.
export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: id(),
    remote: text().notNull(),
    version: text().notNull(),
    manifestUrl: text().notNull(),
    // Null for the releases the server registers itself (the builds it serves by default).
    registeredBy: userRef('set null'),
    registeredAt: timestamptzNow(),
  },
  (t) => [uniqueIndex('remote_releases_remote_version_idx').on(t.remote, t.version)],
)

// Every switch, newest last: what went live when and who did it. A rollback marks the
// activation it undid (rolled_back_at), so a second rollback goes one further back.
export const remoteActivations = pgTable(
  'remote_activations',
  {
    id: id(),
    remote: text().notNull(),
    releaseId: uuidRef(() => remoteReleases.id, 'restrict').notNull(),
    kind: text({ enum: ACTIVATION_KINDS }).notNull(),
    activatedBy: userRef('set null'),
    activatedAt: timestamptzNow(),
    rolledBackAt: timestamptz(),
  },
  (t) => [
    check('remote_activations_kind_check', sql`${t.kind} in ('default', 'activate', 'rollback')`),
    index('remote_activations_remote_idx').on(t.remote, t.activatedAt),
  ],
)

// The active pointer: one row per remote. Switches lock it (select ... for update), so two
// admins switching at once apply one after the other.
export const remoteDeployments = pgTable(
  'remote_deployments',
  {
    remote: text().primaryKey(),
    releaseId: uuidRef(() => remoteReleases.id, 'restrict').notNull(),
    activationId: uuidRef(() => remoteActivations.id, 'restrict').notNull(),
    activatedAt: timestamptz().notNull(),
    // A canary (issue 38, decision 061): another release for a share of visitors (1-100 %),
    // chosen per visitor by a hash of their visitor id and the release id. Null: none.
    canaryReleaseId: uuidRef(() => remoteReleases.id, 'restrict'),
    canaryShare: integer(),
    canaryStartedAt: timestamptz(),
    canaryStartedBy: userRef('set null'),
  },
  (t) => [
    check(
      'remote_deployments_canary_check',
      sql`(${t.canaryReleaseId} is null and ${t.canaryShare} is null) or (${t.canaryReleaseId} is not null and ${t.canaryShare} between 1 and 100 and ${t.canaryStartedAt} is not null)`,
    ),
  ],
)

/** What happened to a canary: started, its share changed, promoted to all, stopped by an admin or by the health check. */
export const CANARY_EVENT_KINDS = ['started', 'share_changed', 'promoted', 'stopped', 'auto_stopped'] as const

export const remoteCanaryEvents = pgTable(
  'remote_canary_events',
  {
    id: id(),
    remote: text().notNull(),
    releaseId: uuidRef(() => remoteReleases.id, 'restrict').notNull(),
    kind: text({ enum: CANARY_EVENT_KINDS }).notNull(),
    share: integer(),
    // Null: the server did it (the automatic stop).
    actorId: userRef('set null'),
    reason: text(),
    at: timestamptzNow(),
  },
  (t) => [
    check(
      'remote_canary_events_kind_check',
      sql`${t.kind} in ('started', 'share_changed', 'promoted', 'stopped', 'auto_stopped')`,
    ),
    index('remote_canary_events_remote_idx').on(t.remote, t.at),
  ],
)

// Health per release and per minute (the beacon, issue 38): page views of the release's area
// and the errors it reported. One row per release per minute, counted with an upsert.
export const remoteReleaseHealth = pgTable(
  'remote_release_health',
  {
    releaseId: uuidRef(() => remoteReleases.id, 'cascade').notNull(),
    minute: timestamptz().notNull(),
    views: integer().notNull().default(0),
    errors: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.minute] })],
)

// Who the beacon counted this hour (decision 076): one row per release, hour and visitor, so a
// visitor's area is one view an hour and at most one error however many pages and beacons they
// send, and the client network (hashed) bounds how many visitors and errors one client adds.
// Only the current hour is needed: older rows are deleted now and then.
export const remoteReleaseVisitors = pgTable(
  'remote_release_visitors',
  {
    releaseId: uuidRef(() => remoteReleases.id, 'cascade').notNull(),
    hour: timestamptz().notNull(),
    // A hash of the visitor's id with the release's (never the id: it is not linked across releases).
    visitor: text().notNull(),
    // A hash of the client network of the visitor's first beacon this hour (never the address).
    network: text().notNull(),
    errored: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.hour, t.visitor] }),
    index('remote_release_visitors_network_idx').on(t.releaseId, t.hour, t.network),
  ],
)
