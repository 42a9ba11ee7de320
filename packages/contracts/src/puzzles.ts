import { z } from 'zod'
import { endpoint } from './endpoint'
import { SlugSchema } from './schemas'

/**
 * The step puzzle (/puzzle/:productSlug) and the scroll portal (/puzzle-portal). Answers,
 * the portal's access code and unsolved scroll lines never leave the API: these schemas
 * carry none of them (spec, sections 2-8; DESIGN.md, section 9).
 */

/** The texts of spec section 8, used verbatim by the API and the puzzle app. */
export const PUZZLE_MESSAGES = {
  wrongAnswer: 'Not quite right. Try again or use the hint!',
  wrongScrollAnswer: 'Not quite right. Look closely at the fragment and try again!',
  wrongBonusAnswer: 'Not quite right. Try the bonus question again!',
  validateFailed: 'Failed to validate answer. Please try again.',
  validateBonusFailed: 'Failed to validate bonus answer. Please try again.',
  noContent: 'No puzzle content available',
  purchaseFirst: 'You need to purchase this experience first',
  invalidCode: 'Invalid access code. Please try again.',
  accessGranted: 'Access granted! Welcome to the sacred portal.',
  resetDone: 'Progress reset successfully!',
  earlierStepsFirst: 'Solve the earlier steps first.',
  solveFragmentFirst: 'Solve this fragment before its bonus question.',
  portalLocked: 'Enter the access code from your box to open the portal.',
  codeUsed:
    'This code has already been used by another player. Each box has its own code, which opens the scroll for one account.',
} as const

/** "Congratulations! You have completed The Scroll of Antioch!" for the product at hand. */
export const completionMessage = (productName: string) =>
  `Congratulations! You have completed ${productName}!`

/** Local-storage keys of spec section 3 (a visitor's portal; signed-in progress is on the server). */
export const PORTAL_STORAGE_KEYS = {
  access: 'puzzle-portal-access',
  progress: 'scroll_progress',
} as const

/** The header a visitor's browser sends its signed portal pass in. */
export const PORTAL_TOKEN_HEADER = 'X-Portal-Token'

/** Answers per user (or per client, for a visitor) and minute. */
export const ANSWERS_PER_MINUTE = 30
/** Access-code attempts per client in ten minutes. */
export const PORTAL_CODE_ATTEMPTS = 10
export const PORTAL_CODE_WINDOW_MS = 10 * 60 * 1000

/** An answer as typed: surrounding spaces trimmed; empty is never sent. */
const AnswerSchema = z.string().trim().min(1, 'Please enter an answer.').max(200)

export const PuzzleStepSchema = z.object({
  stepNumber: z.number().int(),
  title: z.string(),
  /** The story and the hint of the current step; solved steps keep theirs too. */
  content: z.string().nullable(),
  hint: z.string().nullable(),
  /** Only for a solved step. */
  unlockMessage: z.string().nullable(),
  completed: z.boolean(),
})
export type PuzzleStep = z.infer<typeof PuzzleStepSchema>

export const PuzzleStateSchema = z.object({
  product: z.object({ slug: z.string(), name: z.string() }),
  totalSteps: z.number().int().nonnegative(),
  currentStep: z.number().int().nonnegative(),
  completedSteps: z.array(z.number().int()),
  completedAt: z.string().nullable(),
  /** Solved steps and the current one, in order; later steps are not sent. */
  steps: z.array(PuzzleStepSchema),
})
export type PuzzleState = z.infer<typeof PuzzleStateSchema>

export const ValidatePuzzleAnswerSchema = z.object({
  type: z.literal('puzzle'),
  productSlug: SlugSchema,
  stepNumber: z.number().int().min(1).max(1000),
  answer: AnswerSchema,
})

export const ValidateScrollAnswerSchema = z.object({
  type: z.literal('scroll'),
  fragmentId: z.uuid(),
  answer: AnswerSchema,
  isBonus: z.boolean().default(false),
})

export const ValidateAnswerBodySchema = z.discriminatedUnion('type', [
  ValidatePuzzleAnswerSchema,
  ValidateScrollAnswerSchema,
])
export type ValidateAnswerBody = z.input<typeof ValidateAnswerBodySchema>

/** The spec's answer `{correct, message, unlockText}`, plus what the app needs next. */
export const ValidateAnswerResponseSchema = z.object({
  correct: z.boolean(),
  message: z.string(),
  unlockText: z.string().nullable(),
  /** Puzzle: every step is solved. */
  completed: z.boolean().optional(),
  /** Scroll, for a visitor: a signed receipt of this solve, merged into the account at sign-in. */
  receipt: z.string().optional(),
})
export type ValidateAnswerResponse = z.infer<typeof ValidateAnswerResponseSchema>

export const PortalFragmentSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  instruction: z.string(),
  /** None or three; hints are help, not secrets. */
  hints: z.array(z.string()),
  bonusQuestion: z.string().nullable(),
  /** Server-side progress of a signed-in user (a visitor's is in local storage). */
  hintsRevealed: z.number().int(),
  completed: z.boolean(),
  bonusRevealed: z.boolean(),
  /** Only once the fragment is solved. */
  scrollLine: z.string().nullable(),
  /** Only once the bonus question is answered. */
  bonusAnswer: z.string().nullable(),
})
export type PortalFragment = z.infer<typeof PortalFragmentSchema>

export const PortalStateSchema = z.discriminatedUnion('unlocked', [
  z.object({ unlocked: z.literal(false) }),
  z.object({
    unlocked: z.literal(true),
    signedIn: z.boolean(),
    product: z.object({ slug: z.string(), name: z.string() }),
    fragments: z.array(PortalFragmentSchema),
  }),
])
export type PortalState = z.infer<typeof PortalStateSchema>

export const PortalUnlockResponseSchema = z.object({
  granted: z.boolean(),
  message: z.string(),
  /** For a visitor: the signed pass kept in local storage and sent in X-Portal-Token. */
  token: z.string().nullable(),
  /** The box the code opened, and where its portal is played. */
  product: z.object({ slug: z.string(), name: z.string(), portalPath: z.string() }).nullable().optional(),
})

export const ProductSlugParamsSchema = z.object({ productSlug: SlugSchema })

export const puzzlesContract = {
  state: endpoint({
    method: 'GET',
    path: '/puzzles/:productSlug',
    access: { owner: 'a buyer of the product (a completed order) or an admin' },
    summary: "The owner's puzzle: progress and the steps so far, never an answer",
    description: 'The first visit creates the progress record at step 1.',
    params: ProductSlugParamsSchema,
    response: z.object({ data: PuzzleStateSchema }),
  }),
  validateAnswer: endpoint({
    method: 'POST',
    path: '/puzzles/validate-answer',
    access: 'public',
    answers: {
      409: 'An earlier step is not solved yet, or a bonus question asked before its fragment is solved.',
    },
    summary: 'Checks a puzzle step or scroll fragment answer on the server (spec: validate-answer)',
    description:
      'type puzzle: signed in and owning the product (401, else 404). type scroll: the portal must be ' +
      'unlocked (portal_unlocks, or a visitor pass in X-Portal-Token; else 403). Case, surrounding spaces ' +
      'and punctuation are ignored. Rate limited per user (per client for a visitor): 429 with Retry-After.',
    body: ValidateAnswerBodySchema,
    response: ValidateAnswerResponseSchema,
  }),
  reset: endpoint({
    method: 'POST',
    path: '/puzzles/:productSlug/reset',
    access: 'admin',
    summary: "Admin: clears the admin's own progress on the product's puzzle",
    params: ProductSlugParamsSchema,
    response: z.object({ data: z.object({ reset: z.literal(true) }) }),
  }),
}

export const portalContract = {
  state: endpoint({
    method: 'GET',
    path: '/portal',
    access: 'public',
    summary: 'The scroll portal: locked, or its fragments with the solved lines only',
    description:
      'Unlocked for a signed-in user who entered a code of the product, or a visitor whose X-Portal-Token pass is ' +
      "valid for it. Without ?product, the portal of the account's first unlock (or of the visitor's pass).",
    query: z.object({ product: SlugSchema.optional() }),
    response: z.object({ data: PortalStateSchema }),
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/portal/unlock',
    access: 'public',
    summary: 'Checks the access code printed in the box (trimmed, any case); remembers the unlock',
    description:
      `Rate limited per client: ${PORTAL_CODE_ATTEMPTS} attempts in ten minutes, then 429. ` +
      'A per-box code opens the portal for the first account (or visitor) to enter it; anyone else is refused (granted false).',
    body: z.object({ code: z.string().trim().min(1, 'Please enter the access code.').max(100) }),
    response: z.object({ data: PortalUnlockResponseSchema }),
  }),
  merge: endpoint({
    method: 'POST',
    path: '/portal/merge',
    access: 'customer',
    summary: "Merges a visitor's local portal (pass and solve receipts) into the signed-in account",
    body: z.object({
      token: z.string().max(500).nullable().default(null),
      receipts: z.array(z.string().max(300)).max(50).default([]),
      hintsRevealed: z.record(z.string(), z.number().int().min(0).max(3)).default({}),
    }),
    response: z.object({ data: PortalStateSchema }),
  }),
  revealHint: endpoint({
    method: 'POST',
    path: '/portal/hints',
    access: 'customer',
    summary: 'Records that the next hint of a fragment was revealed (signed-in progress)',
    body: z.object({ fragmentId: z.uuid() }),
    response: z.object({ data: z.object({ hintsRevealed: z.number().int() }) }),
  }),
  reset: endpoint({
    method: 'POST',
    path: '/portal/reset',
    access: 'admin',
    summary: "Admin: clears the admin's own portal progress (the unlock stays)",
    response: z.object({ data: z.object({ reset: z.literal(true) }) }),
  }),
}
