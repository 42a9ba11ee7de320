import type { RemoteDeployment } from '@lamplight/contracts'
import { REMOTE_NAMES, type RemoteName } from '@lamplight/routes'
import type { Db } from '../../db/client'
import { conflict, notFound } from '../../lib/errors'
import { recordAudit } from '../../services/audit'
import { DEFAULT_CANARY_THRESHOLDS, healthOf, releaseHealth } from './health'
import type { ManifestChecker } from './manifest-check'
import * as q from './queries'

/** Switches shown per remote in the listing. */
export const HISTORY_SHOWN = 20

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Each remote: its active release, every release, the latest switches, and what a rollback would do. */
export async function listDeployments(
  db: Db,
  overrides: Partial<Record<RemoteName, string>>,
  windowViews = DEFAULT_CANARY_THRESHOLDS.windowViews,
): Promise<RemoteDeployment[]> {
  return Promise.all(REMOTE_NAMES.map((remote) => describeRemote(db, remote, overrides, windowViews)))
}

export async function describeRemote(
  db: Db | Tx,
  remote: RemoteName,
  overrides: Partial<Record<RemoteName, string>>,
  windowViews = DEFAULT_CANARY_THRESHOLDS.windowViews,
): Promise<RemoteDeployment> {
  const pointer = await q.activePointer(db, remote)
  const releases = await q.releasesOf(db, remote)
  const history = await q.activationHistory(db, remote, HISTORY_SHOWN)
  const target = pointer ? await rollbackTarget(db, remote, pointer) : null
  const canary = pointer ? await q.canaryOf(db, remote) : null
  const canaryHistory = await q.canaryEvents(db, remote, HISTORY_SHOWN)
  const activeHealth = pointer
    ? healthOf(pointer.version, await releaseHealth(db as Db, pointer.releaseId, windowViews))
    : null
  const canaryHealth =
    canary?.releaseId && canary.startedAt
      ? healthOf(
          canary.version,
          await releaseHealth(db as Db, canary.releaseId, windowViews, canary.startedAt),
        )
      : null
  return {
    remote,
    active: pointer
      ? {
          version: pointer.version,
          manifestUrl: pointer.manifestUrl,
          activatedAt: pointer.activatedAt.toISOString(),
          activatedBy: pointer.activatedBy ?? null,
        }
      : null,
    override: overrides[remote] ?? null,
    rollbackTo: target?.version ?? null,
    releases: releases.map(({ id, lastActivatedAt, ...r }) => ({
      ...r,
      registeredBy: r.registeredBy ?? null,
      registeredAt: r.registeredAt.toISOString(),
      lastActivatedAt: lastActivatedAt ? new Date(lastActivatedAt).toISOString() : null,
      active: id === pointer?.releaseId,
    })),
    history: history.map((h) => ({
      ...h,
      activatedBy: h.activatedBy ?? null,
      activatedAt: h.activatedAt.toISOString(),
      rolledBackAt: h.rolledBackAt?.toISOString() ?? null,
    })),
    canary:
      canary?.share && canary.startedAt
        ? {
            version: canary.version,
            share: canary.share,
            startedAt: canary.startedAt.toISOString(),
            startedBy: canary.startedBy ?? null,
          }
        : null,
    health: { active: activeHealth, canary: canaryHealth },
    canaryHistory: canaryHistory.map((e) => ({ ...e, actor: e.actor ?? null, at: e.at.toISOString() })),
  }
}

/**
 * The release a rollback returns to: the newest activation not itself rolled back, other
 * than the current one, of a different release. Rolling back marks the current activation
 * as rolled back, so a second rollback goes one further back (v3 → v2 → v1), never forth.
 */
async function rollbackTarget(
  db: Db | Tx,
  remote: RemoteName,
  pointer: { releaseId: string; activationId: string },
) {
  const live = await q.liveActivations(db, remote)
  return (
    live.find((a) => a.activationId !== pointer.activationId && a.releaseId !== pointer.releaseId) ?? null
  )
}

/** Registers a release without activating it. The same version and URL again is a no-op; another URL is a 409. */
export async function registerRelease(
  db: Db,
  args: { remote: RemoteName; version: string; manifestUrl: string; actorId: string },
) {
  return db.transaction(async (tx) => {
    const inserted = await q.insertRelease(tx, {
      remote: args.remote,
      version: args.version,
      manifestUrl: args.manifestUrl,
      registeredBy: args.actorId,
    })
    const release = inserted[0]
    if (!release) {
      const existing = await q.findRelease(tx, args.remote, args.version)
      if (existing && existing.manifestUrl === args.manifestUrl) return { created: false }
      throw conflict(
        `${args.remote} ${args.version} is already registered with another manifest URL (${existing?.manifestUrl}); a version never changes, so release under a new version.`,
      )
    }
    await recordAudit(tx, {
      actorId: args.actorId,
      action: 'deployment.release_registered',
      entity: 'remote',
      entityId: args.remote,
      before: null,
      after: { version: release.version, manifestUrl: release.manifestUrl },
    })
    return { created: true }
  })
}

async function switchTo(
  tx: Tx,
  args: {
    remote: RemoteName
    release: { id: string; version: string; manifestUrl: string }
    kind: 'activate' | 'rollback'
    actorId: string
    before: { version: string; manifestUrl: string } | null
    builtVersion: string | null
    /** Set when the release was the canary, promoted to everyone (its share then). */
    promotedFromShare?: number | null
  },
) {
  // The time of the switch is taken after the pointer's lock (see insertActivation).
  const activation = await q.insertActivation(tx, {
    remote: args.remote,
    releaseId: args.release.id,
    kind: args.kind,
    activatedBy: args.actorId,
  })
  await q.pointTo(tx, args.remote, args.release.id, activation)
  // A release is never its own canary: switching (or rolling back) to the canary's release ends it.
  await q.endCanaryOf(tx, args.remote, args.release.id)
  await recordAudit(tx, {
    actorId: args.actorId,
    action:
      args.kind === 'rollback'
        ? 'deployment.rolled_back'
        : args.promotedFromShare !== undefined
          ? 'deployment.canary_promoted'
          : 'deployment.activated',
    entity: 'remote',
    entityId: args.remote,
    before: args.before,
    after: { version: args.release.version, manifestUrl: args.release.manifestUrl },
    data:
      args.promotedFromShare !== undefined
        ? { builtVersion: args.builtVersion, canaryShare: args.promotedFromShare }
        : { builtVersion: args.builtVersion },
  })
}

/**
 * Makes a registered release active, once its manifest passed the shell's contract. The
 * check runs before the transaction (it may wait on the network); the switch itself holds
 * the pointer's lock.
 */
export async function activateRelease(
  db: Db,
  checker: Pick<ManifestChecker, 'check'>,
  args: { remote: RemoteName; version: string; actorId: string; expectCanary?: boolean },
) {
  const release = await q.findRelease(db, args.remote, args.version)
  if (!release)
    throw notFound(`${args.remote} has no release ${args.version}. Register it first (POST .../releases).`)
  const builtVersion = await checker.check(args.remote, release.version, release.manifestUrl)
  await db.transaction(async (tx) => {
    const pointer = await q.lockPointer(tx, args.remote)
    if (pointer?.releaseId === release.id)
      throw conflict(`${args.remote} ${args.version} is already the active release.`)
    const promoting = pointer?.canaryReleaseId === release.id
    if (args.expectCanary && !promoting)
      throw conflict(`${args.remote}'s canary changed while promoting it; reload and try again.`)
    if (promoting) {
      // The canary goes to everyone (switchTo ends it, as the active release now).
      await q.insertCanaryEvent(tx, {
        remote: args.remote,
        releaseId: release.id,
        kind: 'promoted',
        share: 100,
        actorId: args.actorId,
      })
    }
    await switchTo(tx, {
      remote: args.remote,
      release,
      kind: 'activate',
      actorId: args.actorId,
      before: pointer && { version: pointer.version, manifestUrl: pointer.manifestUrl },
      builtVersion,
      // One entry for the promotion: the activation it is, with the share the canary had.
      promotedFromShare: promoting ? (pointer?.canaryShare ?? null) : undefined,
    })
  })
}

/** Returns to the release active before the current one (see rollbackTarget), checked like an activation. */
export async function rollbackRelease(
  db: Db,
  checker: Pick<ManifestChecker, 'check'>,
  args: { remote: RemoteName; actorId: string },
) {
  const nothing = () => conflict(`There is no earlier release of ${args.remote} to roll back to.`)
  const current = await q.currentPointer(db, args.remote)
  if (!current) throw nothing()
  const planned = await rollbackTarget(db, args.remote, current)
  if (!planned) throw nothing()
  const builtVersion = await checker.check(args.remote, planned.version, planned.manifestUrl)
  await db.transaction(async (tx) => {
    const pointer = await q.lockPointer(tx, args.remote)
    if (!pointer) throw nothing()
    // Someone switched while the manifest was checked: roll back from what is live now only if it is the same plan.
    const target = await rollbackTarget(tx, args.remote, pointer)
    if (!target || target.releaseId !== planned.releaseId)
      throw conflict(`${args.remote} changed while rolling back; reload and try again.`)
    await q.markRolledBack(tx, pointer.activationId)
    await switchTo(tx, {
      remote: args.remote,
      release: { id: target.releaseId, version: target.version, manifestUrl: target.manifestUrl },
      kind: 'rollback',
      actorId: args.actorId,
      before: { version: pointer.version, manifestUrl: pointer.manifestUrl },
      builtVersion,
    })
  })
}
