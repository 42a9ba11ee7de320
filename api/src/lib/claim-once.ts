import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { claims } from '../db/schema'

/**
 * Work that must happen once however many requests ask at once: a keyed checkout, the
 * opening of a plan page, a refund. Held by the database (the `claims` table), so it holds
 * across requests, replicas and restarts, on PGlite and PostgreSQL alike (decision 041).
 *
 * No transaction is open while the work runs: the work is usually a call to the payment
 * provider, and a row lock or a pooled connection held across a network call stops other
 * requests (decision 023). Instead:
 *
 * 1. Claim: one `insert ... on conflict do nothing`; the request that inserts holds a lease.
 * 2. The holder does the work, outside any transaction, and writes the answer (`complete`),
 *    in its own short transaction if it likes (pass the transaction). The first answer is
 *    kept; a later one is ignored and the first is returned instead.
 * 3. Every other request with the key waits for the answer (reading the row every
 *    `pollMs`), or takes the claim over when its lease ran out (its holder died; an update
 *    on the expired lease, so exactly one takes it) and does the work itself. The work must
 *    therefore be safe to repeat: the provider is asked with an idempotency key derived
 *    from the claim's key. A wait past `waitMs` is a `ClaimBusyError`.
 *
 * A holder that fails gives its lease up, so the client's retry takes over at once.
 */
export type ClaimTiming = { leaseMs: number; waitMs: number; pollMs: number }

export const DEFAULT_CLAIM_TIMING: ClaimTiming = {
  // Longer than a provider call may legitimately take (Stripe's client: a 15 s timeout, tried
  // three times). Taking a live claim over too early costs a repeated idempotent call only.
  leaseMs: 60_000,
  // A provider call usually takes well under a second: past this, answer "try again".
  waitMs: 5_000,
  pollMs: 100,
}

export type ClaimRef = {
  scope: string
  key: string
  token: string
  /** Set by `completeClaim`: whether this holder's answer is the one kept. */
  won?: boolean
}

export type ClaimAttempt<R> =
  | { state: 'claimed'; claim: ClaimRef }
  | { state: 'done'; result: R }
  | { state: 'busy' }

/** Another request holds the key and did not finish within the wait. */
export class ClaimBusyError extends Error {
  constructor(
    readonly scope: string,
    readonly key: string,
  ) {
    super(`claim ${scope}/${key} is held by another request`)
  }
}

/** The key was claimed before for other work (another request body under one idempotency key). */
export class ClaimMismatchError extends Error {
  constructor(
    readonly scope: string,
    readonly key: string,
  ) {
    super(`claim ${scope}/${key} was made for other work`)
  }
}

type Target = { scope: string; key: string; fingerprint?: string | null }

const ofKey = (target: Target) => and(eq(claims.scope, target.scope), eq(claims.key, target.key))
const leaseFromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`

/**
 * One attempt, no waiting: `claimed` (do the work, then `completeClaim`), `done` (someone
 * did it: their answer), or `busy` (someone is doing it now).
 */
export async function tryClaim<R>(
  db: Db,
  target: Target,
  leaseMs = DEFAULT_CLAIM_TIMING.leaseMs,
): Promise<ClaimAttempt<R>> {
  for (;;) {
    const token = randomUUID()
    const [inserted] = await db
      .insert(claims)
      .values({
        scope: target.scope,
        key: target.key,
        fingerprint: target.fingerprint ?? null,
        token,
        leaseExpiresAt: leaseFromNow(leaseMs),
      })
      .onConflictDoNothing()
      .returning({ token: claims.token })
    if (inserted) return { state: 'claimed', claim: { scope: target.scope, key: target.key, token } }
    const [row] = await db
      .select({
        fingerprint: claims.fingerprint,
        result: claims.result,
        expired: sql<boolean>`${claims.leaseExpiresAt} <= now()`,
      })
      .from(claims)
      .where(ofKey(target))
    if (!row) continue // purged meanwhile: claim it afresh
    if ((row.fingerprint ?? null) !== (target.fingerprint ?? null))
      throw new ClaimMismatchError(target.scope, target.key)
    if (row.result !== null) return { state: 'done', result: row.result as R }
    if (!row.expired) return { state: 'busy' }
    const [taken] = await db
      .update(claims)
      .set({ token, leaseExpiresAt: leaseFromNow(leaseMs) })
      .where(and(ofKey(target), isNull(claims.result), sql`${claims.leaseExpiresAt} <= now()`))
      .returning({ token: claims.token })
    if (taken) return { state: 'claimed', claim: { scope: target.scope, key: target.key, token } }
    // Another request took it over first, or finished: look again.
  }
}

/**
 * Writes the work's answer, once: answers the answer kept, which is `result` unless another
 * holder (one that took an expired lease over) answered first. Pass a transaction to write
 * it together with the work's own rows.
 */
export async function completeClaim<R>(db: Db, claim: ClaimRef, result: R): Promise<R> {
  const [written] = await db
    .update(claims)
    .set({ result: result as unknown, completedAt: sql`now()` })
    .where(and(ofKey(claim), isNull(claims.result)))
    .returning({ result: claims.result })
  claim.won = !!written
  if (written) return written.result as R
  const [kept] = await db.select({ result: claims.result }).from(claims).where(ofKey(claim))
  return (kept?.result ?? result) as R
}

/**
 * The answer of a claim, its row locked until the caller's transaction ends (null: not
 * answered yet), so a holder writing its work and answer together sees a completer that
 * took the claim over and answered first.
 */
export async function lockClaimResult(db: Db, target: Target): Promise<unknown> {
  const [current] = await db.select({ result: claims.result }).from(claims).where(ofKey(target)).for('update')
  return current?.result ?? null
}

/** Gives the lease up (the work failed), so a retry takes over now rather than after the lease. */
export async function releaseClaim(db: Db, claim: ClaimRef): Promise<void> {
  await db
    .update(claims)
    .set({ leaseExpiresAt: sql`now()` })
    .where(and(ofKey(claim), eq(claims.token, claim.token), isNull(claims.result)))
}

/**
 * Runs `work` once per (scope, key) and answers its result to every caller; `first` is true
 * for the caller whose work's answer was kept. `work` may write the answer itself inside its
 * own transaction (`completeClaim(tx, claim, result)`); otherwise it is written after.
 */
export async function runOnce<R>(
  db: Db,
  target: Target,
  work: (claim: ClaimRef) => Promise<R>,
  timing: ClaimTiming = DEFAULT_CLAIM_TIMING,
): Promise<{ result: R; first: boolean }> {
  const deadline = Date.now() + timing.waitMs
  for (;;) {
    const attempt = await tryClaim<R>(db, target, timing.leaseMs)
    if (attempt.state === 'done') return { result: attempt.result, first: false }
    if (attempt.state === 'claimed') {
      let result: R
      try {
        result = await work(attempt.claim)
      } catch (err) {
        // If the database is what failed, this fails too, and the lease runs out by itself.
        await releaseClaim(db, attempt.claim).catch(() => {})
        throw err
      }
      if (attempt.claim.won !== undefined) {
        // The work wrote its answer in its own transaction: that write said who won.
        if (attempt.claim.won) return { result, first: true }
        const [kept] = await db.select({ result: claims.result }).from(claims).where(ofKey(target))
        return { result: (kept?.result ?? result) as R, first: false }
      }
      const kept = await completeClaim(db, attempt.claim, result)
      return { result: kept, first: attempt.claim.won === true }
    }
    if (Date.now() >= deadline) throw new ClaimBusyError(target.scope, target.key)
    await new Promise((resolve) => setTimeout(resolve, timing.pollMs))
  }
}

/** Deletes a scope's claims older than `hours`, answered or not; answers how many. */
export async function purgeClaims(db: Db, scope: string, hours: number): Promise<number> {
  const gone = await db
    .delete(claims)
    .where(and(eq(claims.scope, scope), lt(claims.createdAt, sql`now() - make_interval(hours => ${hours})`)))
    .returning({ key: claims.key })
  return gone.length
}
