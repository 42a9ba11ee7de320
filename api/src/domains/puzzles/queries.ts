import type { PortalFragment } from '@lamplight/contracts'
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Db, DbOrTx } from '../../db/client'
import {
  portalCodes,
  portalUnlocks,
  products,
  puzzleContent,
  scrollFragments,
  scrollProgress,
  userProgress,
} from '../../db/schema'
import { hashCode, looksLikeBoxCode, normalizeCode } from './codes'

// The step puzzle's and the portal's data access (issue 30; see the README's "How we build").

export type Product = { id: string; slug: string; name: string }

// ---------------------------------------------------------------- the step puzzle

export async function activeSteps(db: DbOrTx, productId: string) {
  return db
    .select()
    .from(puzzleContent)
    .where(and(eq(puzzleContent.productId, productId), eq(puzzleContent.isActive, true)))
    .orderBy(asc(puzzleContent.position), asc(puzzleContent.stepNumber))
}

/** The progress record, created at step 1 on first sight (spec, section 4). */
export async function ensureProgress(db: DbOrTx, userId: string, productId: string, firstStep: number) {
  await db
    .insert(userProgress)
    .values({ userId, productId, currentStep: firstStep })
    .onConflictDoNothing({ target: [userProgress.userId, userProgress.productId] })
}

const progressOf = (userId: string, productId: string) =>
  and(eq(userProgress.userId, userId), eq(userProgress.productId, productId))

/** A user's progress on a product; `lock` holds the row until the caller's transaction ends. */
export async function findProgress(db: DbOrTx, userId: string, productId: string, { lock = false } = {}) {
  const query = db.select().from(userProgress).where(progressOf(userId, productId))
  const [row] = await (lock ? query.for('update') : query)
  return row ?? null
}

/** One more wrong answer counted against a step (the admin's "hardest step" figure). */
export async function countWrongAnswer(db: DbOrTx, stepId: string) {
  await db
    .update(puzzleContent)
    .set({ wrongAnswers: sql`${puzzleContent.wrongAnswers} + 1` })
    .where(eq(puzzleContent.id, stepId))
}

export async function updateProgress(
  db: DbOrTx,
  userId: string,
  productId: string,
  set: PgUpdateSetSource<typeof userProgress>,
) {
  await db.update(userProgress).set(set).where(progressOf(userId, productId))
}

/** Deletes a user's progress on a product, answering what it held (for the audit). */
export async function deleteProgress(db: DbOrTx, userId: string, productId: string) {
  const [removed] = await db
    .delete(userProgress)
    .where(progressOf(userId, productId))
    .returning({ currentStep: userProgress.currentStep, completedSteps: userProgress.completedSteps })
  return removed ?? null
}

// ---------------------------------------------------------------- the scroll portal

export type FoundCode = {
  id: string
  productId: string
  shared: boolean
  redeemedAt: Date | null
  redeemedBy: string | null
}

const codeColumns = {
  id: portalCodes.id,
  productId: portalCodes.productId,
  code: portalCodes.code,
  redeemedAt: portalCodes.redeemedAt,
  redeemedBy: portalCodes.redeemedBy,
}

/**
 * An active code as typed: the shared code compared trimmed and in upper case (as stored),
 * a per-box code by the hash of its normalised form (decision 047).
 */
export async function findActiveCode(db: Db, typed: string): Promise<FoundCode | null> {
  const shared = typed.trim().toUpperCase()
  const normalized = normalizeCode(typed)
  const [row] = await db
    .select(codeColumns)
    .from(portalCodes)
    .where(
      and(
        eq(portalCodes.isActive, true),
        looksLikeBoxCode(normalized)
          ? or(eq(portalCodes.code, shared), eq(portalCodes.codeHash, hashCode(normalized)))
          : eq(portalCodes.code, shared),
      ),
    )
    .limit(1)
  return row ? { ...row, shared: row.code !== null } : null
}

export async function codeById(db: Db, id: string): Promise<FoundCode | null> {
  const [row] = await db.select(codeColumns).from(portalCodes).where(eq(portalCodes.id, id))
  return row ? { ...row, shared: row.code !== null } : null
}

/**
 * Claims a per-box code for whoever entered it, exactly once, in one conditional update
 * (so of fifty accounts entering it at once one wins). Typed, it takes a code nobody has
 * entered (or this account itself); a visitor pass brought to sign-in takes a code that
 * no account holds, which is how a visitor's unlock becomes their account's. The shared
 * code is never claimed.
 */
export async function claimCode(
  db: DbOrTx,
  codeId: string,
  userId: string | null,
  via: 'typed' | 'pass' = 'typed',
): Promise<boolean> {
  const claimed = await db
    .update(portalCodes)
    .set(
      userId
        ? { redeemedBy: userId, redeemedAt: sql`coalesce(${portalCodes.redeemedAt}, now())` }
        : { redeemedAt: sql`now()` },
    )
    .where(
      and(
        eq(portalCodes.id, codeId),
        eq(portalCodes.isActive, true),
        isNull(portalCodes.code),
        !userId
          ? isNull(portalCodes.redeemedAt)
          : via === 'pass'
            ? or(isNull(portalCodes.redeemedBy), eq(portalCodes.redeemedBy, userId))
            : or(isNull(portalCodes.redeemedAt), eq(portalCodes.redeemedBy, userId)),
      ),
    )
    .returning({ id: portalCodes.id })
  return claimed.length === 1
}

/**
 * Whether a visitor pass still opens its portal: its code is active, and (a per-box code)
 * held by no account, or by this one.
 */
export async function isActiveCode(
  db: Db,
  codeId: string,
  productId: string,
  userId: string | null = null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: portalCodes.id })
    .from(portalCodes)
    .where(
      and(
        eq(portalCodes.id, codeId),
        eq(portalCodes.productId, productId),
        eq(portalCodes.isActive, true),
        or(
          sql`${portalCodes.code} is not null`,
          isNull(portalCodes.redeemedBy),
          userId ? eq(portalCodes.redeemedBy, userId) : sql`false`,
        ),
      ),
    )
    .limit(1)
  return !!row
}

export async function recordUnlock(db: Db, userId: string, productId: string, codeId: string | null) {
  await db
    .insert(portalUnlocks)
    .values({ userId, productId, codeId })
    .onConflictDoNothing({ target: [portalUnlocks.userId, portalUnlocks.productId] })
}

/** Whether this user opened the portal of this product. */
export async function hasUnlocked(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: portalUnlocks.productId })
    .from(portalUnlocks)
    .where(and(eq(portalUnlocks.userId, userId), eq(portalUnlocks.productId, productId)))
  return !!row
}

/** The product whose portal this user opened (the first, if several). */
export async function unlockedProductOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ productId: portalUnlocks.productId })
    .from(portalUnlocks)
    .where(eq(portalUnlocks.userId, userId))
    .orderBy(asc(portalUnlocks.unlockedAt))
    .limit(1)
  return row?.productId ?? null
}

export async function productBySlug(db: Db, slug: string): Promise<Product | null> {
  const [row] = await db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.slug, slug))
  return row ?? null
}

export async function productById(db: Db, id: string): Promise<Product | null> {
  const [row] = await db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.id, id))
  return row ?? null
}

/** The fragments of a product with a user's progress: a line only for a solved fragment. */
export async function portalFragments(
  db: Db,
  productId: string,
  userId: string | null,
): Promise<PortalFragment[]> {
  const rows = await db
    .select({
      fragment: scrollFragments,
      hintsRevealed: scrollProgress.hintsRevealed,
      completedAt: scrollProgress.completedAt,
      bonusRevealedAt: scrollProgress.bonusRevealedAt,
    })
    .from(scrollFragments)
    .leftJoin(
      scrollProgress,
      and(
        eq(scrollProgress.fragmentId, scrollFragments.id),
        // A visitor has no server progress: a user id no one has.
        eq(scrollProgress.userId, userId ?? ''),
      ),
    )
    .where(eq(scrollFragments.productId, productId))
    .orderBy(asc(scrollFragments.number))
  return rows.map(({ fragment: f, hintsRevealed, completedAt, bonusRevealedAt }) => {
    const completed = !!completedAt
    const bonusRevealed = completed && !!bonusRevealedAt
    return {
      id: f.id,
      number: f.number,
      instruction: f.instruction,
      hints: f.hints,
      bonusQuestion: f.bonusQuestion,
      hintsRevealed: Math.min(hintsRevealed ?? 0, f.hints.length),
      completed,
      bonusRevealed,
      scrollLine: completed ? f.scrollLine : null,
      bonusAnswer: bonusRevealed ? f.bonusAnswer : null,
    }
  })
}

export async function findFragment(db: Db, fragmentId: string) {
  const [row] = await db.select().from(scrollFragments).where(eq(scrollFragments.id, fragmentId))
  return row ?? null
}

/** Marks a fragment solved (or its bonus answered) for a user; a second time changes nothing. */
export async function recordSolve(
  db: Db,
  userId: string,
  fragmentId: string,
  bonus: boolean,
): Promise<'recorded' | 'not-completed'> {
  const now = new Date()
  if (!bonus) {
    await db
      .insert(scrollProgress)
      .values({ userId, fragmentId, completedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [scrollProgress.userId, scrollProgress.fragmentId],
        set: {
          completedAt: sql`coalesce(${scrollProgress.completedAt}, excluded.completed_at)`,
          updatedAt: now,
        },
      })
    return 'recorded'
  }
  const updated = await db
    .update(scrollProgress)
    .set({
      bonusRevealedAt: sql`coalesce(${scrollProgress.bonusRevealedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(scrollProgress.userId, userId),
        eq(scrollProgress.fragmentId, fragmentId),
        sql`${scrollProgress.completedAt} is not null`,
      ),
    )
    .returning({ fragmentId: scrollProgress.fragmentId })
  return updated.length ? 'recorded' : 'not-completed'
}

export async function isFragmentCompleted(db: Db, userId: string, fragmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ completedAt: scrollProgress.completedAt })
    .from(scrollProgress)
    .where(and(eq(scrollProgress.userId, userId), eq(scrollProgress.fragmentId, fragmentId)))
  return !!row?.completedAt
}

/** One more hint shown, never beyond the fragment's hints; kept at the highest count seen. */
export async function recordHints(db: Db, userId: string, fragmentId: string, count: number | 'next') {
  const fragment = await findFragment(db, fragmentId)
  if (!fragment) return null
  const max = fragment.hints.length
  const next =
    count === 'next'
      ? sql`least(${scrollProgress.hintsRevealed} + 1, ${max})`
      : sql`greatest(${scrollProgress.hintsRevealed}, ${Math.min(count, max)})`
  const [row] = await db
    .insert(scrollProgress)
    .values({ userId, fragmentId, hintsRevealed: count === 'next' ? Math.min(1, max) : Math.min(count, max) })
    .onConflictDoUpdate({
      target: [scrollProgress.userId, scrollProgress.fragmentId],
      set: { hintsRevealed: next, updatedAt: new Date() },
    })
    .returning({ hintsRevealed: scrollProgress.hintsRevealed })
  return row?.hintsRevealed ?? 0
}

/** Deletes all of a user's portal progress, answering how many fragments it held. */
export async function deletePortalProgress(db: DbOrTx, userId: string): Promise<number> {
  const removed = await db
    .delete(scrollProgress)
    .where(eq(scrollProgress.userId, userId))
    .returning({ fragmentId: scrollProgress.fragmentId })
  return removed.length
}
