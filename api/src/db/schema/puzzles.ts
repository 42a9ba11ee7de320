import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { id, timestamps, timestamptz, timestamptzNow, userRef, uuidRef } from './columns'

// Answers live only here; the API compares them and never sends them to a browser.
export const puzzleContent = pgTable(
  'puzzle_content',
  {
    id: id(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    stepNumber: integer().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    hint: text(),
    answer: text().notNull(),
    // Other spellings that count as right (e.g. "thirty" beside "30"), compared the same way.
    acceptedAnswers: text().array().notNull().default(sql`'{}'::text[]`),
    unlockMessage: text(),
    isActive: boolean().notNull().default(true),
    // The order players meet the steps in. step_number is the step's lasting name within its
    // product (progress records it), so reordering moves positions and never renumbers.
    position: integer().notNull().default(0),
    // Wrong answers given to this step: where players get stuck (admin progress screen).
    wrongAnswers: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    unique('puzzle_content_product_step_key').on(t.productId, t.stepNumber),
    check('puzzle_content_step_number_check', sql`${t.stepNumber} >= 1`),
  ],
)

export const userProgress = pgTable(
  'user_progress',
  {
    userId: userRef('cascade').notNull(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    currentStep: integer().notNull().default(1),
    completedSteps: integer().array().notNull().default(sql`'{}'::integer[]`),
    lastActivity: timestamptzNow(),
    completedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('user_progress_current_step_check', sql`${t.currentStep} >= 1`),
    index('user_progress_last_activity_idx').on(t.lastActivity),
  ],
)

// A product's portal fragments, numbered 1..n within the product. Answers and scroll lines
// stay here: a line reaches a browser only once its fragment is solved.
export const scrollFragments = pgTable(
  'scroll_fragments',
  {
    id: id(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    number: integer().notNull(),
    instruction: text().notNull(),
    scrollLine: text().notNull(),
    hints: text().array().notNull().default(sql`'{}'::text[]`),
    answer: text().notNull(),
    acceptedAnswers: text().array().notNull().default(sql`'{}'::text[]`),
    bonusQuestion: text(),
    bonusAnswer: text(),
    bonusAcceptedAnswers: text().array().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    unique('scroll_fragments_product_number_key').on(t.productId, t.number),
    check('scroll_fragments_number_check', sql`${t.number} >= 1`),
    // A fragment has no hints or exactly three (the third is the one that asks for confirmation).
    check('scroll_fragments_hints_check', sql`coalesce(array_length(${t.hints}, 1), 0) in (0, 3)`),
    check('scroll_fragments_bonus_check', sql`(${t.bonusQuestion} is null) = (${t.bonusAnswer} is null)`),
  ],
)

export const scrollProgress = pgTable(
  'scroll_progress',
  {
    userId: userRef('cascade').notNull(),
    fragmentId: uuidRef(() => scrollFragments.id, 'cascade').notNull(),
    hintsRevealed: integer().notNull().default(0),
    completedAt: timestamptz(),
    bonusRevealedAt: timestamptz(),
    updatedAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.fragmentId] }),
    check('scroll_progress_hints_check', sql`${t.hintsRevealed} between 0 and 3`),
    check(
      'scroll_progress_bonus_after_completion_check',
      sql`${t.bonusRevealedAt} is null or ${t.completedAt} is not null`,
    ),
  ],
)

// Two kinds of code (decision 047). The shared code of the first box is kept as typed
// (normalised: trimmed, upper case) in `code`. A per-box code is never stored: only the
// SHA-256 of its normalised form (`code_hash`) and its first characters (`code_prefix`) to
// show; it opens the portal for one account (`redeemed_by`), first come first served.
export const portalCodes = pgTable(
  'portal_codes',
  {
    id: id(),
    code: text().unique('portal_codes_code_key'),
    codeHash: text().unique('portal_codes_code_hash_key'),
    codePrefix: text(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    // A generation run (one print run): the codes the admin downloaded together.
    batchId: uuid(),
    isActive: boolean().notNull().default(true),
    // Set when a per-box code is first entered (a visitor's too); the account once signed in.
    redeemedAt: timestamptz(),
    redeemedBy: userRef('set null'),
    createdAt: timestamptzNow(),
  },
  (t) => [
    check(
      'portal_codes_normalised_check',
      sql`${t.code} is null or (${t.code} = upper(btrim(${t.code})) and ${t.code} <> '')`,
    ),
    check('portal_codes_kind_check', sql`(${t.code} is null) <> (${t.codeHash} is null)`),
    index('portal_codes_product_idx').on(t.productId, t.createdAt),
  ],
)

export const portalUnlocks = pgTable(
  'portal_unlocks',
  {
    userId: userRef('cascade').notNull(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    codeId: uuidRef(() => portalCodes.id, 'set null'),
    unlockedAt: timestamptzNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
)
