import { z } from 'zod'
import { endpoint } from './endpoint'
import { formatCount } from './format'

/**
 * Authoring a box's puzzle, portal and access codes in the admin console (issue 36). Only
 * admins call these: they carry answers and, once, the codes of a print run.
 */

/** Codes per generation run (a print run); more is several runs. */
export const MAX_CODES_PER_BATCH = 5_000
/** Other accepted spellings per answer. */
export const MAX_ACCEPTED_ANSWERS = 20
/**
 * The characters of a per-box code: no 0/O, 1/I/L, nor the 5/S, 2/Z and B (8) pairs that a printed
 * lid or a tired eye confuses. 26 characters, 16 of them: about 75 bits.
 */
export const CODE_ALPHABET = '346789ACDEFGHJKMNPQRTUVWXY'
export const CODE_LENGTH = 16

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${formatCount(max)} characters.`)
const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${formatCount(max)} characters.`)
    .nullable()
    .default(null)
    .transform((value) => value || null)
/** Other spellings: blank lines dropped, each at most 500 characters. */
const acceptedAnswers = z
  .array(z.string().trim().max(500, 'An accepted answer must be at most 500 characters.'))
  .max(MAX_ACCEPTED_ANSWERS, `At most ${MAX_ACCEPTED_ANSWERS} accepted answers.`)
  .default([])
  .transform((list) => [...new Set(list.filter(Boolean))])

/** The step form: the same rules in the console and in the API. */
export const StepInputSchema = z.object({
  title: text(200, 'Title'),
  content: text(10_000, 'Story text'),
  hint: optional(2_000, 'Hint'),
  answer: text(500, 'Answer'),
  accepted_answers: acceptedAnswers,
  unlock_message: optional(2_000, 'Unlock message'),
  is_active: z.boolean().default(true),
})
export type StepInput = z.input<typeof StepInputSchema>

export const StepRowSchema = z.object({
  id: z.string(),
  step_number: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  content: z.string(),
  hint: z.string().nullable(),
  answer: z.string(),
  accepted_answers: z.array(z.string()),
  unlock_message: z.string().nullable(),
  is_active: z.boolean(),
})
export type StepRow = z.infer<typeof StepRowSchema>

/** The fragment form. A fragment has no hints or all three (the portal asks before the third). */
export const FragmentInputSchema = z
  .object({
    instruction: text(4_000, 'Instruction'),
    scroll_line: text(1_000, 'Scroll line'),
    hints: z
      .array(z.string().trim().max(1_000, 'A hint must be at most 1,000 characters.'))
      .max(3, 'At most three hints.')
      .default([])
      .transform((list) => list.filter(Boolean)),
    answer: text(500, 'Answer'),
    accepted_answers: acceptedAnswers,
    bonus_question: optional(2_000, 'Bonus question'),
    bonus_answer: optional(500, 'Bonus answer'),
    bonus_accepted_answers: acceptedAnswers,
  })
  .superRefine((f, ctx) => {
    if (f.hints.length !== 0 && f.hints.length !== 3)
      ctx.addIssue({ code: 'custom', path: ['hints'], message: 'Give all three hints, or none.' })
    if (f.bonus_question && !f.bonus_answer)
      ctx.addIssue({ code: 'custom', path: ['bonus_answer'], message: 'A bonus question needs its answer.' })
    if (!f.bonus_question && f.bonus_answer)
      ctx.addIssue({
        code: 'custom',
        path: ['bonus_question'],
        message: 'A bonus answer needs its question.',
      })
  })
export type FragmentInput = z.input<typeof FragmentInputSchema>

export const FragmentRowSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  instruction: z.string(),
  scroll_line: z.string(),
  hints: z.array(z.string()),
  answer: z.string(),
  accepted_answers: z.array(z.string()),
  bonus_question: z.string().nullable(),
  bonus_answer: z.string().nullable(),
  bonus_accepted_answers: z.array(z.string()),
})
export type FragmentRow = z.infer<typeof FragmentRowSchema>

export const PuzzleProductRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  steps: z.number().int(),
  active_steps: z.number().int(),
  fragments: z.number().int(),
  codes: z.number().int(),
  codes_used: z.number().int(),
  players: z.number().int(),
})
export type PuzzleProductRow = z.infer<typeof PuzzleProductRowSchema>

export const AuthoredPuzzleSchema = z.object({
  product: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  /** Where the product's portal is played (the Scroll keeps the spec's /puzzle-portal). */
  portal_path: z.string(),
  steps: z.array(StepRowSchema),
  fragments: z.array(FragmentRowSchema),
})
export type AuthoredPuzzle = z.infer<typeof AuthoredPuzzleSchema>

export const AccessCodeRowSchema = z.object({
  id: z.string(),
  /** The shared code as typed; a per-box code only by its first characters ("7KQM…"). */
  label: z.string(),
  shared: z.boolean(),
  batch_id: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  redeemed_at: z.iso.datetime({ offset: true }).nullable(),
  redeemed_by_email: z.string().nullable(),
})
export type AccessCodeRow = z.infer<typeof AccessCodeRowSchema>

export const PuzzleProgressSchema = z.object({
  players: z.number().int(),
  finished: z.number().int(),
  steps: z.array(
    z.object({
      step_number: z.number().int(),
      title: z.string(),
      is_active: z.boolean(),
      solved: z.number().int(),
      wrong_answers: z.number().int(),
    }),
  ),
  /** The active step with the most wrong answers, if any were given. */
  stuck_step: z.number().int().nullable(),
  portal_players: z.number().int(),
  fragments: z.array(
    z.object({ number: z.number().int(), restored: z.number().int(), bonus: z.number().int() }),
  ),
})
export type PuzzleProgress = z.infer<typeof PuzzleProgressSchema>

const productParams = z.object({ productId: z.uuid() })
const page = z.coerce.number().int().min(1).max(100_000).default(1)

export const puzzleAuthoringContract = {
  products: endpoint({
    method: 'GET',
    path: '/admin/puzzles',
    access: 'admin',
    summary: 'Every product with the size of its puzzle, portal, codes and players',
    response: z.object({ data: z.array(PuzzleProductRowSchema) }),
  }),
  show: endpoint({
    method: 'GET',
    path: '/admin/puzzles/:productId',
    access: 'admin',
    summary: "A product's steps (in order) and fragments, answers included",
    params: productParams,
    response: z.object({ data: AuthoredPuzzleSchema }),
  }),
  createStep: endpoint({
    method: 'POST',
    path: '/admin/puzzles/:productId/steps',
    access: 'admin',
    summary: 'Adds a step after the last one (audited)',
    params: productParams,
    body: StepInputSchema,
    status: 201,
    response: z.object({ data: StepRowSchema }),
  }),
  updateStep: endpoint({
    method: 'PUT',
    path: '/admin/puzzles/:productId/steps/:stepId',
    access: 'admin',
    summary: 'Edits a step; switching it off removes it from play (audited)',
    description:
      "A step switched off is no longer asked of anyone: players who passed it keep their place, players before it skip it. Progress records a step's lasting number, never its position.",
    params: productParams.extend({ stepId: z.uuid() }),
    body: StepInputSchema,
    response: z.object({ data: StepRowSchema }),
  }),
  orderSteps: endpoint({
    method: 'PUT',
    path: '/admin/puzzles/:productId/step-order',
    access: 'admin',
    summary: "Puts the product's steps in the order given (every step, once; audited)",
    params: productParams,
    body: z.object({ ids: z.array(z.uuid()).min(1).max(500) }),
    response: z.object({ data: z.array(StepRowSchema) }),
  }),
  createFragment: endpoint({
    method: 'POST',
    path: '/admin/puzzles/:productId/fragments',
    access: 'admin',
    summary: 'Adds a portal fragment after the last one (audited)',
    params: productParams,
    body: FragmentInputSchema,
    status: 201,
    response: z.object({ data: FragmentRowSchema }),
  }),
  updateFragment: endpoint({
    method: 'PUT',
    path: '/admin/puzzles/:productId/fragments/:fragmentId',
    access: 'admin',
    summary: 'Edits a portal fragment (audited)',
    params: productParams.extend({ fragmentId: z.uuid() }),
    body: FragmentInputSchema,
    response: z.object({ data: FragmentRowSchema }),
  }),
  preview: endpoint({
    method: 'POST',
    path: '/admin/puzzles/:productId/preview',
    access: 'admin',
    summary: "Checks an answer as the player's page would, recording nothing (the admin's preview)",
    params: productParams,
    body: z.object({
      kind: z.enum(['step', 'fragment', 'bonus']),
      id: z.uuid(),
      answer: z.string().trim().min(1, 'Please enter an answer.').max(200),
    }),
    response: z.object({ data: z.object({ correct: z.boolean(), message: z.string() }) }),
  }),
  generateCodes: endpoint({
    method: 'POST',
    path: '/admin/puzzles/:productId/codes',
    access: 'admin',
    summary: 'Generates a batch of one-box codes; the answer is the only time they are shown (audited)',
    description:
      'Codes are stored as SHA-256 hashes with a short prefix to recognise them (decision 047): the CSV for the printer is made from this answer.',
    params: productParams,
    body: z.object({
      count: z.coerce
        .number({ message: 'Enter how many codes to make.' })
        .int('Enter a whole number.')
        .min(1, 'Make at least one code.')
        .max(MAX_CODES_PER_BATCH, `At most ${formatCount(MAX_CODES_PER_BATCH)} codes at a time.`),
    }),
    status: 201,
    response: z.object({ data: z.object({ batch_id: z.string(), codes: z.array(z.string()) }) }),
  }),
  codes: endpoint({
    method: 'GET',
    path: '/admin/puzzles/:productId/codes',
    access: 'admin',
    summary: "A product's codes, newest first: used or not, when and by whom, a page at a time",
    params: productParams,
    query: z.object({ page, page_size: z.coerce.number().int().min(1).max(500).default(50) }),
    response: z.object({
      data: z.array(AccessCodeRowSchema),
      total: z.number().int(),
      used: z.number().int(),
    }),
  }),
  setCodeActive: endpoint({
    method: 'PATCH',
    path: '/admin/puzzles/:productId/codes/:codeId',
    access: 'admin',
    summary:
      'Retires a code (or brings it back): a retired code and its visitor passes open nothing (audited)',
    params: productParams.extend({ codeId: z.uuid() }),
    body: z.object({ is_active: z.boolean() }),
    response: z.object({ data: AccessCodeRowSchema }),
  }),
  progress: endpoint({
    method: 'GET',
    path: '/admin/puzzles/:productId/progress',
    access: 'admin',
    summary: "Players' progress on a product: steps solved, fragments restored, where they get stuck",
    params: productParams,
    response: z.object({ data: PuzzleProgressSchema }),
  }),
}
