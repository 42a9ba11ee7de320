import { createHash } from 'node:crypto'
import type { ReleaseHealth } from '@lamplight/contracts'
import type { RemoteName } from '@lamplight/routes'
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  remoteCanaryEvents,
  remoteDeployments,
  remoteReleaseHealth,
  remoteReleases,
  remoteReleaseVisitors,
  user,
} from '../../db/schema'
import { clientNetwork } from '../../lib/client-address'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'

/**
 * Health per release (issue 38, decision 061). The shell reports, per page load, that a
 * remote's area was shown (a view) and, at most once, that it failed (an error: a load
 * failure, a render error caught by the area's boundary, or an unhandled error from the
 * remote's chunks). Counted per release and minute, each visitor once an hour, and only for
 * a release the server serves them (decision 076: anyone can send a beacon). When a
 * release is a canary, its error rate over its last `windowViews` views is compared with the
 * active release's over the same number of views; past `margin`, the canary is stopped.
 */

export type CanaryThresholds = {
  /** Views a release's rate is read over (the newest minutes until this many views). */
  windowViews: number
  /** Views the canary needs before it can be judged (fewer: too few to tell). */
  minViews: number
  /** How far (0-1) the canary's error rate may exceed the active release's. */
  margin: number
}

export const DEFAULT_CANARY_THRESHOLDS: CanaryThresholds = { windowViews: 500, minViews: 50, margin: 0.05 }

/** How far back a release's views are read: a quiet shop judges on the last day, not older. */
const LOOKBACK_HOURS = 24

export type BeaconEvent = { release: string; kind: 'view' | 'error' }

/**
 * Who sent a beacon, as far as the server knows (decision 076): the visitor id of their
 * signed cookie, the releases the server serves them now (their /remotes.json: the canary
 * only where their bucket puts them on it), and their client address.
 */
export type BeaconSender = { visitor: string; served: ReadonlySet<string>; address: string | undefined }

/**
 * What one client network can add to one release in an hour: this many visitors (views), of
 * whom this many errors. Real visitors rarely share an address within an hour on one shop;
 * one script with many visitor ids does, and adds no more than a household.
 */
export const VISITORS_PER_NETWORK = 3
export const ERRORS_PER_NETWORK = 1

/** Rows of `remote_release_visitors` older than this are deleted now and then (only the current hour is read). */
const VISITOR_ROWS_KEPT_HOURS = 2

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3600_000) * 3600_000)
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22)

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Counts a beacon's events (decision 076): only for releases the sender is served, and for
 * each, the visitor's first view this hour and at most one error, within what their client
 * network may add. The rows of `remote_release_visitors` say who was counted, so a repeat is
 * nothing new, on any instance; a new view or error is added to this minute's row of
 * `remote_release_health` in the same transaction. Returns the ids of the releases whose
 * numbers changed, for the canary check.
 */
export async function countBeacon(db: Db, sender: BeaconSender, events: BeaconEvent[]): Promise<string[]> {
  const wanted = new Map<string, boolean>()
  for (const e of events)
    if (sender.served.has(e.release))
      wanted.set(e.release, wanted.get(e.release) === true || e.kind === 'error')
  const hour = hourOf(new Date())
  const network = digest(`beacon-network\n${clientNetwork(sender.address)}`)
  const counted: string[] = []
  for (const [releaseId, error] of wanted) {
    const visitor = digest(`beacon-visitor\n${releaseId}\n${sender.visitor}`)
    if (await countVisitor(db, { releaseId, hour, visitor, network, error })) counted.push(releaseId)
  }
  if (counted.length && Math.random() < 0.01)
    await db
      .delete(remoteReleaseVisitors)
      .where(lt(remoteReleaseVisitors.hour, new Date(hour.getTime() - VISITOR_ROWS_KEPT_HOURS * 3600_000)))
  return counted
}

/** Counts one visitor's view (the first this hour) and error (at most one) of one release; true if anything was added. */
async function countVisitor(
  db: Db,
  v: { releaseId: string; hour: Date; visitor: string; network: string; error: boolean },
): Promise<boolean> {
  const seen = await visitorRow(db, v)
  // Counted already, with nothing new to add: the usual case, one read and no write.
  if (seen && (seen.errored || !v.error)) return false
  return db.transaction(async (tx) => {
    // One client network's beacons are counted one after the other: a count, then an insert.
    const network = seen?.network ?? v.network
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`beacon:${v.releaseId}:${network}`}, 0))`,
    )
    const row = await visitorRow(tx, v)
    const [added] = await tx
      .select({
        visitors: sql<number>`count(*)::int`,
        errors: sql<number>`(count(*) filter (where ${remoteReleaseVisitors.errored}))::int`,
      })
      .from(remoteReleaseVisitors)
      .where(
        and(
          eq(remoteReleaseVisitors.releaseId, v.releaseId),
          eq(remoteReleaseVisitors.hour, v.hour),
          eq(remoteReleaseVisitors.network, row?.network ?? network),
        ),
      )
    const roomForError = v.error && (added?.errors ?? 0) < ERRORS_PER_NETWORK
    if (!row) {
      if ((added?.visitors ?? 0) >= VISITORS_PER_NETWORK) return false
      const inserted = await tx
        .insert(remoteReleaseVisitors)
        .values({ releaseId: v.releaseId, hour: v.hour, visitor: v.visitor, network, errored: roomForError })
        // The same visitor from another network at the same moment (under another lock): counted there.
        .onConflictDoNothing()
        .returning({ errored: remoteReleaseVisitors.errored })
      if (inserted.length === 0) return false
      await addToHealth(tx, v.releaseId, 1, roomForError ? 1 : 0)
      return true
    }
    if (row.errored || !roomForError) return false
    const flipped = await tx
      .update(remoteReleaseVisitors)
      .set({ errored: true })
      .where(
        and(
          eq(remoteReleaseVisitors.releaseId, v.releaseId),
          eq(remoteReleaseVisitors.hour, v.hour),
          eq(remoteReleaseVisitors.visitor, v.visitor),
          eq(remoteReleaseVisitors.errored, false),
        ),
      )
      .returning({ errored: remoteReleaseVisitors.errored })
    if (flipped.length === 0) return false
    await addToHealth(tx, v.releaseId, 0, 1)
    return true
  })
}

async function visitorRow(db: Db | Tx, v: { releaseId: string; hour: Date; visitor: string }) {
  const [row] = await db
    .select({ network: remoteReleaseVisitors.network, errored: remoteReleaseVisitors.errored })
    .from(remoteReleaseVisitors)
    .where(
      and(
        eq(remoteReleaseVisitors.releaseId, v.releaseId),
        eq(remoteReleaseVisitors.hour, v.hour),
        eq(remoteReleaseVisitors.visitor, v.visitor),
      ),
    )
  return row ?? null
}

/** Adds to this minute's row of the release's health. */
async function addToHealth(tx: Tx, releaseId: string, views: number, errors: number) {
  await tx
    .insert(remoteReleaseHealth)
    .values({ releaseId, minute: sql`date_trunc('minute', now())`, views, errors })
    .onConflictDoUpdate({
      target: [remoteReleaseHealth.releaseId, remoteReleaseHealth.minute],
      set: {
        views: sql`${remoteReleaseHealth.views} + excluded.views`,
        errors: sql`${remoteReleaseHealth.errors} + excluded.errors`,
      },
    })
}

/** A release's views and errors over its newest minutes, until `windowViews` views (since `since`, if given). */
export async function releaseHealth(
  db: Db,
  releaseId: string,
  windowViews: number,
  since?: Date,
): Promise<{ views: number; errors: number }> {
  const from = new Date(Date.now() - LOOKBACK_HOURS * 3600_000)
  const rows = await db
    .select({ views: remoteReleaseHealth.views, errors: remoteReleaseHealth.errors })
    .from(remoteReleaseHealth)
    .where(
      and(
        eq(remoteReleaseHealth.releaseId, releaseId),
        gte(remoteReleaseHealth.minute, since && since > from ? minuteOf(since) : from),
      ),
    )
    .orderBy(desc(remoteReleaseHealth.minute))
    .limit(LOOKBACK_HOURS * 60)
  let views = 0
  let errors = 0
  for (const row of rows) {
    if (views >= windowViews) break
    views += row.views
    errors += row.errors
  }
  return { views, errors }
}

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000)

export const rateOf = (h: { views: number; errors: number }) =>
  h.views > 0 ? Math.min(1, h.errors / h.views) : null

export function healthOf(version: string, h: { views: number; errors: number }): ReleaseHealth {
  return { version, views: h.views, errors: h.errors, errorRate: rateOf(h) }
}

export type CanaryVerdict =
  | { stop: false; reason: string }
  | {
      stop: true
      reason: string
      canary: { views: number; errors: number }
      active: { views: number; errors: number }
    }

/** Whether the canary's numbers are bad enough to stop it (pure: tested on its own). */
export function judgeCanary(
  canary: { views: number; errors: number },
  active: { views: number; errors: number },
  t: CanaryThresholds,
): CanaryVerdict {
  if (canary.views < t.minViews)
    return { stop: false, reason: `${canary.views} of ${t.minViews} views needed to judge` }
  const canaryRate = rateOf(canary) ?? 0
  const activeRate = rateOf(active) ?? 0
  if (canaryRate <= activeRate + t.margin) return { stop: false, reason: 'within the margin' }
  const pct = (r: number) => `${(r * 100).toFixed(1)} %`
  return {
    stop: true,
    canary,
    active,
    reason: `Its error rate was ${pct(canaryRate)} over ${canary.views} page views, against ${pct(activeRate)} for the active release over ${active.views}: more than the ${pct(t.margin)} margin.`,
  }
}

/**
 * Checks the canaries among `releaseIds` and stops each one whose health says so. The stop
 * is a conditional update (only while that release is still the canary), so with several
 * instances judging at once exactly one stops it, audits it and mails the admins.
 * Returns the remotes whose canary this call stopped.
 */
export async function checkCanaries(
  db: Db,
  mailer: Pick<Mailer, 'send' | 'wake'>,
  releaseIds: string[],
  thresholds: CanaryThresholds,
): Promise<RemoteName[]> {
  if (releaseIds.length === 0) return []
  const canaries = await db
    .select({
      remote: remoteDeployments.remote,
      activeReleaseId: remoteDeployments.releaseId,
      canaryReleaseId: remoteDeployments.canaryReleaseId,
      share: remoteDeployments.canaryShare,
      startedAt: remoteDeployments.canaryStartedAt,
      version: remoteReleases.version,
    })
    .from(remoteDeployments)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remoteDeployments.canaryReleaseId))
    .where(inArray(remoteDeployments.canaryReleaseId, releaseIds))
  const stopped: RemoteName[] = []
  for (const c of canaries) {
    if (!c.canaryReleaseId || !c.startedAt) continue
    const canary = await releaseHealth(db, c.canaryReleaseId, thresholds.windowViews, c.startedAt)
    const active = await releaseHealth(db, c.activeReleaseId, thresholds.windowViews)
    const verdict = judgeCanary(canary, active, thresholds)
    if (!verdict.stop) continue
    const remote = c.remote as RemoteName
    const canaryReleaseId = c.canaryReleaseId
    const won = await db.transaction(async (tx) => {
      const ended = await tx
        .update(remoteDeployments)
        .set({ canaryReleaseId: null, canaryShare: null, canaryStartedAt: null, canaryStartedBy: null })
        .where(
          and(eq(remoteDeployments.remote, remote), eq(remoteDeployments.canaryReleaseId, canaryReleaseId)),
        )
        .returning({ remote: remoteDeployments.remote })
      if (ended.length === 0) return false
      await tx.insert(remoteCanaryEvents).values({
        remote,
        releaseId: canaryReleaseId,
        kind: 'auto_stopped',
        share: c.share,
        actorId: null,
        reason: verdict.reason,
      })
      await recordAudit(tx, {
        actorId: null,
        action: 'deployment.canary_auto_stopped',
        entity: 'remote',
        entityId: remote,
        before: { version: c.version, share: c.share },
        after: null,
        data: { reason: verdict.reason, canary: verdict.canary, active: verdict.active, thresholds },
      })
      const admins = await tx.select({ email: user.email }).from(user).where(eq(user.role, 'admin'))
      for (const admin of admins)
        await mailer.send(
          {
            to: admin.email,
            subject: `Canary stopped: ${remote} ${c.version}`,
            text: [
              `The canary of ${remote} release ${c.version} (${c.share} % of visitors) was stopped automatically.`,
              verdict.reason,
              'Every visitor is back on the active release from their next page load.',
              'See Admin > Deployments for the numbers and the history.',
            ].join('\n\n'),
          },
          { transaction: tx as unknown as Db },
        )
      return true
    })
    if (won) {
      mailer.wake()
      stopped.push(remote)
    }
  }
  return stopped
}
