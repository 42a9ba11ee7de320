import { randomUUID } from 'node:crypto'
import {
  type FragmentInputSchema,
  PUZZLE_MESSAGES,
  portalPathOf,
  type StepInputSchema,
} from '@lamplight/contracts'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { puzzleContent } from '../../db/schema'
import { notFound, validationFailed } from '../../lib/errors'
import { recordAudit } from '../../services/audit'
import { answerMatches } from './answers'
import {
  codeRow,
  findFragmentById,
  findStepById,
  fragmentRow,
  fragmentsOf,
  insertCodes,
  insertFragment,
  insertStep,
  lockProduct,
  nextFragmentNumber,
  nextStepSlot,
  portalProgress,
  productRow,
  setCodeActiveRow,
  stepProgress,
  stepRow,
  stepsOf,
  updateFragmentRow,
  updateStepRow,
} from './authoring-queries'
import { generateCode, hashCode, normalizeCode, prefixOf } from './codes'

// The rules of authoring (issue 36): every write in one transaction with its audit entry.

type StepInput = z.output<typeof StepInputSchema>
type FragmentInput = z.output<typeof FragmentInputSchema>

const noProduct = () => notFound('There is no such product.')

async function product(db: Db, productId: string) {
  const row = await productRow(db, productId)
  if (!row) throw noProduct()
  return row
}

export async function authoredPuzzle(db: Db, productId: string) {
  const p = await product(db, productId)
  const [steps, fragments] = await Promise.all([stepsOf(db, productId), fragmentsOf(db, productId)])
  return { product: p, portal_path: portalPathOf(p.slug), steps, fragments }
}

const stepValues = (input: StepInput) => ({
  title: input.title,
  content: input.content,
  hint: input.hint,
  answer: input.answer,
  acceptedAnswers: input.accepted_answers,
  unlockMessage: input.unlock_message,
  isActive: input.is_active,
})

/** A new step goes last, under a number no step of the product ever had. */
export async function createStep(db: Db, actorId: string, productId: string, input: StepInput) {
  return db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) throw noProduct()
    const slot = await nextStepSlot(tx, productId)
    const row = await insertStep(tx, { productId, ...slot, ...stepValues(input) })
    await recordAudit(tx, {
      actorId,
      action: 'puzzle_content.created',
      entity: 'puzzle_content',
      entityId: row.id,
      before: null,
      after: row,
      data: { productId },
    })
    return row
  })
}

export async function updateStep(
  db: Db,
  actorId: string,
  productId: string,
  stepId: string,
  input: StepInput,
) {
  return db.transaction(async (tx) => {
    const before = await stepRow(tx, productId, stepId)
    if (!before) throw notFound('There is no such step.')
    const after = await updateStepRow(tx, stepId, stepValues(input))
    await recordAudit(tx, {
      actorId,
      action: 'puzzle_content.updated',
      entity: 'puzzle_content',
      entityId: stepId,
      before,
      after,
      data: { productId },
    })
    return after!
  })
}

/** Every step of the product, each once, in the new order; numbers (and progress) stay. */
export async function orderSteps(db: Db, actorId: string, productId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) throw noProduct()
    const steps = await stepsOf(tx, productId)
    const known = new Set(steps.map((s) => s.id))
    if (ids.length !== steps.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw validationFailed('List every step of this puzzle exactly once.', [
        { path: 'ids', message: 'List every step of this puzzle exactly once.' },
      ])
    for (const [index, id] of ids.entries())
      await tx
        .update(puzzleContent)
        .set({ position: index + 1 })
        .where(eq(puzzleContent.id, id))
    await recordAudit(tx, {
      actorId,
      action: 'puzzle_content.reordered',
      entity: 'product',
      entityId: productId,
      before: steps.map((s) => s.step_number),
      after: ids.map((id) => steps.find((s) => s.id === id)!.step_number),
    })
    return stepsOf(tx, productId)
  })
}

const fragmentValues = (input: FragmentInput) => ({
  instruction: input.instruction,
  scrollLine: input.scroll_line,
  hints: input.hints,
  answer: input.answer,
  acceptedAnswers: input.accepted_answers,
  bonusQuestion: input.bonus_question,
  bonusAnswer: input.bonus_answer,
  bonusAcceptedAnswers: input.bonus_question ? input.bonus_accepted_answers : [],
})

export async function createFragment(db: Db, actorId: string, productId: string, input: FragmentInput) {
  return db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) throw noProduct()
    const number = await nextFragmentNumber(tx, productId)
    const row = await insertFragment(tx, { productId, number, ...fragmentValues(input) })
    await recordAudit(tx, {
      actorId,
      action: 'scroll_fragment.created',
      entity: 'scroll_fragment',
      entityId: row.id,
      before: null,
      after: row,
      data: { productId },
    })
    return row
  })
}

export async function updateFragment(
  db: Db,
  actorId: string,
  productId: string,
  fragmentId: string,
  input: FragmentInput,
) {
  return db.transaction(async (tx) => {
    const before = await fragmentRow(tx, productId, fragmentId)
    if (!before) throw notFound('There is no such fragment.')
    const after = await updateFragmentRow(tx, fragmentId, fragmentValues(input))
    await recordAudit(tx, {
      actorId,
      action: 'scroll_fragment.updated',
      entity: 'scroll_fragment',
      entityId: fragmentId,
      before,
      after,
      data: { productId },
    })
    return after!
  })
}

/** The admin's preview: the player's comparison, and nothing recorded anywhere. */
export async function previewAnswer(
  db: Db,
  productId: string,
  body: { kind: 'step' | 'fragment' | 'bonus'; id: string; answer: string },
) {
  if (body.kind === 'step') {
    const step = await findStepById(db, productId, body.id)
    if (!step) throw notFound('There is no such step.')
    const correct = answerMatches(body.answer, step.answer, step.acceptedAnswers)
    return {
      correct,
      message: correct
        ? (step.unlockMessage ?? `Step ${step.stepNumber} solved!`)
        : PUZZLE_MESSAGES.wrongAnswer,
    }
  }
  const fragment = await findFragmentById(db, productId, body.id)
  if (!fragment) throw notFound('There is no such fragment.')
  if (body.kind === 'bonus') {
    if (!fragment.bonusAnswer) throw notFound('This fragment has no bonus question.')
    const correct = answerMatches(body.answer, fragment.bonusAnswer, fragment.bonusAcceptedAnswers)
    return { correct, message: correct ? fragment.bonusAnswer : PUZZLE_MESSAGES.wrongBonusAnswer }
  }
  const correct = answerMatches(body.answer, fragment.answer, fragment.acceptedAnswers)
  return { correct, message: correct ? fragment.scrollLine : PUZZLE_MESSAGES.wrongScrollAnswer }
}

/**
 * A print run of codes. Only their hashes are kept (decision 047), so this answer is the
 * one time the codes exist outside the boxes: the console turns it into the printer's CSV.
 */
export async function generateCodes(db: Db, actorId: string, productId: string, count: number) {
  await product(db, productId)
  const batchId = randomUUID()
  const codes = new Set<string>()
  while (codes.size < count) codes.add(generateCode())
  const list = [...codes]
  await db.transaction(async (tx) => {
    await insertCodes(
      tx,
      list.map((code) => {
        const normalized = normalizeCode(code)
        return { productId, batchId, codeHash: hashCode(normalized), codePrefix: prefixOf(normalized) }
      }),
    )
    await recordAudit(tx, {
      actorId,
      action: 'portal_codes.generated',
      entity: 'product',
      entityId: productId,
      before: null,
      after: { batchId, count },
    })
  })
  return { batch_id: batchId, codes: list }
}

export async function setCodeActive(
  db: Db,
  actorId: string,
  productId: string,
  codeId: string,
  isActive: boolean,
) {
  return db.transaction(async (tx) => {
    const before = await codeRow(tx, productId, codeId)
    if (!before) throw notFound('There is no such code.')
    if (before.is_active === isActive) return before
    await setCodeActiveRow(tx, codeId, isActive)
    await recordAudit(tx, {
      actorId,
      action: isActive ? 'portal_code.restored' : 'portal_code.retired',
      entity: 'portal_code',
      entityId: codeId,
      before: { is_active: before.is_active },
      after: { is_active: isActive },
      data: { productId, label: before.label },
    })
    return (await codeRow(tx, productId, codeId))!
  })
}

export async function puzzleProgress(db: Db, productId: string) {
  await product(db, productId)
  const [steps, portal] = await Promise.all([stepProgress(db, productId), portalProgress(db, productId)])
  const stuck = steps.steps
    .filter((s) => s.is_active && s.wrong_answers > 0)
    .sort((a, b) => b.wrong_answers - a.wrong_answers)[0]
  return { ...steps, stuck_step: stuck?.step_number ?? null, ...portal }
}
