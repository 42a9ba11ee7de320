import type { FragmentRow, StepRow } from '@lamplight/contracts'
import { and, asc, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  portalCodes,
  portalUnlocks,
  products,
  puzzleContent,
  scrollFragments,
  scrollProgress,
  user,
  userProgress,
} from '../../db/schema'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

// Data access for the admin's authoring screens (issue 36): no rules, no audit, no errors.

const stepColumns = {
  id: puzzleContent.id,
  step_number: puzzleContent.stepNumber,
  position: puzzleContent.position,
  title: puzzleContent.title,
  content: puzzleContent.content,
  hint: puzzleContent.hint,
  answer: puzzleContent.answer,
  accepted_answers: puzzleContent.acceptedAnswers,
  unlock_message: puzzleContent.unlockMessage,
  is_active: puzzleContent.isActive,
}

const fragmentColumns = {
  id: scrollFragments.id,
  number: scrollFragments.number,
  instruction: scrollFragments.instruction,
  scroll_line: scrollFragments.scrollLine,
  hints: scrollFragments.hints,
  answer: scrollFragments.answer,
  accepted_answers: scrollFragments.acceptedAnswers,
  bonus_question: scrollFragments.bonusQuestion,
  bonus_answer: scrollFragments.bonusAnswer,
  bonus_accepted_answers: scrollFragments.bonusAcceptedAnswers,
}

export async function productRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.id, id))
  return row ?? null
}

/** Every product with the size of its puzzle, portal and codes, by name. */
export async function listPuzzleProducts(db: Db) {
  const n = (q: ReturnType<typeof sql>) => sql<number>`(${q})::int`
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      steps: n(sql`select count(*) from ${puzzleContent} where ${puzzleContent.productId} = ${products.id}`),
      active_steps: n(
        sql`select count(*) from ${puzzleContent} where ${puzzleContent.productId} = ${products.id} and ${puzzleContent.isActive}`,
      ),
      fragments: n(
        sql`select count(*) from ${scrollFragments} where ${scrollFragments.productId} = ${products.id}`,
      ),
      codes: n(sql`select count(*) from ${portalCodes} where ${portalCodes.productId} = ${products.id}`),
      codes_used: n(
        sql`select count(*) from ${portalCodes} where ${portalCodes.productId} = ${products.id} and ${portalCodes.redeemedAt} is not null`,
      ),
      players: n(sql`select count(*) from ${userProgress} where ${userProgress.productId} = ${products.id}`),
    })
    .from(products)
    .orderBy(asc(products.name))
}

export async function stepsOf(db: DbOrTx, productId: string): Promise<StepRow[]> {
  return db
    .select(stepColumns)
    .from(puzzleContent)
    .where(eq(puzzleContent.productId, productId))
    .orderBy(asc(puzzleContent.position), asc(puzzleContent.stepNumber))
}

export async function stepRow(db: DbOrTx, productId: string, id: string): Promise<StepRow | null> {
  const [row] = await db
    .select(stepColumns)
    .from(puzzleContent)
    .where(and(eq(puzzleContent.id, id), eq(puzzleContent.productId, productId)))
  return row ?? null
}

export async function fragmentsOf(db: DbOrTx, productId: string): Promise<FragmentRow[]> {
  return db
    .select(fragmentColumns)
    .from(scrollFragments)
    .where(eq(scrollFragments.productId, productId))
    .orderBy(asc(scrollFragments.number))
}

export async function fragmentRow(db: DbOrTx, productId: string, id: string): Promise<FragmentRow | null> {
  const [row] = await db
    .select(fragmentColumns)
    .from(scrollFragments)
    .where(and(eq(scrollFragments.id, id), eq(scrollFragments.productId, productId)))
  return row ?? null
}

/** The next step number and position of a product (numbers are never reused). */
export async function nextStepSlot(tx: DbOrTx, productId: string) {
  const [row] = await tx
    .select({ number: max(puzzleContent.stepNumber), position: max(puzzleContent.position) })
    .from(puzzleContent)
    .where(eq(puzzleContent.productId, productId))
  return { stepNumber: (row?.number ?? 0) + 1, position: (row?.position ?? 0) + 1 }
}

export async function nextFragmentNumber(tx: DbOrTx, productId: string) {
  const [row] = await tx
    .select({ number: max(scrollFragments.number) })
    .from(scrollFragments)
    .where(eq(scrollFragments.productId, productId))
  return (row?.number ?? 0) + 1
}

/**
 * Serialises the authoring writes of one product (numbering a new step or fragment, a new
 * order): the product row's lock, held to the end of the transaction.
 */
export async function lockProduct(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update')
  return !!row
}

export async function insertStep(tx: DbOrTx, values: typeof puzzleContent.$inferInsert): Promise<StepRow> {
  const [row] = await tx.insert(puzzleContent).values(values).returning(stepColumns)
  return row!
}

export async function updateStepRow(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof puzzleContent.$inferInsert>,
): Promise<StepRow | null> {
  const [row] = await tx
    .update(puzzleContent)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(puzzleContent.id, id))
    .returning(stepColumns)
  return row ?? null
}

export async function insertFragment(
  tx: DbOrTx,
  values: typeof scrollFragments.$inferInsert,
): Promise<FragmentRow> {
  const [row] = await tx.insert(scrollFragments).values(values).returning(fragmentColumns)
  return row!
}

export async function updateFragmentRow(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof scrollFragments.$inferInsert>,
): Promise<FragmentRow | null> {
  const [row] = await tx
    .update(scrollFragments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(scrollFragments.id, id))
    .returning(fragmentColumns)
  return row ?? null
}

export async function findStepById(db: Db, productId: string, id: string) {
  const [row] = await db
    .select()
    .from(puzzleContent)
    .where(and(eq(puzzleContent.id, id), eq(puzzleContent.productId, productId)))
  return row ?? null
}

export async function findFragmentById(db: Db, productId: string, id: string) {
  const [row] = await db
    .select()
    .from(scrollFragments)
    .where(and(eq(scrollFragments.id, id), eq(scrollFragments.productId, productId)))
  return row ?? null
}

// ---------------------------------------------------------------- codes

export async function insertCodes(tx: DbOrTx, rows: (typeof portalCodes.$inferInsert)[]) {
  // A few thousand rows at most; in chunks so no statement carries too many parameters.
  for (let i = 0; i < rows.length; i += 500) await tx.insert(portalCodes).values(rows.slice(i, i + 500))
}

const codeColumns = {
  id: portalCodes.id,
  code: portalCodes.code,
  prefix: portalCodes.codePrefix,
  batch_id: portalCodes.batchId,
  is_active: portalCodes.isActive,
  created_at: portalCodes.createdAt,
  redeemed_at: portalCodes.redeemedAt,
  redeemed_by_email: user.email,
}

type CodeSelect = {
  id: string
  code: string | null
  prefix: string | null
  batch_id: string | null
  is_active: boolean
  created_at: Date
  redeemed_at: Date | null
  redeemed_by_email: string | null
}

/** A row as the console shows it: the shared code as typed, a per-box code by its prefix. */
const shown = ({ code, prefix, ...row }: CodeSelect) => ({
  ...row,
  label: code ?? `${prefix ?? ''}…`,
  shared: code !== null,
})

export async function listCodes(db: Db, productId: string, page: { page: number; page_size: number }) {
  const [rows, [totals]] = await Promise.all([
    db
      .select(codeColumns)
      .from(portalCodes)
      .leftJoin(user, eq(user.id, portalCodes.redeemedBy))
      .where(eq(portalCodes.productId, productId))
      .orderBy(desc(portalCodes.createdAt), asc(portalCodes.codePrefix), asc(portalCodes.id))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    db
      .select({
        total: count(),
        used: sql<number>`(count(*) filter (where ${portalCodes.redeemedAt} is not null))::int`,
      })
      .from(portalCodes)
      .where(eq(portalCodes.productId, productId)),
  ])
  return { data: rows.map(shown), total: totals?.total ?? 0, used: totals?.used ?? 0 }
}

export async function codeRow(db: DbOrTx, productId: string, id: string) {
  const [row] = await db
    .select(codeColumns)
    .from(portalCodes)
    .leftJoin(user, eq(user.id, portalCodes.redeemedBy))
    .where(and(eq(portalCodes.id, id), eq(portalCodes.productId, productId)))
  return row ? shown(row) : null
}

export async function setCodeActiveRow(tx: DbOrTx, id: string, isActive: boolean) {
  await tx.update(portalCodes).set({ isActive }).where(eq(portalCodes.id, id))
}

// ---------------------------------------------------------------- progress

export async function stepProgress(db: Db, productId: string) {
  const [players] = await db
    .select({
      players: count(),
      finished: sql<number>`(count(*) filter (where ${userProgress.completedAt} is not null))::int`,
    })
    .from(userProgress)
    .where(eq(userProgress.productId, productId))
  const steps = await db
    .select({
      step_number: puzzleContent.stepNumber,
      title: puzzleContent.title,
      is_active: puzzleContent.isActive,
      wrong_answers: puzzleContent.wrongAnswers,
      solved: sql<number>`(select count(*) from ${userProgress} where ${userProgress.productId} = ${productId} and ${puzzleContent.stepNumber} = any(${userProgress.completedSteps}))::int`,
    })
    .from(puzzleContent)
    .where(eq(puzzleContent.productId, productId))
    .orderBy(asc(puzzleContent.position), asc(puzzleContent.stepNumber))
  return { players: players?.players ?? 0, finished: players?.finished ?? 0, steps }
}

export async function portalProgress(db: Db, productId: string) {
  const [unlocks] = await db
    .select({ n: count() })
    .from(portalUnlocks)
    .where(eq(portalUnlocks.productId, productId))
  const fragments = await db
    .select({
      number: scrollFragments.number,
      restored: sql<number>`(count(${scrollProgress.completedAt}))::int`,
      bonus: sql<number>`(count(${scrollProgress.bonusRevealedAt}))::int`,
    })
    .from(scrollFragments)
    .leftJoin(
      scrollProgress,
      and(eq(scrollProgress.fragmentId, scrollFragments.id), isNotNull(scrollProgress.completedAt)),
    )
    .where(eq(scrollFragments.productId, productId))
    .groupBy(scrollFragments.id, scrollFragments.number)
    .orderBy(asc(scrollFragments.number))
  return { portal_players: unlocks?.n ?? 0, fragments }
}
