import { randomBytes, randomUUID } from 'node:crypto'
import { GIFT_CARD_PRODUCT_SLUG, orderNumber, TAX_NOTES } from '@lamplight/contracts'
import type { Db } from '../../db/client'
import {
  ClaimBusyError,
  ClaimMismatchError,
  type ClaimTiming,
  completeClaim,
  DEFAULT_CLAIM_TIMING,
  lockClaimResult,
  purgeClaims,
  runOnce,
} from '../../lib/claim-once'
import { ApiError } from '../../lib/errors'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'
import type { PublicCache } from '../../services/public-cache/cache'
import { removeBoughtLines } from '../cart/service'
import { takeStockOfLines } from '../catalog/service'
import { cardSentBy, issuePurchasedGiftCard, releaseOrderCodes } from '../discounts/service'
import type { PaymentProvider } from '../payments/types'
import { keyedOrderId } from './checkout-keys'
import { orderPageUrl, soldOutRefundMail } from './fulfilment-mails'
import { orderConfirmationMail } from './mails'
import {
  addOrderHistory,
  addressHash,
  assignOrderTo,
  buyerItemRows,
  buyerOrderRowsBySession,
  buyerOrderRowsOf,
  cancelSessionlessOrders,
  cancelStaleTestOrders,
  closePendingOrder,
  confirmationLinesOf,
  confirmationRowOf,
  countPendingFrom,
  findOrderCharge,
  findOrderSession,
  hasCompletedOrderOf,
  hasHistoryNote,
  insertPendingOrder,
  insertShipmentOrder,
  lockCheckoutAddress,
  lockGuestOrdersOf,
  lockOrderBySession,
  markFailedOrderRefunded,
  markNothingToShip,
  markOrderFailedPaid,
  markPendingOrderPaid,
  type NewOrder,
  orderLinesOf,
  productNameOf,
  type ShipmentOrder,
  setOrderCharge,
  setSessionIfNone,
} from './queries'

export { keyedOrderId, requestHashOf } from './checkout-keys'
export type { NewOrder, OrderLine } from './queries'

/**
 * The life of a bought order, in one place: created pending with its payment session,
 * then paid (fulfilled) exactly once, or failed, or cancelled. Every transition is a
 * conditional update on the current status, so however many callers race (webhook
 * replays, the test page's Pay pressed twice, the success page), one wins, and only the
 * winner writes the history and sends the mail.
 */
type Deps = { db: Db; mailer: Mailer; logger: Logger }

/** Unpaid checkouts one address may have started in the last PENDING_WINDOW_MINUTES (decision 053). */
export const PENDING_LIMIT = 10
export const PENDING_WINDOW_MINUTES = 60
export const tooManyPending = () =>
  new ApiError(
    429,
    'rate_limited',
    'You have several checkouts waiting for payment. Please finish or cancel one of them, or wait an hour, and try again.',
  )

/**
 * The checkout address of a client's network (a digest, decision 053) once it has room for one
 * more unpaid checkout, else 429: an early look, before the provider is asked, for every kind
 * of checkout (a box's, a cart's, a gift card's); the limit itself is held where the order is
 * written (`placePendingOrder`, under the address's lock).
 */
export async function checkoutAddressWithRoom(db: Db, clientNetwork: string): Promise<string> {
  const checkoutAddress = addressHash(clientNetwork)
  if ((await countPendingFrom(db, checkoutAddress, PENDING_WINDOW_MINUTES)) >= PENDING_LIMIT)
    throw tooManyPending()
  return checkoutAddress
}

/**
 * Writes a pending order in the caller's transaction, once its checkout address has room
 * for it: the address's lock is held to the commit, so parallel checkouts from one address
 * count one after the other and the tenth unpaid one is the last (the route's early count
 * only spares the provider a call for an address already full).
 */
async function placePendingOrder(
  tx: Db,
  order: NewOrder & { id: string; providerSessionId: string | null },
  options: { ifAbsent?: boolean } = {},
): Promise<boolean> {
  if (order.checkoutAddress) {
    await lockCheckoutAddress(tx, order.checkoutAddress)
    if ((await countPendingFrom(tx, order.checkoutAddress, PENDING_WINDOW_MINUTES)) >= PENDING_LIMIT)
      throw tooManyPending()
  }
  return insertPendingOrder(tx, order, options)
}

/**
 * Records a pending order with its payment session, in one transaction: the caller makes
 * the session first (for the order id it chose), so a database that fails here leaves
 * nothing behind, and the client's retry makes one order, not an orphan without a session.
 */
export async function createPendingOrder(
  db: Db,
  order: NewOrder & { id: string; providerSessionId: string },
  /** More of the order written in its transaction (what a gift card order will issue). */
  also?: (tx: Db, orderId: string) => Promise<void>,
): Promise<string> {
  return db.transaction(async (tx) => {
    await placePendingOrder(tx as unknown as Db, order)
    await also?.(tx as unknown as Db, order.id)
    return order.id
  })
}

/** How long a keyed checkout holds its claim, waits for another's, and how often it looks. */
export type { ClaimTiming }
export const CLAIM_TIMING: ClaimTiming = DEFAULT_CLAIM_TIMING

const keyReused = () =>
  new ApiError(
    422,
    'idempotency_key_reused',
    'This checkout was already started with different details. Please reload the page and try again.',
  )
const keyInProgress = () =>
  new ApiError(
    409,
    'idempotency_key_in_progress',
    'This checkout is still being prepared. Please try again in a moment.',
  )

/** The claim of a buyer's idempotency key (`lib/claim-once`); a guest's keys share the empty buyer. */
export const CHECKOUT_CLAIM_SCOPE = 'checkout'
export const checkoutClaimKey = (userId: string | null, key: string) => `${userId ?? ''}/${key}`
type CheckoutAnswer = { orderId: string; url: string }

/**
 * create-checkout with the client's idempotency key: at most one order and one provider
 * session per (buyer, key), with no transaction open while the provider is asked (on PGlite
 * one would stop every other request of the site; on PostgreSQL it would hold a row lock and
 * a pooled connection for a network call). Decision 023, on the one claim of decision 041:
 *
 * 1. Claim (buyer, key) with the request's hash (`runOnce`).
 * 2. The holder asks the provider, outside any transaction, for the order id derived from
 *    buyer and key (`keyedOrderId`), so the provider's idempotency key is the same on every
 *    attempt and a repeated call answers the same session.
 * 3. One short transaction locks the claim and, unless it is answered already, writes the
 *    order (idempotent on its primary key) and the answer (order id, URL). The first to
 *    complete wins; a later completer answers the winner's URL.
 *
 * Another body with the key is 422; a wait for another request that runs out is 409.
 */
export async function createPendingOrderOnce(
  db: Db,
  claim: { userId: string | null; key: string; requestHash: string },
  openSession: (orderId: string) => Promise<{ id: string; url: string }>,
  order: NewOrder,
  timing: ClaimTiming = CLAIM_TIMING,
): Promise<{ url: string; created: boolean }> {
  const orderId = keyedOrderId(claim.userId, claim.key)
  const target = {
    scope: CHECKOUT_CLAIM_SCOPE,
    key: checkoutClaimKey(claim.userId, claim.key),
    fingerprint: claim.requestHash,
  }
  try {
    const { result, first } = await runOnce<CheckoutAnswer>(
      db,
      target,
      async (held) => {
        const session = await openSession(orderId)
        return db.transaction(async (tx) => {
          const current = await lockClaimResult(tx as unknown as Db, target)
          // Completed meanwhile by a request that took the claim over: the provider's session is
          // the same one (same idempotency key), and the order is written; answer it.
          if (current) return current as CheckoutAnswer
          const created = await placePendingOrder(
            tx as unknown as Db,
            { ...order, id: orderId, providerSessionId: session.id },
            { ifAbsent: true },
          )
          if (!created) {
            // The order exists while its claim is unanswered: the claim was purged (a day old)
            // and the key sent again, and the provider no longer knows its idempotency key.
            const existing = await findOrderSession(tx, orderId)
            if (existing?.sessionId !== session.id) throw keyReused()
          }
          return completeClaim(tx as unknown as Db, held, { orderId, url: session.url })
        })
      },
      timing,
    )
    return { url: result.url, created: first }
  } catch (err) {
    if (err instanceof ClaimBusyError) throw keyInProgress()
    if (err instanceof ClaimMismatchError) throw keyReused()
    throw err
  }
}

/**
 * What a checkout with a discount code or a gift card takes, in the transaction that writes
 * its order (`reserveOrderCodes` of the discounts domain): answers the gift card's part of
 * `dueCents`, or throws (nothing is written).
 */
export type CodeReservation = (
  tx: Db,
  orderId: string,
  dueCents: number,
) => Promise<{ giftCardCents: number }>

/**
 * create-checkout with a discount code or a gift card (issue 33, decision 057). The codes
 * are taken before the provider is asked, so the session is made for the amount the
 * database agreed to, and a code used up or a card emptied by a concurrent checkout is
 * refused before any payment page exists:
 *
 * 1. One transaction writes the pending order (no session yet) and takes the code's use and
 *    the gift card's part (`reserve`); the order's amount becomes what is left to pay. A
 *    refusal writes nothing. A keyed retry finds the order and reuses it.
 * 2. Nothing left to pay: the order gets a session id of our own (`gc_...`, provider
 *    `gift_card`) and is fulfilled at once, with no provider; the answer is the success page.
 * 3. Otherwise the provider is asked, outside any transaction, for the amount left; one
 *    short transaction records its session on the order. A failed call (without a key)
 *    cancels the order, which gives the code and the card's money back.
 *
 * With an Idempotency-Key the whole is one claim (`runOnce`), as `createPendingOrderOnce`.
 */
export async function createOrderWithCodes(
  deps: FulfilmentDeps,
  claim: { userId: string | null; key: string; requestHash: string } | null,
  order: NewOrder,
  reserve: CodeReservation,
  openSession: (
    orderId: string,
    charge: { amountCents: number; giftCardCents: number },
  ) => Promise<{
    id: string
    url: string
  }>,
  successUrl: (sessionId: string) => string,
  timing: ClaimTiming = CLAIM_TIMING,
): Promise<{ url: string }> {
  const { db } = deps
  const orderId = claim ? keyedOrderId(claim.userId, claim.key) : randomUUID()
  const work = async (held: Parameters<typeof completeClaim>[1] | null): Promise<CheckoutAnswer> => {
    const placed = await db.transaction(async (tx) => {
      const existing = await findOrderCharge(tx, orderId)
      if (existing) {
        if (existing.status !== 'pending' && existing.provider !== 'gift_card') throw keyReused()
        return existing
      }
      await placePendingOrder(tx as unknown as Db, { ...order, id: orderId, providerSessionId: null })
      const { giftCardCents } = await reserve(tx as unknown as Db, orderId, order.amountCents)
      const amountCents = order.amountCents - giftCardCents
      const byCard = amountCents === 0
      const sessionId = byCard ? `gc_${randomBytes(24).toString('hex')}` : null
      await setOrderCharge(tx, orderId, {
        amountCents,
        giftCardCents,
        ...(byCard
          ? { provider: 'gift_card' as const, providerSessionId: sessionId, paymentMethod: null }
          : {}),
      })
      return {
        amountCents,
        giftCardCents,
        provider: byCard ? 'gift_card' : order.provider,
        sessionId,
        status: 'pending',
      }
    })
    if (placed.provider === 'gift_card' && placed.sessionId) {
      // Paid in full by gift card: fulfilled here, as a provider's payment would be.
      await fulfilPaidSession(deps, placed.sessionId)
      const answer = { orderId, url: successUrl(placed.sessionId) }
      return held ? completeClaim(db, held, answer) : answer
    }
    let session: { id: string; url: string }
    try {
      session = await openSession(orderId, {
        amountCents: placed.amountCents,
        giftCardCents: placed.giftCardCents,
      })
    } catch (err) {
      // No payment page: give the code and the card's money back now (a keyed retry would reuse them).
      if (!held) {
        const voided = await setSessionIfNone(db, orderId, `void_${orderId.replace(/-/g, '')}`, {
          touch: false,
        })
        if (voided) await closeUnpaidSession(db, voided, 'failed', 'The payment page could not be opened')
      }
      throw err
    }
    return db.transaction(async (tx) => {
      const recorded = await setSessionIfNone(tx, orderId, session.id, { touch: true })
      if (!recorded) {
        const row = await findOrderSession(tx, orderId)
        if (row?.sessionId !== session.id) throw keyReused()
      }
      const answer = { orderId, url: session.url }
      return held ? completeClaim(tx as unknown as Db, held, answer) : answer
    })
  }
  if (!claim) return { url: (await work(null)).url }
  try {
    const { result } = await runOnce<CheckoutAnswer>(
      db,
      {
        scope: CHECKOUT_CLAIM_SCOPE,
        key: checkoutClaimKey(claim.userId, claim.key),
        fingerprint: claim.requestHash,
      },
      (held) => work(held),
      timing,
    )
    return { url: result.url }
  } catch (err) {
    if (err instanceof ClaimBusyError) throw keyInProgress()
    if (err instanceof ClaimMismatchError) throw keyReused()
    throw err
  }
}

/** Idempotency keys are kept a day: long enough for any retry of a checkout. */
export const CHECKOUT_KEY_LIFETIME_HOURS = 24

/** Deletes keyed-checkout claims older than a day, answered or not (their orders stay). */
export async function purgeCheckoutRequests(db: Db): Promise<number> {
  return purgeClaims(db, CHECKOUT_CLAIM_SCOPE, CHECKOUT_KEY_LIFETIME_HOURS)
}

export type Fulfilment = 'fulfilled' | 'already' | 'unknown' | 'not-payable' | 'sold-out'

/** Fulfilment also takes stock; a payment for a box that sold out meanwhile is refunded. */
export type FulfilmentDeps = Deps & {
  /** The provider that took an order's payment, to refund it with (the payments domain's `providerFor`). */
  providerFor?: (name: string) => PaymentProvider | null
  publicCache?: PublicCache
  /** To issue a gift card an order bought: the secret its code is hashed under, and the shop's address. */
  giftCards?: { secret: string | undefined; shopUrl: string }
  /** The site's origin, for the link to the order in the buyer's mail. */
  publicUrl: string
}

/**
 * Fulfils a paid session, exactly once. The order becomes `completed` (access to the
 * product) or, when the buyer already owns it, `paid` (the one-completed-order rule stays
 * true; the box still ships). Only the call that moves it from `pending` sends the mail.
 */
export async function fulfilPaidSession(
  deps: FulfilmentDeps,
  sessionId: string,
  charged?: { totalCents: number; taxCents: number },
): Promise<Fulfilment> {
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrderBySession(tx, sessionId)
    if (!order) return { result: 'unknown' as const }
    // A payment that found its box sold out, whose refund has not gone through yet: try again.
    if (order.status === 'failed' && (await awaitsSoldOutRefund(tx, order.id)))
      return { result: 'sold-out' as const, refund: { ...order, providerSessionId: sessionId } }
    if (order.status !== 'pending') {
      return {
        result: (order.status === 'completed' || order.status === 'paid'
          ? 'already'
          : 'not-payable') as Fulfilment,
      }
    }
    const owned = order.userId ? await hasCompletedOrderOf(tx, order.userId, order.productId) : false
    // Step "take stock" of every line, in this transaction: the boxes are the buyer's exactly
    // when the order is paid; one line short and no line takes any (decision 046).
    const lines = await orderLinesOf(tx, order.id)
    const stock = await takeStockOfLines(tx, lines)
    if (stock === 'sold-out') {
      // Step "no box for this payment": the order leaves pending now (no retry can fill it
      // later), and is refunded after this transaction, with no row lock held (decision 041).
      const now = new Date()
      await markOrderFailedPaid(tx, order.id, now)
      await addOrderHistory(tx, {
        orderId: order.id,
        event: 'status',
        fromStatus: 'pending',
        toStatus: 'failed',
        note: SOLD_OUT_NOTE,
      })
      return { result: 'sold-out' as const, refund: { ...order, providerSessionId: sessionId } }
    }
    const status = owned ? 'paid' : 'completed'
    const now = new Date()
    // Stripe Tax adds the tax at payment: the order records what was charged (a refund gives it all back).
    const tax =
      charged && charged.taxCents > 0 && charged.totalCents === order.amountCents + charged.taxCents
        ? { amountCents: charged.totalCents, taxCents: charged.taxCents }
        : {}
    const moved = await markPendingOrderPaid(tx, order.id, status, now, tax)
    if (!moved) return { result: 'already' as const }
    await addOrderHistory(tx, {
      orderId: order.id,
      event: 'status',
      fromStatus: 'pending',
      toStatus: status,
      note: 'Payment received',
    })
    // The confirmation is queued in the same transaction: a database lost after the commit
    // cannot leave a paid order without its mail (a retry finds it paid and sends nothing).
    const mail = await confirmationFor(tx as unknown as Db, order.id, deps.publicUrl)
    if (mail) await deps.mailer.send(mail, { transaction: tx })
    // A gift card bought (issue 33): its code is made now and mailed on its delivery date;
    // the order has nothing to ship.
    const issued = await issuePurchasedGiftCard(tx, order.id, {
      secret: deps.giftCards?.secret,
      mailer: deps.mailer,
      shopUrl: deps.giftCards?.shopUrl ?? '',
    })
    if (issued) await markNothingToShip(tx, order.id)
    // What was bought leaves the cart it came from (a declined payment leaves the cart as it was).
    if (order.cartId)
      await removeBoughtLines(
        tx,
        order.cartId,
        lines.map((l) => l.productId),
      )
    return { result: 'fulfilled' as const, stockMoved: stock === 'taken' }
  })
  if ('refund' in outcome && outcome.refund) await refundSoldOut(deps, outcome.refund)
  if (outcome.result === 'fulfilled' || outcome.result === 'sold-out') deps.mailer.wake()
  // Public pages say how many are left and whether it is sold out: forget them now.
  if (('stockMoved' in outcome && outcome.stockMoved) || outcome.result === 'sold-out')
    await deps.publicCache?.invalidate('catalog')
  return outcome.result
}

/** The history note of a payment whose box sold out before it arrived (refund owed). */
const SOLD_OUT_NOTE = 'Sold out when the payment arrived: to be refunded'

const awaitsSoldOutRefund = (tx: OrderTx, orderId: string) => hasHistoryNote(tx, orderId, SOLD_OUT_NOTE)

/**
 * Undo of a payment the shop cannot fill (the last box went to a payment that committed
 * first), in the shape of an admin's refund (decision 041): the order's refund is claimed
 * once (`lib/claim-once`), the provider refunds it outside any transaction with the order's
 * own idempotency key (a retry after a crash never refunds twice), then one short
 * transaction marks the order `refunded` with its history and audit entries and queues the
 * buyer's mail saying why. A provider that fails leaves the order `failed` with its note;
 * the provider's retry (Stripe's webhook, the test page's Pay) comes back here.
 */
async function refundSoldOut(
  deps: FulfilmentDeps,
  order: {
    id: string
    provider: string
    providerSessionId: string
    amountCents: number
    currency: string
    email: string
    productId: string
    userId: string | null
  },
) {
  // Paid by gift card alone: nothing to ask a provider; the card is credited below.
  const provider = order.provider === 'gift_card' ? null : (deps.providerFor?.(order.provider) ?? null)
  if (!provider && order.provider !== 'gift_card')
    throw new Error(`no ${order.provider} provider to refund a sold-out order with`)
  try {
    await runOnce(deps.db, { scope: 'refund', key: order.id }, async (claim) => {
      const { reference } =
        provider && order.amountCents > 0
          ? await provider.refund({
              providerSessionId: order.providerSessionId,
              amountCents: order.amountCents,
              currency: order.currency,
              idempotencyKey: `refund-${order.id}`,
            })
          : { reference: null }
      await deps.db.transaction(async (tx) => {
        const now = new Date()
        const moved = await markFailedOrderRefunded(tx, order.id, now)
        if (moved) {
          // A gift card's part goes back to the card; the code's use is given back too.
          await releaseOrderCodes(tx, order.id, { giftCardKind: 'refund', discount: true })
          await addOrderHistory(tx, {
            orderId: order.id,
            event: 'refunded',
            fromStatus: 'failed',
            toStatus: 'refunded',
            note: `Sold out when the payment arrived: refunded automatically${reference ? ` (provider reference ${reference})` : ''}`,
          })
          await recordAudit(tx, {
            actorId: null,
            action: 'order.refunded',
            entity: 'order',
            entityId: order.id,
            before: { status: 'failed' },
            after: { status: 'refunded', refundedAt: now },
            data: { reason: 'sold_out', provider: order.provider, reference, amountCents: order.amountCents },
          })
          const productName = await productNameOf(tx, order.productId)
          await deps.mailer.send(
            await soldOutRefundMail({
              orderNumber: orderNumber(order.providerSessionId, order.id),
              orderUrl: orderPageUrl(deps.publicUrl, order.userId),
              email: order.email,
              product: productName ?? 'your box',
              amountCents: order.amountCents,
            }),
            { transaction: tx as unknown as Db },
          )
        }
        await completeClaim(tx as unknown as Db, claim, { reference })
      })
      return { reference }
    })
  } catch (err) {
    // Another call is refunding this very order right now: it finishes the job.
    if (err instanceof ClaimBusyError) return
    throw err
  }
  deps.logger.warn({ orderId: order.id }, 'paid order for a sold-out product: refunded automatically')
}

/** A declined, failed or expired payment: `failed`; a cancelled one: `cancelled`. Only from pending. */
export async function closeUnpaidSession(
  db: Db,
  sessionId: string,
  status: 'failed' | 'cancelled',
  note: string,
) {
  return db.transaction(async (tx) => {
    const now = new Date()
    const moved = await closePendingOrder(tx, sessionId, status, now)
    if (moved) {
      await addOrderHistory(tx, {
        orderId: moved.id,
        event: 'status',
        fromStatus: 'pending',
        toStatus: status,
        note,
      })
      // The code's use and the gift card's money it held come back (issue 33).
      await releaseOrderCodes(tx, moved.id, { giftCardKind: 'release', discount: true })
    }
    return !!moved
  })
}

/** Test-mode payment sessions expire unpaid after a day, as Stripe Checkout's do by default. */
export const TEST_SESSION_LIFETIME_HOURS = 24

/**
 * Cancels test-mode orders left unpaid past TEST_SESSION_LIFETIME_HOURS (all of them, or the
 * one of `sessionId`): their payment page no longer takes a payment, and the admin's list no
 * longer shows an abandoned checkout as awaiting payment forever. Stripe's sessions are closed
 * by its own `checkout.session.expired` event instead: only Stripe knows whether one was paid.
 */
export async function expireTestSessions(db: Db, sessionId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await cancelStaleTestOrders(tx, TEST_SESSION_LIFETIME_HOURS, sessionId)
    for (const { id } of expired) await releaseOrderCodes(tx, id, { giftCardKind: 'release', discount: true })
    if (expired.length)
      await addOrderHistory(
        tx,
        expired.map(({ id }) => ({
          orderId: id,
          event: 'status' as const,
          fromStatus: 'pending' as const,
          toStatus: 'cancelled' as const,
          note: 'Checkout expired unpaid (test mode)',
        })),
      )
    return expired.length
  })
}

/** How long an order may wait for its payment session (the provider failed; a keyed retry reuses it). */
export const SESSIONLESS_ORDER_MINUTES = 60

/**
 * Cancels pending orders that never got a payment session (the provider failed after the
 * codes were taken, and the keyed retry never came), giving their code's use and gift card
 * money back (decision 057). Run with the checkout's housekeeping.
 */
export async function expireSessionlessOrders(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await cancelSessionlessOrders(tx, SESSIONLESS_ORDER_MINUTES)
    for (const { id } of expired) {
      await addOrderHistory(tx, {
        orderId: id,
        event: 'status',
        fromStatus: 'pending',
        toStatus: 'cancelled',
        note: 'No payment page could be opened',
      })
      await releaseOrderCodes(tx, id, { giftCardKind: 'release', discount: true })
    }
    return expired.length
  })
}

/**
 * A guest's orders become an account's when its owner has proven the address and the password
 * together: at a password reset by mail (auth.ts). Never on a verification alone: anyone can
 * sign up first with a buyer's address and choose the password (decision 032).
 * An order that would be a second completed one for the same product becomes `paid`.
 */
export async function claimGuestOrders(db: Db, user: { id: string; email: string; emailVerified: boolean }) {
  if (!user.emailVerified) return 0
  return db.transaction(async (tx) => {
    const guest = await lockGuestOrdersOf(tx, user.email)
    for (const order of guest) {
      let status = order.status
      if (status === 'completed' && (await hasCompletedOrderOf(tx, user.id, order.productId))) status = 'paid'
      await assignOrderTo(tx, order.id, user.id, status)
    }
    return guest.length
  })
}

/** The lines of orders, by order id, in their order. */
async function itemsOf(db: Db, orderIds: string[]) {
  if (!orderIds.length) return new Map<string, BuyerItem[]>()
  const rows = await buyerItemRows(db, orderIds)
  const byOrder = new Map<string, BuyerItem[]>()
  for (const { order_id, ...item } of rows) byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), item])
  return byOrder
}
type BuyerItem = {
  product_slug: string
  product_title: string
  quantity: number
  unit_price_cents: number
  line_total_cents: number
}

async function withItems<T extends { order_id: string; provider: string; tax_cents: number }>(
  db: Db,
  rows: T[],
) {
  const items = await itemsOf(
    db,
    rows.map((r) => r.order_id),
  )
  return rows.map(({ provider, ...row }) => ({
    ...row,
    items: items.get(row.order_id) ?? [],
    tax_note: row.tax_cents ? 'Tax' : provider === 'stripe' ? TAX_NOTES.stripe : TAX_NOTES.test,
    // Said on the confirmation page only (`findOrderBySession`).
    gift_card_sent: null as { recipient: string; deliver_on: string | null } | null,
  }))
}

export async function findOrderBySession(db: Db, sessionId: string) {
  const rows = await buyerOrderRowsBySession(db, sessionId)
  const order = (await withItems(db, rows))[0]
  if (!order) return null
  // A bought gift card ships nothing: its confirmation says whom it is mailed to, and when.
  const giftCardSent =
    order.product_slug === GIFT_CARD_PRODUCT_SLUG ? await cardSentBy(db, order.order_id) : null
  return { ...order, gift_card_sent: giftCardSent }
}

/** Statuses of an order that was paid: the buyer's account lists only these (attempts are the admin's). */
export const PAID_STATUSES = ['paid', 'completed', 'refunded'] as const

export async function listOrdersOf(db: Db, userId: string) {
  const rows = await buyerOrderRowsOf(db, userId, [...PAID_STATUSES])
  return withItems(db, rows)
}

async function confirmationFor(db: Db, orderId: string, publicUrl: string) {
  const row = await confirmationRowOf(db, orderId)
  if (!row) return null
  const lines = await confirmationLinesOf(db, orderId)
  const product = lines.length > 1 ? `${lines.length} boxes` : row.product
  return orderConfirmationMail({
    ...row,
    product,
    lines,
    giftCardSent: row.productSlug === GIFT_CARD_PRODUCT_SLUG ? await cardSentBy(db, orderId) : null,
    taxNote: TAX_NOTES[row.provider === 'stripe' ? 'stripe' : 'test'],
    orderUrl: orderPageUrl(publicUrl, row.userId),
  })
}

/** What the test-mode payment page shows of a session (a read of `queries.ts`). */
export { findTestSession } from './queries'

type OrderTx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * A subscription's month as an order (issue 34): paid, 0 to the buyer (the month's payment
 * is the subscription's), its one line the month's box times the plan's boxes, to the
 * subscriber's address, so it enters the fulfilment queue, its packing slip and its shipped
 * mail like any order. Stock is taken in the caller's transaction as a payment takes it
 * (decision 046); `sold-out` makes no order. The caller holds the period's unique row, so
 * this runs once per (subscription, month).
 */
export async function createSubscriptionShipmentOrder(
  tx: OrderTx,
  shipment: ShipmentOrder,
): Promise<{ orderId: string } | 'sold-out'> {
  const stock = await takeStockOfLines(tx, [{ productId: shipment.productId, quantity: shipment.quantity }])
  if (stock === 'sold-out') return 'sold-out'
  const orderId = await insertShipmentOrder(tx, shipment, new Date())
  return { orderId }
}
