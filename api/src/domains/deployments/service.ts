import type { RemoteDeployment } from '@lamplight/contracts'
import { REMOTE_NAMES, type RemoteName } from '@lamplight/routes'
import { and, desc, eq, isNull, max, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  remoteActivations,
  remoteCanaryEvents,
  remoteDeployments,
  remoteReleases,
  user,
} from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { recordAudit } from '../../services/audit'
import { DEFAULT_CANARY_THRESHOLDS, healthOf, releaseHealth } from './health'
import type { ManifestChecker } from './manifest-check'

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
  const activator = alias(user, 'activator')
  const registrar = alias(user, 'registrar')
  const [pointer] = await db
    .select({
      releaseId: remoteDeployments.releaseId,
      activationId: remoteDeployments.activationId,
      activatedAt: remoteDeployments.activatedAt,
      version: remoteReleases.version,
      manifestUrl: remoteReleases.manifestUrl,
      activatedBy: activator.email,
    })
    .from(remoteDeployments)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remoteDeployments.releaseId))
    .innerJoin(remoteActivations, eq(remoteActivations.id, remoteDeployments.activationId))
    .leftJoin(activator, eq(activator.id, remoteActivations.activatedBy))
    .where(eq(remoteDeployments.remote, remote))

  const lastActivations = db
    .select({ releaseId: remoteActivations.releaseId, at: max(remoteActivations.activatedAt).as('at') })
    .from(remoteActivations)
    .where(eq(remoteActivations.remote, remote))
    .groupBy(remoteActivations.releaseId)
    .as('last_activations')
  const releases = await db
    .select({
      id: remoteReleases.id,
      version: remoteReleases.version,
      manifestUrl: remoteReleases.manifestUrl,
      registeredBy: registrar.email,
      registeredAt: remoteReleases.registeredAt,
      lastActivatedAt: lastActivations.at,
    })
    .from(remoteReleases)
    .leftJoin(registrar, eq(registrar.id, remoteReleases.registeredBy))
    .leftJoin(lastActivations, eq(lastActivations.releaseId, remoteReleases.id))
    .where(eq(remoteReleases.remote, remote))
    .orderBy(desc(remoteReleases.registeredAt))

  const history = await db
    .select({
      version: remoteReleases.version,
      kind: remoteActivations.kind,
      activatedBy: activator.email,
      activatedAt: remoteActivations.activatedAt,
      rolledBackAt: remoteActivations.rolledBackAt,
    })
    .from(remoteActivations)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remoteActivations.releaseId))
    .leftJoin(activator, eq(activator.id, remoteActivations.activatedBy))
    .where(eq(remoteActivations.remote, remote))
    .orderBy(desc(remoteActivations.activatedAt))
    .limit(HISTORY_SHOWN)

  const target = pointer ? await rollbackTarget(db, remote, pointer) : null
  const canaryRelease = alias(remoteReleases, 'canary_release')
  const starter = alias(user, 'starter')
  const [canary] = pointer
    ? await db
        .select({
          releaseId: remoteDeployments.canaryReleaseId,
          version: canaryRelease.version,
          share: remoteDeployments.canaryShare,
          startedAt: remoteDeployments.canaryStartedAt,
          startedBy: starter.email,
        })
        .from(remoteDeployments)
        .innerJoin(canaryRelease, eq(canaryRelease.id, remoteDeployments.canaryReleaseId))
        .leftJoin(starter, eq(starter.id, remoteDeployments.canaryStartedBy))
        .where(eq(remoteDeployments.remote, remote))
    : []
  const eventRelease = alias(remoteReleases, 'event_release')
  const actor = alias(user, 'canary_actor')
  const canaryHistory = await db
    .select({
      version: eventRelease.version,
      kind: remoteCanaryEvents.kind,
      share: remoteCanaryEvents.share,
      actor: actor.email,
      reason: remoteCanaryEvents.reason,
      at: remoteCanaryEvents.at,
    })
    .from(remoteCanaryEvents)
    .innerJoin(eventRelease, eq(eventRelease.id, remoteCanaryEvents.releaseId))
    .leftJoin(actor, eq(actor.id, remoteCanaryEvents.actorId))
    .where(eq(remoteCanaryEvents.remote, remote))
    .orderBy(desc(remoteCanaryEvents.at))
    .limit(HISTORY_SHOWN)
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
          activatedAt: pointer.activatedAt,
          activatedBy: pointer.activatedBy ?? null,
        }
      : null,
    override: overrides[remote] ?? null,
    rollbackTo: target?.version ?? null,
    releases: releases.map(({ id, lastActivatedAt, ...r }) => ({
      ...r,
      registeredBy: r.registeredBy ?? null,
      lastActivatedAt: lastActivatedAt ? new Date(lastActivatedAt) : null,
      active: id === pointer?.releaseId,
    })),
    history: history.map((h) => ({ ...h, activatedBy: h.activatedBy ?? null })),
    canary:
      canary?.share && canary.startedAt
        ? {
            version: canary.version,
            share: canary.share,
            startedAt: canary.startedAt,
            startedBy: canary.startedBy ?? null,
          }
        : null,
    health: { active: activeHealth, canary: canaryHealth },
    canaryHistory: canaryHistory.map((e) => ({ ...e, actor: e.actor ?? null })),
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
  const live = await db
    .select({
      activationId: remoteActivations.id,
      releaseId: remoteActivations.releaseId,
      version: remoteReleases.version,
      manifestUrl: remoteReleases.manifestUrl,
    })
    .from(remoteActivations)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remoteActivations.releaseId))
    .where(and(eq(remoteActivations.remote, remote), isNull(remoteActivations.rolledBackAt)))
    .orderBy(desc(remoteActivations.activatedAt))
  return (
    live.find((a) => a.activationId !== pointer.activationId && a.releaseId !== pointer.releaseId) ?? null
  )
}

async function findRelease(db: Db | Tx, remote: RemoteName, version: string) {
  const [release] = await db
    .select()
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)))
  return release ?? null
}

/** Registers a release without activating it. The same version and URL again is a no-op; another URL is a 409. */
export async function registerRelease(
  db: Db,
  args: { remote: RemoteName; version: string; manifestUrl: string; actorId: string },
) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(remoteReleases)
      .values({
        remote: args.remote,
        version: args.version,
        manifestUrl: args.manifestUrl,
        registeredBy: args.actorId,
      })
      .onConflictDoNothing({ target: [remoteReleases.remote, remoteReleases.version] })
      .returning()
    const release = inserted[0]
    if (!release) {
      const existing = await findRelease(tx, args.remote, args.version)
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

/** Locks the remote's pointer row for the rest of the transaction (concurrent switches queue). */
async function lockPointer(tx: Tx, remote: RemoteName) {
  const [pointer] = await tx
    .select({
      releaseId: remoteDeployments.releaseId,
      activationId: remoteDeployments.activationId,
      version: remoteReleases.version,
      manifestUrl: remoteReleases.manifestUrl,
      canaryReleaseId: remoteDeployments.canaryReleaseId,
      canaryShare: remoteDeployments.canaryShare,
    })
    .from(remoteDeployments)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remoteDeployments.releaseId))
    .where(eq(remoteDeployments.remote, remote))
    .for('update', { of: remoteDeployments })
  return pointer ?? null
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
  const [activation] = await tx
    .insert(remoteActivations)
    .values({
      remote: args.remote,
      releaseId: args.release.id,
      kind: args.kind,
      activatedBy: args.actorId,
      // The time of the switch, taken after the pointer's lock: now() would be the
      // transaction's start, and a switch that waited for the lock would sort before the
      // one it followed.
      activatedAt: sql`clock_timestamp()`,
    })
    .returning()
  if (!activation) throw new Error('could not record the activation')
  await tx
    .insert(remoteDeployments)
    .values({
      remote: args.remote,
      releaseId: args.release.id,
      activationId: activation.id,
      activatedAt: activation.activatedAt,
    })
    .onConflictDoUpdate({
      target: remoteDeployments.remote,
      set: { releaseId: args.release.id, activationId: activation.id, activatedAt: activation.activatedAt },
    })
  // A release is never its own canary: switching (or rolling back) to the canary's release ends it.
  await tx
    .update(remoteDeployments)
    .set({ canaryReleaseId: null, canaryShare: null, canaryStartedAt: null, canaryStartedBy: null })
    .where(
      and(eq(remoteDeployments.remote, args.remote), eq(remoteDeployments.canaryReleaseId, args.release.id)),
    )
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
  const release = await findRelease(db, args.remote, args.version)
  if (!release)
    throw notFound(`${args.remote} has no release ${args.version}. Register it first (POST .../releases).`)
  const builtVersion = await checker.check(args.remote, release.version, release.manifestUrl)
  await db.transaction(async (tx) => {
    const pointer = await lockPointer(tx, args.remote)
    if (pointer?.releaseId === release.id)
      throw conflict(`${args.remote} ${args.version} is already the active release.`)
    const promoting = pointer?.canaryReleaseId === release.id
    if (args.expectCanary && !promoting)
      throw conflict(`${args.remote}'s canary changed while promoting it; reload and try again.`)
    if (promoting) {
      // The canary goes to everyone (switchTo ends it, as the active release now).
      await tx.insert(remoteCanaryEvents).values({
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
  const [current] = await db
    .select({ releaseId: remoteDeployments.releaseId, activationId: remoteDeployments.activationId })
    .from(remoteDeployments)
    .where(eq(remoteDeployments.remote, args.remote))
  if (!current) throw nothing()
  const planned = await rollbackTarget(db, args.remote, current)
  if (!planned) throw nothing()
  const builtVersion = await checker.check(args.remote, planned.version, planned.manifestUrl)
  await db.transaction(async (tx) => {
    const pointer = await lockPointer(tx, args.remote)
    if (!pointer) throw nothing()
    // Someone switched while the manifest was checked: roll back from what is live now only if it is the same plan.
    const target = await rollbackTarget(tx, args.remote, pointer)
    if (!target || target.releaseId !== planned.releaseId)
      throw conflict(`${args.remote} changed while rolling back; reload and try again.`)
    await tx
      .update(remoteActivations)
      .set({ rolledBackAt: new Date() })
      .where(eq(remoteActivations.id, pointer.activationId))
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
