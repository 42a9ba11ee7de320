import {
  DISCOUNT_MESSAGES,
  type DiscountCodeInputSchema,
  formatMoney,
  GIFT_CARD_MESSAGES,
} from '@lamplight/contracts'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import type { discountCodes, giftCards } from '../../db/schema'
import { conflict, validationFailed } from '../../lib/errors'
import { isUniqueViolation } from '../../lib/unique-violation'
import { cancelMailAbout, type Mailer, restoreMailAbout } from '../../mail'
import { recordAudit } from '../../services/audit'
import { discountOf, type PricedLine } from '../cart/service'
import {
  formatGiftCardCode,
  generateGiftCardCode,
  giftCardCodeHash,
  lastFour,
  normaliseDiscountCode,
  normaliseGiftCardCode,
} from './codes'
import { giftCardMail } from './mails'
import {
  creditGiftCard,
  type DbOrTx,
  debitGiftCard,
  findCardRecipientOfOrder,
  findDiscountByCode,
  findDiscountById,
  findGiftCard,
  findGiftCardsByHashes,
  findIssuedCardOfOrder,
  findUnissuedCardOfOrder,
  hasLiveRedemption,
  insertDiscount,
  insertGiftCard,
  insertLedgerEntry,
  insertRedemption,
  issueCardCode,
  ledgerOf,
  listDiscountsWithStats,
  listGiftCards,
  lockGiftCard,
  orderGiftCardDebits,
  productIdsOfDiscount,
  releaseRedemption,
  replaceDiscountProducts,
  setGiftCardBalance,
  setGiftCardStatus,
  takeDiscountUse,
  updateDiscountRow,
} from './queries'

/**
 * Discount codes and gift cards (issue 33, decision 057). Applied on the server only, from
 * a code the buyer typed. At checkout, in the transaction that writes the pending order,
 * a code's use is taken (one conditional update on its count; once per customer by unique
 * indexes) and a gift card is debited (its row locked, a conditional update, a ledger
 * entry); both are given back, once, when that checkout ends unpaid, and a gift card's part
 * of an order is credited back when the order is refunded.
 */

/** The server secret gift card codes are hashed under: the one sessions are signed with. */
export const giftCardSecret = (deps: { auth: { options: { secret?: unknown } } }) =>
  deps.auth.options.secret as string

export type Buyer = { userId: string | null; email: string | null }

export type AppliedDiscount = {
  id: string
  code: string
  description: string
  amountCents: number
  oncePerCustomer: boolean
}

const discountIssue = (message: string) => validationFailed(message, [{ path: 'discountCode', message }])
const giftCardIssue = () =>
  validationFailed(GIFT_CARD_MESSAGES.notValid, [
    { path: 'giftCardCode', message: GIFT_CARD_MESSAGES.notValid },
  ])

type DiscountRow = typeof discountCodes.$inferSelect

/** Why a code cannot be used now, if it cannot (its window, state and limit; not the order). */
function unusableNow(code: DiscountRow | null, now: Date): string | null {
  if (code?.status !== 'active') return DISCOUNT_MESSAGES.invalid
  if (code.startsAt && code.startsAt > now) return DISCOUNT_MESSAGES.notStarted
  if (code.endsAt && code.endsAt <= now) return DISCOUNT_MESSAGES.expired
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return DISCOUNT_MESSAGES.exhausted
  return null
}

/**
 * The discount a typed code gives these lines, or a 400 on `discountCode` saying why not:
 * invalid (unknown or paused), not active yet, expired, used up, already used by this
 * buyer, below its minimum subtotal, or for none of these boxes.
 */
export async function discountFor(
  db: DbOrTx,
  typed: string,
  lines: PricedLine[],
  buyer: Buyer,
  now = new Date(),
): Promise<AppliedDiscount> {
  const code = await findDiscountByCode(db, normaliseDiscountCode(typed))
  const why = unusableNow(code, now)
  if (why || !code) throw discountIssue(why ?? DISCOUNT_MESSAGES.invalid)
  const subtotal = lines.filter((l) => l.available).reduce((n, l) => n + l.lineTotalCents, 0)
  if (code.minSubtotalCents !== null && subtotal < code.minSubtotalCents)
    throw discountIssue(DISCOUNT_MESSAGES.minSubtotal(code.minSubtotalCents))
  const productIds = code.productsOnly ? await productIdsOfDiscount(db, code.id) : null
  const amountCents = discountOf(lines, { kind: code.kind, value: code.value, productIds })
  if (amountCents <= 0) throw discountIssue(DISCOUNT_MESSAGES.notApplicable)
  if (code.oncePerCustomer && (await hasLiveRedemption(db, code.id, buyer)))
    throw discountIssue(DISCOUNT_MESSAGES.alreadyUsed)
  return {
    id: code.id,
    code: code.code,
    description: code.description || describe(code),
    amountCents,
    oncePerCustomer: code.oncePerCustomer,
  }
}

const describe = (code: Pick<DiscountRow, 'kind' | 'value'>) =>
  code.kind === 'percent' ? `${code.value}% off` : `$${(code.value / 100).toFixed(2)} off`

export type UsableGiftCard = { id: string; last4: string; balanceCents: number; currency: string }

/**
 * Gift cards for typed codes, in one query: a usable card (active, with money on it) per
 * code, or null. Unknown, empty, not yet delivered and disabled cards are all null, so no
 * answer tells them apart.
 */
export async function lookupGiftCards(
  db: DbOrTx,
  secret: string,
  typed: string[],
): Promise<(UsableGiftCard | null)[]> {
  const hashes = typed.map((t) => {
    const normalised = normaliseGiftCardCode(t)
    return normalised ? giftCardCodeHash(secret, normalised) : null
  })
  const found = new Map(
    (await findGiftCardsByHashes(db, [...new Set(hashes.filter((h) => h !== null))])).map((c) => [
      c.codeHash,
      c,
    ]),
  )
  return hashes.map((h) => {
    const card = h ? found.get(h) : undefined
    if (card?.status !== 'active' || card.balanceCents <= 0) return null
    return { id: card.id, last4: card.last4, balanceCents: card.balanceCents, currency: card.currency }
  })
}

/** A usable gift card for a typed code, or a 400 on `giftCardCode` that says only "not valid". */
export async function giftCardFor(db: DbOrTx, secret: string, typed: string): Promise<UsableGiftCard> {
  const [card] = await lookupGiftCards(db, secret, [typed])
  if (!card) throw giftCardIssue()
  return card
}

/** The balance check: the card's last four and balance, or 400 "not valid" on `code`. */
export async function giftCardBalance(db: Db, secret: string, typed: string) {
  const [card] = await lookupGiftCards(db, secret, [typed])
  if (!card)
    throw validationFailed(GIFT_CARD_MESSAGES.notValid, [
      { path: 'code', message: GIFT_CARD_MESSAGES.notValid },
    ])
  return { last4: card.last4, balanceCents: card.balanceCents, currency: card.currency }
}

/**
 * Takes what a checkout uses, in the transaction that writes its pending order (so a
 * refusal writes nothing): one use of the discount code (refused when used up meanwhile, or
 * when this buyer holds a use already), and from the gift card what `share` says it pays of
 * `dueCents` given its balance now (its row locked: two checkouts of one card are served
 * one after the other, and the second sees what the first left). Answers the gift card's
 * part; a card emptied meanwhile is "not valid".
 */
export async function reserveOrderCodes(
  tx: DbOrTx,
  orderId: string,
  use: {
    discount: AppliedDiscount | null
    giftCardId: string | null
    buyer: Buyer & { email: string }
    dueCents: number
    share: (dueCents: number, balanceCents: number) => number
  },
): Promise<{ giftCardCents: number }> {
  if (use.discount) {
    if (!(await takeDiscountUse(tx, use.discount.id))) {
      const now = await findDiscountById(tx, use.discount.id)
      throw discountIssue(unusableNow(now, new Date()) ?? DISCOUNT_MESSAGES.exhausted)
    }
    try {
      await insertRedemption(tx, {
        discountCodeId: use.discount.id,
        orderId,
        userId: use.buyer.userId,
        email: use.buyer.email.toLowerCase(),
        oncePerCustomer: use.discount.oncePerCustomer,
        amountCents: use.discount.amountCents,
      })
    } catch (err) {
      if (
        isUniqueViolation(err, 'discount_redemptions_once_per_email') ||
        isUniqueViolation(err, 'discount_redemptions_once_per_user')
      )
        throw discountIssue(DISCOUNT_MESSAGES.alreadyUsed)
      throw err
    }
  }
  let giftCardCents = 0
  if (use.giftCardId) {
    const card = await lockGiftCard(tx, use.giftCardId)
    if (card?.status !== 'active' || card.balanceCents <= 0) throw giftCardIssue()
    giftCardCents = use.share(use.dueCents, card.balanceCents)
    if (giftCardCents > 0) {
      if (!(await debitGiftCard(tx, card.id, giftCardCents))) throw giftCardIssue()
      await insertLedgerEntry(tx, {
        giftCardId: card.id,
        kind: 'debit',
        amountCents: -giftCardCents,
        orderId,
        note: 'Checkout',
      })
    }
  }
  return { giftCardCents }
}

/**
 * Gives back what an order took, once each however often it is called: the gift card
 * debits (as `release` for a checkout that ended unpaid, `refund` for a refunded order),
 * and, with `discount`, the code's use (an unpaid or unfilled checkout; a refunded order
 * keeps its use, as shops do).
 */
export async function releaseOrderCodes(
  tx: DbOrTx,
  orderId: string,
  { giftCardKind, discount }: { giftCardKind: 'release' | 'refund'; discount: boolean },
): Promise<{ giftCardCents: number }> {
  if (discount) await releaseRedemption(tx, orderId)
  let giftCardCents = 0
  for (const debit of await orderGiftCardDebits(tx, orderId)) {
    const written = await insertLedgerEntry(tx, {
      giftCardId: debit.giftCardId,
      kind: giftCardKind,
      amountCents: debit.amountCents,
      orderId,
      note: giftCardKind === 'refund' ? 'Order refunded' : 'Checkout ended unpaid',
    })
    if (written) {
      await creditGiftCard(tx, debit.giftCardId, debit.amountCents)
      giftCardCents += debit.amountCents
    }
  }
  return { giftCardCents }
}

// ---- Admin: discount codes ----------------------------------------------------------------

type DiscountInput = z.output<typeof DiscountCodeInputSchema>

const adminDiscount = (r: Awaited<ReturnType<typeof listDiscountsWithStats>>[number]) => ({
  id: r.code.id,
  code: r.code.code,
  description: r.code.description,
  kind: r.code.kind,
  value: r.code.value,
  productIds: r.productIds,
  minSubtotalCents: r.code.minSubtotalCents,
  startsAt: r.code.startsAt,
  endsAt: r.code.endsAt,
  usageLimit: r.code.usageLimit,
  oncePerCustomer: r.code.oncePerCustomer,
  status: r.code.status,
  usedCount: r.code.usedCount,
  paidOrders: r.paidOrders,
  revenueCents: r.revenueCents,
  discountedCents: r.discountedCents,
  createdAt: r.code.createdAt,
})

export async function listDiscounts(db: Db) {
  return (await listDiscountsWithStats(db)).map(adminDiscount)
}

async function oneDiscount(db: DbOrTx, id: string) {
  const row = (await listDiscountsWithStats(db)).find((r) => r.code.id === id)
  return row ? adminDiscount(row) : null
}

const codeTaken = () =>
  validationFailed('A discount code with this name exists already.', [
    { path: 'code', message: 'A discount code with this name exists already.' },
  ])

const columnsOf = (input: DiscountInput) => ({
  code: input.code,
  description: input.description,
  kind: input.kind,
  value: input.value,
  productsOnly: input.productIds.length > 0,
  minSubtotalCents: input.minSubtotalCents,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  usageLimit: input.usageLimit,
  oncePerCustomer: input.oncePerCustomer,
  status: input.status,
})

export async function createDiscount(db: Db, actorId: string, input: DiscountInput) {
  try {
    return await db.transaction(async (tx) => {
      const id = await insertDiscount(tx, columnsOf(input))
      await replaceDiscountProducts(tx, id, input.productIds)
      await recordAudit(tx, {
        actorId,
        action: 'discount.created',
        entity: 'discount_code',
        entityId: id,
        before: null,
        after: input,
      })
      return (await oneDiscount(tx, id))!
    })
  } catch (err) {
    if (isUniqueViolation(err, 'discount_codes_code_key')) throw codeTaken()
    throw err
  }
}

/** Saves a code's terms (pausing is a status): the uses already taken stay. */
export async function updateDiscount(db: Db, actorId: string, id: string, input: DiscountInput) {
  try {
    return await db.transaction(async (tx) => {
      const before = await oneDiscount(tx, id)
      if (!before) return null
      if (input.usageLimit !== null && input.usageLimit < before.usedCount)
        throw validationFailed(`This code has been used ${before.usedCount} times already.`, [
          {
            path: 'usageLimit',
            message: `The limit cannot be below the ${before.usedCount} uses already taken.`,
          },
        ])
      await updateDiscountRow(tx, id, columnsOf(input))
      await replaceDiscountProducts(tx, id, input.productIds)
      const after = (await oneDiscount(tx, id))!
      await recordAudit(tx, {
        actorId,
        action: before.status !== after.status ? `discount.${after.status}` : 'discount.updated',
        entity: 'discount_code',
        entityId: id,
        before,
        after,
      })
      return after
    })
  } catch (err) {
    if (isUniqueViolation(err, 'discount_codes_code_key')) throw codeTaken()
    throw err
  }
}

// ---- Gift cards: issuing, admin ------------------------------------------------------------

type GiftCardRow = typeof giftCards.$inferSelect

export const adminGiftCard = (c: GiftCardRow) => ({
  id: c.id,
  last4: c.last4,
  initialCents: c.initialCents,
  balanceCents: c.balanceCents,
  status: c.status,
  recipientEmail: c.recipientEmail,
  giverName: c.giverName,
  deliverOn: c.deliverOn,
  orderId: c.orderId,
  note: c.note,
  createdAt: c.createdAt,
})

/**
 * Makes a card with a new code and its `issue` ledger entry, in the caller's transaction.
 * The code comes back in clear this once (to show or mail); only its hash is stored.
 */
export async function createGiftCard(
  tx: DbOrTx,
  secret: string,
  card: Omit<
    typeof giftCards.$inferInsert,
    'codeHash' | 'last4' | 'balanceCents' | 'initialCents' | 'id' | 'createdAt' | 'updatedAt'
  > & { amountCents: number; actorId?: string | null },
) {
  const { amountCents, actorId = null, ...rest } = card
  const code = generateGiftCardCode()
  const normalised = normaliseGiftCardCode(code)!
  const row = await insertGiftCard(tx, {
    ...rest,
    codeHash: giftCardCodeHash(secret, normalised),
    last4: lastFour(normalised),
    initialCents: amountCents,
    balanceCents: amountCents,
  })
  await insertLedgerEntry(tx, {
    giftCardId: row.id,
    kind: 'issue',
    amountCents,
    orderId: card.orderId ?? null,
    actorId,
    note: card.note ?? null,
  })
  return { card: row, code: formatGiftCardCode(normalised) }
}

export async function issueGiftCardByHand(
  db: Db,
  secret: string,
  actorId: string,
  input: { amountCents: number; recipientEmail: string | null; note: string },
) {
  return db.transaction(async (tx) => {
    const { card, code } = await createGiftCard(tx, secret, {
      amountCents: input.amountCents,
      recipientEmail: input.recipientEmail?.toLowerCase() ?? null,
      note: input.note || null,
      issuedBy: actorId,
      actorId,
      status: 'active',
    })
    // The audit keeps the last four only: an audit reader is not meant to hold spendable codes.
    await recordAudit(tx, {
      actorId,
      action: 'gift_card.issued',
      entity: 'gift_card',
      entityId: card.id,
      before: null,
      after: adminGiftCard(card),
    })
    return { ...adminGiftCard(card), code }
  })
}

export async function disableGiftCard(db: Db, actorId: string, id: string) {
  return db.transaction(async (tx) => {
    const before = await findGiftCard(tx, id)
    if (!before) return null
    if (before.status === 'disabled') throw conflict('This gift card is disabled already.')
    const after = (await setGiftCardStatus(tx, id, 'disabled'))!
    await recordAudit(tx, {
      actorId,
      action: 'gift_card.disabled',
      entity: 'gift_card',
      entityId: id,
      before: adminGiftCard(before),
      after: adminGiftCard(after),
    })
    return adminGiftCard(after)
  })
}

export async function listGiftCardsForAdmin(db: Db) {
  return (await listGiftCards(db)).map(adminGiftCard)
}

export async function giftCardWithLedger(db: Db, id: string) {
  const card = await findGiftCard(db, id)
  if (!card) return null
  const ledger = (await ledgerOf(db, id)).map((e) => ({
    id: e.id,
    kind: e.kind,
    amountCents: e.amountCents,
    orderId: e.orderId,
    note: e.note,
    createdAt: e.createdAt,
  }))
  return { ...adminGiftCard(card), ledger }
}

// ---- Gift cards bought ---------------------------------------------------------------------

export { ensureGiftCardProduct } from './queries'

export type GiftCardPurchase = {
  amountCents: number
  recipientEmail: string
  recipientName: string
  giverName: string
  message: string
  /** The day the code is mailed (midnight UTC); now when none. */
  deliverOn: Date | null
}

/**
 * Records what a pending gift card order will issue, in the order's transaction: a card
 * with no code yet (`unissued:`, nothing to guess) and no balance. Its code is made at
 * payment (`issuePurchasedGiftCard`).
 */
export async function recordGiftCardPurchase(tx: DbOrTx, orderId: string, purchase: GiftCardPurchase) {
  await insertGiftCard(tx, {
    codeHash: `unissued:${orderId}`,
    last4: '',
    initialCents: purchase.amountCents,
    balanceCents: 0,
    status: 'pending',
    recipientEmail: purchase.recipientEmail.toLowerCase(),
    recipientName: purchase.recipientName || null,
    giverName: purchase.giverName,
    message: purchase.message || null,
    deliverOn: purchase.deliverOn,
    orderId,
  })
}

/**
 * At payment, in fulfilment's transaction: the card an order bought gets its code, its
 * balance and its `issue` entry, and the recipient's mail is queued for the delivery date
 * (the outbox sends it that day). Once: a replay finds no unissued card. Nothing for an
 * order that bought no card.
 */
export async function issuePurchasedGiftCard(
  tx: DbOrTx,
  orderId: string,
  deps: { secret: string | undefined; mailer: Mailer; shopUrl: string },
) {
  const card = await findUnissuedCardOfOrder(tx, orderId)
  if (!card) return false
  if (!deps.secret) throw new Error('gift card issued without the server secret')
  const code = generateGiftCardCode()
  const normalised = normaliseGiftCardCode(code)!
  const issued = await issueCardCode(tx, card.id, {
    codeHash: giftCardCodeHash(deps.secret, normalised),
    last4: lastFour(normalised),
    balanceCents: card.initialCents,
  })
  if (!issued) return false
  await insertLedgerEntry(tx, {
    giftCardId: card.id,
    kind: 'issue',
    amountCents: card.initialCents,
    orderId,
    note: 'Bought',
  })
  const now = new Date()
  await deps.mailer.send(
    await giftCardMail({
      to: card.recipientEmail!,
      code,
      amountCents: card.initialCents,
      giverName: card.giverName,
      recipientName: card.recipientName,
      message: card.message,
      shopUrl: deps.shopUrl,
    }),
    {
      transaction: tx as Db,
      sendAfter: card.deliverOn && card.deliverOn > now ? card.deliverOn : undefined,
      topic: giftCardMailTopic(card.id),
    },
  )
  return true
}

/**
 * The gift card an order bought, once issued, when it has one: what a refund of the order
 * must check first (`closeCardBoughtBy`).
 */
export async function giftCardBoughtBy(db: DbOrTx, orderId: string) {
  const card = await findIssuedCardOfOrder(db, orderId)
  if (!card) return null
  return { ...card, closedCents: await closedForOrder(db, card.id, orderId) }
}

/**
 * What a refund of `orderId` took off the card and still holds (its close less any reopening):
 * more than 0 while that refund's close stands, which is for good once it is recorded, and
 * until its retry when the provider's answer was lost.
 */
async function closedForOrder(db: DbOrTx, cardId: string, orderId: string) {
  const net = (await ledgerOf(db, cardId))
    .filter((entry) => entry.kind === 'adjust' && entry.orderId === orderId)
    .reduce((sum, entry) => sum + entry.amountCents, 0)
  return net < 0 ? -net : 0
}

/**
 * Why an order whose card has been spent from cannot be refunded whole (or, with `askedCents`,
 * for that amount), and what can be: the part left on the card, which is refunded as it is
 * closed (`closeCardBoughtBy`).
 */
export function spentCardMessage(card: { initialCents: number; balanceCents: number }, askedCents?: number) {
  const used = `The gift card this order bought has been used (${formatMoney(card.initialCents - card.balanceCents)} of ${formatMoney(card.initialCents)})`
  if (card.balanceCents === 0) return `${used}, and nothing is left on it to refund.`
  const only = `Only what is left on the card (${formatMoney(card.balanceCents)}) can be refunded: the card is closed with it.`
  if (askedCents === undefined) return `${used}, so the order cannot be refunded whole. ${only}`
  if (card.balanceCents === card.initialCents)
    return 'Nobody has spent from the gift card this order bought, so the order is refunded whole: its card is closed with it.'
  return `${used}, so ${formatMoney(askedCents)} is not what is left on it. ${only}`
}

/**
 * Whom a bought card's mail goes to and when, as its buyer's confirmation says it (null when
 * the order bought no card): the recipient's name, or their address when no name was given.
 */
export async function cardSentBy(db: DbOrTx, orderId: string) {
  const row = await findCardRecipientOfOrder(db, orderId)
  if (!row) return null
  return {
    recipient: row.name || row.email || 'the recipient',
    deliver_on: row.deliverOn?.toISOString() ?? null,
  }
}

/** The card an order bought, as the admin's order page shows it (null when it bought none). */
export async function boughtCardSummary(db: DbOrTx, orderId: string, refundedCents: number) {
  const card = await giftCardBoughtBy(db, orderId)
  return card
    ? {
        last4: card.last4,
        initial_cents: card.initialCents,
        balance_cents: card.balanceCents,
        status: card.status,
        // Closed by a refund whose provider answer was lost: refunding this again finishes it.
        unfinished_refund_cents: refundedCents === 0 ? card.closedCents : 0,
      }
    : null
}

/** The outbox topic of a bought card's mail to its recipient. */
const giftCardMailTopic = (cardId: string) => `gift-card:${cardId}`

export type ClosedCard = { id: string; balanceCents: number; status: 'active' | 'disabled' }

/**
 * Closes the card an order bought, before its money goes back: a refunded card must not stay
 * spendable, or the buyer would keep both the card and its price. In one short transaction
 * and before the provider is asked (no lock is held meanwhile): the balance goes to nothing
 * and the card is disabled, with an `adjust` entry naming the order. Answers what
 * `reopenCardBoughtBy` puts back if the provider refuses, or null when the order bought no card.
 *
 * The card is closed only if it holds exactly what the refund expects (`expectedBalanceCents`,
 * which is also what the refund gives back): its initial value for a whole refund, the part
 * left the admin was shown for a refund of that part. Anything else means it was spent from
 * (or given back to) since: 409 saying what is left, and nothing changes. Under the card's
 * row lock, so a spend (which locks it too) is either before the close, and the close is
 * refused, or after it, and finds the card disabled.
 *
 * Once per order: a card this order's refund has closed already is that refund's own retry
 * (one refund of one state of the order runs at a time, `refundOrder`'s claim) only when it
 * closed exactly `expectedBalanceCents`; then nothing changes and the refund goes on to the
 * provider with the same idempotency key. Any other refund of it is refused (409).
 */
export async function closeCardBoughtBy(
  db: Db,
  orderId: string,
  /** What the card must hold now, all of which the refund gives back. */
  expectedBalanceCents: number,
): Promise<ClosedCard | null> {
  return db.transaction(async (tx) => {
    const card = await findIssuedCardOfOrder(tx, orderId, { lock: true })
    if (!card) return null
    const closedFor = await closedForOrder(tx, card.id, orderId)
    if (closedFor > 0) {
      if (closedFor === expectedBalanceCents && card.balanceCents === 0)
        return { id: card.id, balanceCents: closedFor, status: 'active' }
      throw conflict(
        `The gift card this order bought has been closed by another refund of this order (${formatMoney(closedFor)}). Reload the page.`,
      )
    }
    // Spent from since the admin looked (or a whole refund of a card spent from): nothing changes.
    if (card.balanceCents !== expectedBalanceCents || card.balanceCents === 0)
      throw conflict(
        spentCardMessage(card, expectedBalanceCents === card.initialCents ? undefined : expectedBalanceCents),
      )
    await setGiftCardBalance(tx, card.id, { balanceCents: 0, status: 'disabled' })
    await insertLedgerEntry(tx, {
      giftCardId: card.id,
      kind: 'adjust',
      amountCents: -card.balanceCents,
      orderId,
      note: 'Closed: the order that bought it was refunded',
    })
    // A mail still waiting for its delivery date would give the recipient a dead code.
    await cancelMailAbout(tx as unknown as Db, giftCardMailTopic(card.id))
    return {
      id: card.id,
      balanceCents: card.balanceCents,
      status: card.status === 'disabled' ? 'disabled' : 'active',
    }
  })
}

/** Undoes `closeCardBoughtBy` when the provider refused the refund: the card is as it was. */
export async function reopenCardBoughtBy(db: Db, orderId: string, closed: ClosedCard) {
  await db.transaction(async (tx) => {
    const card = await lockGiftCard(tx, closed.id)
    if (!card || card.balanceCents !== 0) return
    await setGiftCardBalance(tx, closed.id, { balanceCents: closed.balanceCents, status: closed.status })
    await insertLedgerEntry(tx, {
      giftCardId: closed.id,
      kind: 'adjust',
      amountCents: closed.balanceCents,
      orderId,
      note: 'Reopened: the refund did not go through',
    })
    await restoreMailAbout(tx as unknown as Db, giftCardMailTopic(closed.id))
  })
}
