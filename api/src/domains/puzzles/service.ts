import {
  completionMessage,
  PUZZLE_MESSAGES,
  type PuzzleState,
  type ValidateAnswerResponse,
} from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { userProgress } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { recordAudit } from '../../services/audit'
import { answerMatches } from './answers'
import {
  activeSteps,
  countWrongAnswer,
  deletePortalProgress,
  deleteProgress,
  ensureProgress,
  findProgress,
  type Product,
  updateProgress,
} from './queries'

// The routes' writes of the portal are single statements with no rule around them: the
// service hands them on, so routes read from `queries.ts` and write through here.
export { claimCode, recordHints, recordSolve, recordUnlock } from './queries'

// ---------------------------------------------------------------- the step puzzle

/**
 * The first active step (in the admin's order) not yet solved; the last stays current once
 * all are. Progress is the set of solved step numbers, and a step keeps its number for
 * good: a step switched off is asked of no one (those who passed it keep their place), a
 * reordered one keeps its solves, and a new one is asked of those who have not solved it.
 */
function currentOf(steps: { stepNumber: number }[], completed: readonly number[]): number {
  const done = new Set(completed)
  return steps.find((s) => !done.has(s.stepNumber))?.stepNumber ?? steps.at(-1)?.stepNumber ?? 0
}

export async function puzzleState(db: Db, userId: string, product: Product): Promise<PuzzleState> {
  const steps = await activeSteps(db, product.id)
  if (steps.length === 0) {
    return {
      product: { slug: product.slug, name: product.name },
      totalSteps: 0,
      currentStep: 0,
      completedSteps: [],
      completedAt: null,
      steps: [],
    }
  }
  await ensureProgress(db, userId, product.id, steps[0]!.stepNumber)
  const progress = await findProgress(db, userId, product.id)
  const activeNumbers = new Set(steps.map((s) => s.stepNumber))
  // Steps an admin has since switched off no longer count.
  const completed = (progress?.completedSteps ?? []).filter((n) => activeNumbers.has(n)).sort((a, b) => a - b)
  const current = currentOf(steps, completed)
  const allDone = completed.length === steps.length
  return {
    product: { slug: product.slug, name: product.name },
    totalSteps: steps.length,
    currentStep: current,
    completedSteps: completed,
    completedAt: allDone ? (progress?.completedAt?.toISOString() ?? null) : null,
    steps: steps
      .filter((s) => completed.includes(s.stepNumber) || s.stepNumber === current)
      .map((s) => {
        const solved = completed.includes(s.stepNumber)
        return {
          stepNumber: s.stepNumber,
          title: s.title,
          content: s.content,
          hint: s.hint,
          unlockMessage: solved ? s.unlockMessage : null,
          completed: solved,
        }
      }),
  }
}

/**
 * Checks a step's answer and records a right one, inside one transaction holding the
 * progress row's lock: two tabs sending the same right answer at once are answered in
 * turn, the second finds the step solved, and no step is skipped or counted twice.
 */
export async function submitStepAnswer(
  db: Db,
  userId: string,
  product: Product,
  stepNumber: number,
  answer: string,
): Promise<ValidateAnswerResponse> {
  return db.transaction(async (tx) => {
    const steps = await activeSteps(tx, product.id)
    const step = steps.find((s) => s.stepNumber === stepNumber)
    if (!step) throw notFound('There is no such step in this puzzle.')
    await ensureProgress(tx, userId, product.id, steps[0]!.stepNumber)
    const progress = await findProgress(tx, userId, product.id, { lock: true })
    const completed = progress?.completedSteps ?? []
    const right = answerMatches(answer, step.answer, step.acceptedAnswers)
    const unlockText = step.unlockMessage ?? `Step ${step.stepNumber} solved!`

    if (completed.includes(stepNumber)) {
      // Solved already (another tab, a double click): say so again, change nothing.
      if (!right) return { correct: false, message: PUZZLE_MESSAGES.wrongAnswer, unlockText: null }
      const allDone = steps.every((s) => completed.includes(s.stepNumber))
      return {
        correct: true,
        message: allDone ? completionMessage(product.name) : unlockText,
        unlockText,
        completed: allDone,
      }
    }
    if (stepNumber !== currentOf(steps, completed)) throw conflict(PUZZLE_MESSAGES.earlierStepsFirst)

    if (!right) {
      await countWrongAnswer(tx, step.id)
      await updateProgress(tx, userId, product.id, { lastActivity: new Date() })
      return { correct: false, message: PUZZLE_MESSAGES.wrongAnswer, unlockText: null }
    }

    const nowCompleted = [...completed, stepNumber].sort((a, b) => a - b)
    const allDone = steps.every((s) => nowCompleted.includes(s.stepNumber))
    const now = new Date()
    await updateProgress(tx, userId, product.id, {
      completedSteps: nowCompleted,
      currentStep: currentOf(steps, nowCompleted),
      lastActivity: now,
      completedAt: allDone
        ? sql`coalesce(${userProgress.completedAt}, ${now.toISOString()}::timestamptz)`
        : null,
    })
    return {
      correct: true,
      message: allDone ? completionMessage(product.name) : unlockText,
      unlockText,
      completed: allDone,
    }
  })
}

/** An admin clears their own progress (an admin write: audited like the others). */
export async function resetPuzzleProgress(db: Db, userId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteProgress(tx, userId, productId)
    await recordAudit(tx, {
      actorId: userId,
      action: 'user_progress.reset',
      entity: 'user_progress',
      entityId: `${userId}:${productId}`,
      before: removed,
      after: null,
      data: { userId, productId, own: true },
    })
  })
}

// ---------------------------------------------------------------- the scroll portal

/** An admin clears their own portal progress (audited: how many fragments it held). */
export async function resetPortalProgress(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const fragments = await deletePortalProgress(tx, userId)
    await recordAudit(tx, {
      actorId: userId,
      action: 'scroll_progress.reset',
      entity: 'scroll_progress',
      entityId: userId,
      before: { fragments },
      after: null,
      data: { own: true },
    })
  })
}
