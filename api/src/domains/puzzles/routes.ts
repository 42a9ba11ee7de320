import {
  ANSWERS_PER_MINUTE,
  PORTAL_CODE_ATTEMPTS,
  PORTAL_CODE_WINDOW_MS,
  PORTAL_TOKEN_HEADER,
  PUZZLE_MESSAGES,
  portalContract,
  portalPathOf,
  puzzlesContract,
  type SessionUser,
  type ValidateAnswerResponse,
} from '@lamplight/contracts'
import type { Context } from 'hono'
import type { Db } from '../../db/client'
import { clientNetwork } from '../../lib/client-address'
import { ApiError, conflict, notFound, unauthorized } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import { findProductBySlug, ownsProduct } from '../../services/access'
import type { AppEnv } from '../../types'
import { answerMatches } from './answers'
import { readPortalPass, readReceipt, signPortalPass, signReceipt } from './passes'
import {
  codeById,
  findActiveCode,
  findFragment,
  hasUnlocked,
  isActiveCode,
  isFragmentCompleted,
  portalFragments,
  productById,
  productBySlug,
  unlockedProductOf,
} from './queries'
import {
  claimCode,
  puzzleState,
  recordHints,
  recordSolve,
  recordUnlock,
  resetPortalProgress,
  resetPuzzleProgress,
  submitStepAnswer,
} from './service'

/** Answers and codes are tiny; anything bigger is not one. */
const SMALL_BODY = 4 * 1024

/** The auth secret signs visitors' passes and receipts too. */
const secretOf = (c: Context<AppEnv>) => c.get('deps').auth.options.secret as string

// Per user (per client address for a visitor): nobody brute-forces a step.
const limitAnswers = rateLimit({
  name: 'puzzle-answers',
  limit: ANSWERS_PER_MINUTE,
  windowMs: 60_000,
  key: async (c) => (await currentUser(c))?.id ?? `ip:${clientNetwork(c.get('clientIp'))}`,
  message:
    'That is a lot of answers in a short time. Take a breath, read the clue again, and try in a minute.',
})

// Per client address: a code printed in a box cannot be guessed by a script.
const limitCodes = rateLimit({
  name: 'portal-codes',
  limit: PORTAL_CODE_ATTEMPTS,
  windowMs: PORTAL_CODE_WINDOW_MS,
  message: 'Too many access code attempts. Please wait ten minutes and try again.',
})

/**
 * The portal this request may play: a signed-in user's unlock (or the visitor pass they
 * bring, which then becomes theirs), or a visitor's pass; of `slug`'s product when given,
 * else of the first unlock or the pass. Null when the gate is still closed.
 */
async function openPortal(c: Context<AppEnv>, db: Db, user: SessionUser | null, slug?: string) {
  const wanted = slug ? await productBySlug(db, slug) : null
  if (slug && !wanted) return null
  if (user) {
    if (wanted && (await hasUnlocked(db, user.id, wanted.id))) return wanted
    if (!wanted) {
      const productId = await unlockedProductOf(db, user.id)
      if (productId) return productById(db, productId)
    }
  }
  const pass = readPortalPass(secretOf(c), c.req.header(PORTAL_TOKEN_HEADER))
  if (!pass || (wanted && pass.productId !== wanted.id)) return null
  if (!(await isActiveCode(db, pass.codeId, pass.productId, user?.id ?? null))) return null
  if (user) {
    // A per-box code becomes this account's; the shared code is nobody's.
    const found = await codeById(db, pass.codeId)
    if (found && !found.shared && !(await claimCode(db, pass.codeId, user.id, 'pass'))) return null
    await recordUnlock(db, user.id, pass.productId, pass.codeId)
  }
  return productById(db, pass.productId)
}

/** Whether this request may play the portal of `productId`. */
async function canPlay(c: Context<AppEnv>, db: Db, user: SessionUser | null, productId: string) {
  if (user && (await hasUnlocked(db, user.id, productId))) return true
  const pass = readPortalPass(secretOf(c), c.req.header(PORTAL_TOKEN_HEADER))
  return (
    !!pass &&
    pass.productId === productId &&
    (await isActiveCode(db, pass.codeId, productId, user?.id ?? null))
  )
}

async function portalState(c: Context<AppEnv>, db: Db, user: SessionUser | null, slug?: string) {
  const product = await openPortal(c, db, user, slug)
  if (!product) return { unlocked: false as const }
  return {
    unlocked: true as const,
    signedIn: !!user,
    product: { slug: product.slug, name: product.name },
    fragments: await portalFragments(db, product.id, user?.id ?? null),
  }
}

async function validateScroll(
  c: Context<AppEnv>,
  db: Db,
  body: { fragmentId: string; answer: string; isBonus: boolean },
): Promise<ValidateAnswerResponse> {
  const user = await currentUser(c)
  const fragment = await findFragment(db, body.fragmentId)
  if (!fragment || !(await canPlay(c, db, user, fragment.productId))) {
    // With no portal open the gate speaks; in an open one, another box's fragment is unknown.
    if (!(await openPortal(c, db, user))) throw new ApiError(403, 'forbidden', PUZZLE_MESSAGES.portalLocked)
    throw notFound('There is no such fragment.')
  }

  if (body.isBonus) {
    if (!fragment.bonusQuestion || !fragment.bonusAnswer)
      throw notFound('This fragment has no bonus question.')
    // A visitor's solves live in their browser; a signed-in user's must be on record first.
    if (user && !(await isFragmentCompleted(db, user.id, fragment.id)))
      throw conflict(PUZZLE_MESSAGES.solveFragmentFirst)
    if (!answerMatches(body.answer, fragment.bonusAnswer, fragment.bonusAcceptedAnswers))
      return { correct: false, message: PUZZLE_MESSAGES.wrongBonusAnswer, unlockText: null }
    if (user) await recordSolve(db, user.id, fragment.id, true)
    return {
      correct: true,
      message: 'Bonus revealed!',
      unlockText: fragment.bonusAnswer,
      ...(user ? {} : { receipt: signReceipt(secretOf(c), { fragmentId: fragment.id, bonus: true }) }),
    }
  }

  if (!answerMatches(body.answer, fragment.answer, fragment.acceptedAnswers))
    return { correct: false, message: PUZZLE_MESSAGES.wrongScrollAnswer, unlockText: null }
  if (user) await recordSolve(db, user.id, fragment.id, false)
  return {
    correct: true,
    message: `Fragment ${fragment.number} restored!`,
    unlockText: fragment.scrollLine,
    ...(user ? {} : { receipt: signReceipt(secretOf(c), { fragmentId: fragment.id, bonus: false }) }),
  }
}

/** The step puzzle of a product a user owns, and the one answer endpoint of the spec. */
export const puzzlesRouter = defineRouter('/puzzles')
  .handle(
    puzzlesContract.validateAnswer,
    { bodyLimit: SMALL_BODY, middleware: [limitAnswers] },
    async ({ c, db, body }) => {
      c.header('Cache-Control', 'no-store')
      if (body.type === 'scroll') return c.json(await validateScroll(c, db, body))
      const user = await currentUser(c)
      if (!user) throw unauthorized()
      const product = await findProductBySlug(db, body.productSlug)
      // A product the user does not own answers exactly like one that does not exist.
      if (!product || !(await ownsProduct(db, user, product.id))) throw notFound()
      return c.json(await submitStepAnswer(db, user.id, product, body.stepNumber, body.answer))
    },
  )
  .handle(
    puzzlesContract.state,
    {
      owns: async ({ db, params, user }) => {
        const product = await findProductBySlug(db, params.productSlug)
        return !!product && (await ownsProduct(db, user, product.id))
      },
    },
    async ({ c, db, params, user }) => {
      const product = await findProductBySlug(db, params.productSlug)
      if (!product) throw notFound()
      c.header('Cache-Control', 'private, no-store')
      return c.json({ data: await puzzleState(db, user.id, product) })
    },
  )
  .handle(puzzlesContract.reset, async ({ c, db, params, user }) => {
    const product = await findProductBySlug(db, params.productSlug)
    if (!product) throw notFound()
    await resetPuzzleProgress(db, user.id, product.id)
    return c.json({ data: { reset: true as const } })
  })

/** The access-code scroll portal of a box: the gate, the fragments, progress and its merge. */
export const portalRouter = defineRouter('/portal')
  .handle(portalContract.state, async ({ c, db, query }) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: await portalState(c, db, await currentUser(c), query.product) })
  })
  .handle(
    portalContract.unlock,
    { bodyLimit: SMALL_BODY, middleware: [limitCodes] },
    async ({ c, db, body }) => {
      c.header('Cache-Control', 'no-store')
      const code = await findActiveCode(db, body.code)
      if (!code)
        return c.json({ data: { granted: false, message: PUZZLE_MESSAGES.invalidCode, token: null } })
      const user = await currentUser(c)
      // A per-box code opens the scroll for one player: the first to enter it.
      if (!code.shared && !(await claimCode(db, code.id, user?.id ?? null)))
        return c.json({ data: { granted: false, message: PUZZLE_MESSAGES.codeUsed, token: null } })
      if (user) await recordUnlock(db, user.id, code.productId, code.id)
      const product = await productById(db, code.productId)
      return c.json({
        data: {
          granted: true,
          message: PUZZLE_MESSAGES.accessGranted,
          // A signed-in user's unlock is on record; a visitor keeps this signed pass instead.
          token: user ? null : signPortalPass(secretOf(c), { productId: code.productId, codeId: code.id }),
          product: product && {
            slug: product.slug,
            name: product.name,
            portalPath: portalPathOf(product.slug),
          },
        },
      })
    },
  )
  .handle(portalContract.merge, async ({ c, db, body, user }) => {
    const secret = secretOf(c)
    const pass = readPortalPass(secret, body.token)
    if (pass && (await isActiveCode(db, pass.codeId, pass.productId, user.id))) {
      const found = await codeById(db, pass.codeId)
      if (found?.shared || (await claimCode(db, pass.codeId, user.id, 'pass')))
        await recordUnlock(db, user.id, pass.productId, pass.codeId)
    }
    // The visitor's solves count in the portal their pass opened (else the first unlock).
    const productId =
      pass && (await hasUnlocked(db, user.id, pass.productId))
        ? pass.productId
        : await unlockedProductOf(db, user.id)
    if (productId) {
      const receipts = body.receipts
        .map((r) => readReceipt(secret, r))
        .filter((r) => r !== null)
        // Solves before bonuses: a bonus is recorded only on a solved fragment.
        .sort((a, b) => Number(a.bonus) - Number(b.bonus))
      for (const receipt of receipts) {
        const fragment = await findFragment(db, receipt.fragmentId)
        if (fragment?.productId === productId) await recordSolve(db, user.id, fragment.id, receipt.bonus)
      }
      for (const [fragmentId, count] of Object.entries(body.hintsRevealed)) {
        const fragment = /^[0-9a-f-]{36}$/.test(fragmentId) ? await findFragment(db, fragmentId) : null
        if (fragment?.productId === productId && count > 0) await recordHints(db, user.id, fragment.id, count)
      }
    }
    c.header('Cache-Control', 'private, no-store')
    const product = productId ? await productById(db, productId) : null
    return c.json({ data: await portalState(c, db, user, product?.slug) })
  })
  .handle(portalContract.revealHint, { bodyLimit: SMALL_BODY }, async ({ c, db, body, user }) => {
    const fragment = await findFragment(db, body.fragmentId)
    if (!fragment || !(await hasUnlocked(db, user.id, fragment.productId)))
      throw notFound('There is no such fragment.')
    const hintsRevealed = await recordHints(db, user.id, fragment.id, 'next')
    return c.json({ data: { hintsRevealed: hintsRevealed ?? 0 } })
  })
  .handle(portalContract.reset, async ({ c, db, user }) => {
    await resetPortalProgress(db, user.id)
    return c.json({ data: { reset: true as const } })
  })
