import type { RemoteName } from '@lamplight/routes'
import { and, desc, eq, isNull, max, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from '../../db/client'
import {
  remoteActivations,
  remoteCanaryEvents,
  remoteDeployments,
  remoteReleases,
  user,
} from '../../db/schema'

// Releases', activations' and canaries' data access; service.ts decides when to lock (issue 30).

/** The remote's active release (its pointer), with who activated it; null before the first. */
export async function activePointer(db: DbOrTx, remote: RemoteName) {
  const activator = alias(user, 'activator')
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
  return pointer ?? null
}

/** Every release of the remote, newest first, with when each was last activated. */
export async function releasesOf(db: DbOrTx, remote: RemoteName) {
  const registrar = alias(user, 'registrar')
  const lastActivations = db
    .select({ releaseId: remoteActivations.releaseId, at: max(remoteActivations.activatedAt).as('at') })
    .from(remoteActivations)
    .where(eq(remoteActivations.remote, remote))
    .groupBy(remoteActivations.releaseId)
    .as('last_activations')
  return db
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
}

/** The remote's latest switches, newest first. */
export async function activationHistory(db: DbOrTx, remote: RemoteName, limit: number) {
  const activator = alias(user, 'activator')
  return db
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
    .limit(limit)
}

/** The remote's canary, if one runs (null otherwise). */
export async function canaryOf(db: DbOrTx, remote: RemoteName) {
  const canaryRelease = alias(remoteReleases, 'canary_release')
  const starter = alias(user, 'starter')
  const [canary] = await db
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
  return canary ?? null
}

/** The remote's latest canary events, newest first. */
export async function canaryEvents(db: DbOrTx, remote: RemoteName, limit: number) {
  const eventRelease = alias(remoteReleases, 'event_release')
  const actor = alias(user, 'canary_actor')
  return db
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
    .limit(limit)
}

/** The remote's activations not rolled back, newest first. */
export async function liveActivations(db: DbOrTx, remote: RemoteName) {
  return db
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
}

export async function findRelease(db: DbOrTx, remote: RemoteName, version: string) {
  const [release] = await db
    .select()
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, version)))
  return release ?? null
}

/** A new release; none when the version is registered already (then an empty list). */
export async function insertRelease(db: DbOrTx, values: typeof remoteReleases.$inferInsert) {
  return db
    .insert(remoteReleases)
    .values(values)
    .onConflictDoNothing({ target: [remoteReleases.remote, remoteReleases.version] })
    .returning()
}

/** Locks the remote's pointer row for the rest of the transaction (concurrent switches queue). */
export async function lockPointer(tx: DbOrTx, remote: RemoteName) {
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

/** The remote's current release and activation, unlocked (null before the first). */
export async function currentPointer(db: DbOrTx, remote: RemoteName) {
  const [current] = await db
    .select({ releaseId: remoteDeployments.releaseId, activationId: remoteDeployments.activationId })
    .from(remoteDeployments)
    .where(eq(remoteDeployments.remote, remote))
  return current ?? null
}

/**
 * Records a switch. Its time is the statement's clock, taken after the pointer's lock: now()
 * would be the transaction's start, and a switch that waited for the lock would sort before
 * the one it followed.
 */
export async function insertActivation(
  db: DbOrTx,
  values: Omit<typeof remoteActivations.$inferInsert, 'activatedAt'>,
) {
  const [activation] = await db
    .insert(remoteActivations)
    .values({ ...values, activatedAt: sql`clock_timestamp()` })
    .returning()
  if (!activation) throw new Error('could not record the activation')
  return activation
}

/** Points the remote at a release by one of its activations (creates the pointer the first time). */
export async function pointTo(
  db: DbOrTx,
  remote: RemoteName,
  releaseId: string,
  activation: { id: string; activatedAt: Date },
) {
  await db
    .insert(remoteDeployments)
    .values({ remote, releaseId, activationId: activation.id, activatedAt: activation.activatedAt })
    .onConflictDoUpdate({
      target: remoteDeployments.remote,
      set: { releaseId, activationId: activation.id, activatedAt: activation.activatedAt },
    })
}

/** Ends the remote's canary if it is this release. */
export async function endCanaryOf(db: DbOrTx, remote: RemoteName, releaseId: string) {
  await db
    .update(remoteDeployments)
    .set({ canaryReleaseId: null, canaryShare: null, canaryStartedAt: null, canaryStartedBy: null })
    .where(and(eq(remoteDeployments.remote, remote), eq(remoteDeployments.canaryReleaseId, releaseId)))
}

export async function insertCanaryEvent(db: DbOrTx, values: typeof remoteCanaryEvents.$inferInsert) {
  await db.insert(remoteCanaryEvents).values(values)
}

export async function markRolledBack(db: DbOrTx, activationId: string) {
  await db
    .update(remoteActivations)
    .set({ rolledBackAt: new Date() })
    .where(eq(remoteActivations.id, activationId))
}
