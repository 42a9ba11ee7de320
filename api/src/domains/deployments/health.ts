import type { ReleaseHealth } from '@lamplight/contracts'
import type { RemoteName } from '@lamplight/routes'
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  remoteCanaryEvents,
  remoteDeployments,
  remoteReleaseHealth,
  remoteReleases,
  user,
} from '../../db/schema'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'

/**
 * Health per release (issue 38, decision 061). The shell reports, per page load, that a
 * remote's area was shown (a view) and, at most once, that it failed (an error: a load
 * failure, a render error caught by the area's boundary, or an unhandled error from the
 * remote's chunks). Counted per release and minute with one upsert per release. When a
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
 * Counts a beacon's events in this minute's row of each known release (unknown ids are
 * dropped). Returns the ids counted, for the canary check.
 */
export async function countBeacon(db: Db, events: BeaconEvent[]): Promise<string[]> {
  const tally = new Map<string, { views: number; errors: number }>()
  for (const e of events) {
    const t = tally.get(e.release) ?? { views: 0, errors: 0 }
    if (e.kind === 'view') t.views += 1
    else t.errors += 1
    tally.set(e.release, t)
  }
  const known = await db
    .select({ id: remoteReleases.id })
    .from(remoteReleases)
    .where(inArray(remoteReleases.id, [...tally.keys()]))
  const counted: string[] = []
  for (const { id } of known) {
    const t = tally.get(id)
    if (!t) continue
    await db
      .insert(remoteReleaseHealth)
      .values({ releaseId: id, minute: sql`date_trunc('minute', now())`, views: t.views, errors: t.errors })
      .onConflictDoUpdate({
        target: [remoteReleaseHealth.releaseId, remoteReleaseHealth.minute],
        set: {
          views: sql`${remoteReleaseHealth.views} + excluded.views`,
          errors: sql`${remoteReleaseHealth.errors} + excluded.errors`,
        },
      })
    counted.push(id)
  }
  return counted
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
