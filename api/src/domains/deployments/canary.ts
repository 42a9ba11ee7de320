import type { RemoteName } from '@lamplight/routes'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { remoteCanaryEvents, remoteDeployments, remoteReleases } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { recordAudit } from '../../services/audit'
import type { ManifestChecker } from './manifest-check'
import { activateRelease } from './service'

/**
 * Canary releases (issue 38, decision 061): a registered release served to a share of
 * visitors beside the active one. Each visitor has a random id in a cookie (VISITOR_COOKIE);
 * hashed with the canary's release id it gives a bucket 0-99, and the visitor is on the
 * canary when the bucket is below the share. The server decides for both the server render
 * and /remotes.json, from the same cookie, so they always agree; raising the share keeps
 * everyone already on the canary there (their bucket stays below it).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function lockDeployment(tx: Tx, remote: RemoteName) {
  const [row] = await tx
    .select({
      releaseId: remoteDeployments.releaseId,
      canaryReleaseId: remoteDeployments.canaryReleaseId,
      canaryShare: remoteDeployments.canaryShare,
      canaryVersion: remoteReleases.version,
    })
    .from(remoteDeployments)
    .leftJoin(remoteReleases, eq(remoteReleases.id, remoteDeployments.canaryReleaseId))
    .where(eq(remoteDeployments.remote, remote))
    .for('update', { of: remoteDeployments })
  return row ?? null
}

/**
 * Starts a canary of a registered release at `share` %, or changes the share of the running
 * one. The release's manifest is checked as for an activation. Another release's canary
 * running is a 409 (stop or promote it first); the active release cannot be its own canary.
 */
export async function setCanary(
  db: Db,
  checker: Pick<ManifestChecker, 'check'>,
  args: { remote: RemoteName; version: string; share: number; actorId: string },
) {
  const [release] = await db
    .select()
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, args.remote), eq(remoteReleases.version, args.version)))
  if (!release)
    throw notFound(`${args.remote} has no release ${args.version}. Register it first (POST .../releases).`)
  const builtVersion = await checker.check(args.remote, release.version, release.manifestUrl)
  await db.transaction(async (tx) => {
    const current = await lockDeployment(tx, args.remote)
    if (!current) throw conflict(`${args.remote} has no active release yet.`)
    if (current.releaseId === release.id)
      throw conflict(`${args.remote} ${args.version} is the active release; a canary is another release.`)
    if (current.canaryReleaseId && current.canaryReleaseId !== release.id)
      throw conflict(
        `${args.remote} already has ${current.canaryVersion} on canary; promote or stop it before starting another.`,
      )
    const changing = current.canaryReleaseId === release.id
    if (changing && current.canaryShare === args.share)
      throw conflict(`${args.remote} ${args.version} is already on canary at ${args.share} %.`)
    await tx
      .update(remoteDeployments)
      .set(
        changing
          ? { canaryShare: args.share }
          : {
              canaryReleaseId: release.id,
              canaryShare: args.share,
              canaryStartedAt: sql`clock_timestamp()`,
              canaryStartedBy: args.actorId,
            },
      )
      .where(eq(remoteDeployments.remote, args.remote))
    await tx.insert(remoteCanaryEvents).values({
      remote: args.remote,
      releaseId: release.id,
      kind: changing ? 'share_changed' : 'started',
      share: args.share,
      actorId: args.actorId,
    })
    await recordAudit(tx, {
      actorId: args.actorId,
      action: changing ? 'deployment.canary_share_changed' : 'deployment.canary_started',
      entity: 'remote',
      entityId: args.remote,
      before: changing ? { version: args.version, share: current.canaryShare } : null,
      after: { version: args.version, share: args.share },
      data: { builtVersion },
    })
  })
}

/** Stops the running canary by hand: every visitor is on the active release at their next page load. */
export async function stopCanary(db: Db, args: { remote: RemoteName; actorId: string }) {
  await db.transaction(async (tx) => {
    const current = await lockDeployment(tx, args.remote)
    if (!current?.canaryReleaseId) throw conflict(`${args.remote} has no canary running.`)
    await clearCanary(tx, args.remote)
    await tx.insert(remoteCanaryEvents).values({
      remote: args.remote,
      releaseId: current.canaryReleaseId,
      kind: 'stopped',
      share: current.canaryShare,
      actorId: args.actorId,
    })
    await recordAudit(tx, {
      actorId: args.actorId,
      action: 'deployment.canary_stopped',
      entity: 'remote',
      entityId: args.remote,
      before: { version: current.canaryVersion, share: current.canaryShare },
      after: null,
    })
  })
}

/**
 * Promotes the canary: it becomes the active release for everyone (an activation, audited as
 * one, which ends the canary in the same transaction), and the promotion is a canary event.
 */
export async function promoteCanary(
  db: Db,
  checker: Pick<ManifestChecker, 'check'>,
  args: { remote: RemoteName; actorId: string },
) {
  const [current] = await db
    .select({ version: remoteReleases.version, share: remoteDeployments.canaryShare })
    .from(remoteDeployments)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remoteDeployments.canaryReleaseId))
    .where(eq(remoteDeployments.remote, args.remote))
  if (!current) throw conflict(`${args.remote} has no canary running.`)
  await activateRelease(db, checker, {
    remote: args.remote,
    version: current.version,
    actorId: args.actorId,
    expectCanary: true,
  })
}

/** Ends the canary on the (locked) pointer row. */
async function clearCanary(tx: Tx, remote: RemoteName) {
  await tx
    .update(remoteDeployments)
    .set({ canaryReleaseId: null, canaryShare: null, canaryStartedAt: null, canaryStartedBy: null })
    .where(eq(remoteDeployments.remote, remote))
}
