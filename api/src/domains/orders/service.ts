import { createHash } from 'node:crypto'
import type { CustomerInfo, PaymentMethod } from '@lamplight/contracts'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { checkoutRequests, orderHistory, orders, paymentEvents, products, user } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'
import type { PublicCache } from '../../services/public-cache'
import { takeStock } from '../catalog/stock'
import { type Payments, providerFor } from '../payments/provider'
import { soldOutRefundMail } from './fulfilment-mails'
import { orderConfirmationMail } from './mails'

/**
 * The life of a bought order, in one place: created pending with its payment session,
 * then paid (fulfilled) exactly once, or failed, or cancelled. Every transition is a
 * conditional update on the current status, so however many callers race (webhook
 * replays, the test page's Pay pressed twice, the success page), one wins, and only the
 * winner writes the history and sends the mail.
 */
type Deps = { db: Db; mailer: Mailer; logger: Logger }

export type NewOrder = {
  userId: string | null
  email: string
  customerName: string | null
  productId: string
  amountCents: number
  currency: string
  provider: 'test' | 'stripe'
  paymentMethod: PaymentMethod | null
  shippingAddress: CustomerInfo | null
}

/**
 * Records a pending order with its payment session, in one transaction: the caller makes
 * the session first (for the order id it chose), so a database that fails here leaves
 * nothing behind, and the client's retry makes one order, not an orphan without a session.
 */
export async function createPendingOrder(
  db: Db,
  order: NewOrder & { id: string; providerSessionId: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    await insertPendingOrder(tx as unknown as Db, order)
    return order.id
  })
}

/**
 * Inserts the order and its `created` history line; with `ifAbsent`, an order that already
 * has this id is left as it is (answers false) instead of failing.
 */
async function insertPendingOrder(
  tx: Db,
  order: NewOrder & { id: string; providerSessionId: string },
  { ifAbsent = false } = {},
): Promise<boolean> {
  const { email: _email, ...address } = order.shippingAddress ?? ({} as CustomerInfo)
  const insert = tx.insert(orders).values({
    id: order.id,
    providerSessionId: order.providerSessionId,
    userId: order.userId,
    email: order.email.toLowerCase(),
    customerName: order.customerName,
    productId: order.productId,
    amountCents: order.amountCents,
    currency: order.currency,
    status: 'pending',
    provider: order.provider,
    paymentMethod: order.paymentMethod,
    shippingAddress: order.shippingAddress ? address : null,
  })
  const [row] = await (ifAbsent ? insert.onConflictDoNothing({ target: orders.id }) : insert).returning({
    id: orders.id,
  })
  if (!row) return false
  await tx.insert(orderHistory).values({ orderId: row.id, event: 'created', toStatus: 'pending' })
  return true
}

/**
 * The order id of a keyed checkout: derived from the buyer and their key, so a retry after
 * a failed transaction asks the provider again with the same order id, and so the same
 * provider idempotency key (`checkout-<order id>`), and gets the same session back instead
 * of leaving one unpaid. The buyer is in it, so two buyers' keys never meet at the provider.
 * A UUID of version 8 (RFC 9562: custom).
 */
export function keyedOrderId(userId: string | null, key: string): string {
  const b = createHash('sha256')
    .update(`checkout-order\n${userId ?? ''}\n${key}`)
    .digest()
  b[6] = (b[6]! & 0x0f) | 0x80
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = b.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** What a keyed checkout compares: the body as parsed (the schema fixes its keys' order). */
export const requestHashOf = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex')

/** How long a keyed checkout holds its claim, waits for another's, and how often it looks. */
export type ClaimTiming = { leaseMs: number; waitMs: number; pollMs: number }

export const CLAIM_TIMING: ClaimTiming = {
  // Longer than the provider may legitimately take (the Stripe client's 15 s timeout, tried
  // three times): a claim older than this belongs to a request that died. Taking over a live
  // one too early costs a second provider call, never a second order (see below).
  leaseMs: 60_000,
  // A provider call takes well under a second usually; past this, answer 409 and let the
  // buyer try again rather than hold the request open.
  waitMs: 5_000,
  pollMs: 100,
}

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const leaseFromNow = (timing: ClaimTiming) => sql`now() + make_interval(secs => ${timing.leaseMs / 1000})`

/**
 * create-checkout with the client's idempotency key: at most one order and one provider
 * session per (buyer, key), with no transaction open while the provider is asked (on PGlite
 * one would stop every other request of the site; on PostgreSQL it would hold a row lock and
 * a pooled connection for a network call). Decision 023. Three steps:
 *
 * 1. Claim (buyer, key): one insert ... on conflict do nothing, which takes a lease.
 * 2. The claimant asks the provider, outside any transaction, for the order id derived from
 *    buyer and key (`keyedOrderId`), so the provider's idempotency key is the same on every
 *    attempt and a repeated call answers the same session.
 * 3. One short transaction locks the claim and, unless it is answered already, writes the
 *    order (idempotent on its primary key) and the answer (order id, URL). The first to
 *    complete wins; a later completer answers the winner's URL.
 *
 * A request that finds the claim answers its URL; finds it unanswered, waits for it (polling
 * the row), or takes it over when its lease ran out (its request died: an update on the
 * expired lease, so only one takes it) and completes it the same way. Another body with the
 * key is 422; a wait that runs out is 409. A failed claimant gives its lease up, so the
 * client's retry takes over at once instead of waiting for the lease.
 */
export async function createPendingOrderOnce(
  db: Db,
  claim: { userId: string | null; key: string; requestHash: string },
  openSession: (orderId: string) => Promise<{ id: string; url: string }>,
  order: NewOrder,
  timing: ClaimTiming = CLAIM_TIMING,
): Promise<{ url: string; created: boolean }> {
  const orderId = keyedOrderId(claim.userId, claim.key)
  const ofThisKey = and(
    claim.userId ? eq(checkoutRequests.userId, claim.userId) : isNull(checkoutRequests.userId),
    eq(checkoutRequests.key, claim.key),
  )
  const deadline = Date.now() + timing.waitMs
  for (;;) {
    const [claimed] = await db
      .insert(checkoutRequests)
      .values({ ...claim, leaseExpiresAt: leaseFromNow(timing) })
      .onConflictDoNothing()
      .returning({ id: checkoutRequests.id })
    if (claimed) return completeClaim(db, claimed.id, orderId, openSession, order)
    // Claimed before: by this buyer's first attempt, or one running now.
    for (;;) {
      const [first] = await db
        .select({
          id: checkoutRequests.id,
          requestHash: checkoutRequests.requestHash,
          url: checkoutRequests.url,
          expired: sql<boolean>`${checkoutRequests.leaseExpiresAt} <= now()`,
        })
        .from(checkoutRequests)
        .where(ofThisKey)
      if (!first) break // purged meanwhile: claim it afresh
      if (first.requestHash !== claim.requestHash) throw keyReused()
      if (first.url) return { url: first.url, created: false }
      if (first.expired) {
        const [taken] = await db
          .update(checkoutRequests)
          .set({ leaseExpiresAt: leaseFromNow(timing) })
          .where(
            and(
              eq(checkoutRequests.id, first.id),
              isNull(checkoutRequests.url),
              sql`${checkoutRequests.leaseExpiresAt} <= now()`,
            ),
          )
          .returning({ id: checkoutRequests.id })
        if (taken) return completeClaim(db, taken.id, orderId, openSession, order)
        continue // another request took it over first: wait for it like the rest
      }
      if (Date.now() >= deadline) throw keyInProgress()
      await sleep(timing.pollMs)
    }
  }
}

/** Steps 2 and 3 of `createPendingOrderOnce`, for the request that holds the claim. */
async function completeClaim(
  db: Db,
  claimId: string,
  orderId: string,
  openSession: (orderId: string) => Promise<{ id: string; url: string }>,
  order: NewOrder,
): Promise<{ url: string; created: boolean }> {
  try {
    const session = await openSession(orderId)
    return await db.transaction(async (tx) => {
      const [claim] = await tx
        .select({ url: checkoutRequests.url })
        .from(checkoutRequests)
        .where(eq(checkoutRequests.id, claimId))
        .for('update')
      // Completed meanwhile by a request that took the claim over: the provider's session is
      // the same one (same idempotency key), and the order is written; answer it.
      if (claim?.url) return { url: claim.url, created: false }
      const created = await insertPendingOrder(
        tx as unknown as Db,
        { ...order, id: orderId, providerSessionId: session.id },
        { ifAbsent: true },
      )
      if (!created) {
        // The order exists while its claim is unanswered: the claim was purged (a day old)
        // and the key sent again, and the provider no longer knows its idempotency key.
        const [existing] = await tx
          .select({ sessionId: orders.providerSessionId })
          .from(orders)
          .where(eq(orders.id, orderId))
        if (existing?.sessionId !== session.id) throw keyReused()
      }
      await tx
        .update(checkoutRequests)
        .set({ orderId, url: session.url })
        .where(eq(checkoutRequests.id, claimId))
      return { url: session.url, created }
    })
  } catch (err) {
    // Give the lease up, so the client's retry takes over now rather than after the lease.
    // If the database is what failed, this fails too and the lease runs out by itself.
    await db
      .update(checkoutRequests)
      .set({ leaseExpiresAt: sql`now()` })
      .where(and(eq(checkoutRequests.id, claimId), isNull(checkoutRequests.url)))
      .catch(() => {})
    throw err
  }
}

/** Idempotency keys are kept a day: long enough for any retry of a checkout. */
export const CHECKOUT_KEY_LIFETIME_HOURS = 24

/** Deletes keyed-checkout claims older than a day, answered or not (their orders stay). */
export async function purgeCheckoutRequests(db: Db): Promise<number> {
  const gone = await db
    .delete(checkoutRequests)
    .where(
      sql`${checkoutRequests.createdAt} < now() - make_interval(hours => ${CHECKOUT_KEY_LIFETIME_HOURS})`,
    )
    .returning({ id: checkoutRequests.id })
  return gone.length
}

export type Fulfilment = 'fulfilled' | 'already' | 'unknown' | 'not-payable' | 'sold-out'

/** Fulfilment also takes stock; a payment for a box that sold out meanwhile is refunded. */
export type FulfilmentDeps = Deps & { payments?: Payments; publicCache?: PublicCache }

/**
 * Fulfils a paid session, exactly once. The order becomes `completed` (access to the
 * product) or, when the buyer already owns it, `paid` (the one-completed-order rule stays
 * true; the box still ships). Only the call that moves it from `pending` sends the mail.
 */
export async function fulfilPaidSession(deps: FulfilmentDeps, sessionId: string): Promise<Fulfilment> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        userId: orders.userId,
        productId: orders.productId,
        provider: orders.provider,
        amountCents: orders.amountCents,
        currency: orders.currency,
        email: orders.email,
      })
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId))
      .for('update')
    if (!order) return { result: 'unknown' as const }
    if (order.status !== 'pending') {
      return {
        result: (order.status === 'completed' || order.status === 'paid'
          ? 'already'
          : 'not-payable') as Fulfilment,
      }
    }
    let owned = false
    if (order.userId) {
      const [existing] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, order.userId),
            eq(orders.productId, order.productId),
            eq(orders.status, 'completed'),
          ),
        )
        .limit(1)
      owned = !!existing
    }
    // Step "take stock", in this transaction: the box is the buyer's exactly when the order is paid.
    const stock = await takeStock(tx, order.productId)
    if (stock === 'sold-out') {
      await refundSoldOut(deps, tx, { ...order, providerSessionId: sessionId })
      return { result: 'sold-out' as const, stockMoved: false }
    }
    const status = owned ? 'paid' : 'completed'
    const now = new Date()
    const [moved] = await tx
      .update(orders)
      .set({ status, paidAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id })
    if (!moved) return { result: 'already' as const }
    await tx.insert(orderHistory).values({
      orderId: order.id,
      event: 'status',
      fromStatus: 'pending',
      toStatus: status,
      note: 'Payment received',
    })
    // The confirmation is queued in the same transaction: a database lost after the commit
    // cannot leave a paid order without its mail (a retry finds it paid and sends nothing).
    const mail = await confirmationFor(tx, order.id)
    if (mail) await deps.mailer.send(mail, { transaction: tx })
    return { result: 'fulfilled' as const, stockMoved: stock === 'taken' }
  })
  if (outcome.result === 'fulfilled' || outcome.result === 'sold-out') deps.mailer.wake()
  // Public pages say how many are left and whether it is sold out: forget them now.
  if ('stockMoved' in outcome && (outcome.stockMoved || outcome.result === 'sold-out'))
    await deps.publicCache?.invalidate('catalog')
  return outcome.result
}

/**
 * Undo of a payment the shop cannot fill (the last box went to a payment that committed
 * first): the provider refunds it with the order's own idempotency key (a retry after a
 * crash never refunds twice), the order becomes `refunded` with its history and audit
 * entries, and the buyer's mail saying why is queued, all in the fulfilment's transaction.
 * A provider that fails rolls it all back: the order stays pending and the provider's
 * retry (Stripe's webhook, the test page's Pay) comes back here.
 */
async function refundSoldOut(
  deps: FulfilmentDeps,
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  order: {
    id: string
    provider: string
    providerSessionId: string
    amountCents: number
    currency: string
    email: string
    productId: string
  },
) {
  const provider = deps.payments ? providerFor(deps.payments, order.provider) : null
  if (!provider) throw new Error(`no ${order.provider} provider to refund a sold-out order with`)
  const { reference } = await provider.refund({
    providerSessionId: order.providerSessionId,
    amountCents: order.amountCents,
    currency: order.currency,
    idempotencyKey: `refund-${order.id}`,
  })
  const now = new Date()
  await tx
    .update(orders)
    .set({ status: 'refunded', paidAt: now, refundedAt: now, updatedAt: now })
    .where(eq(orders.id, order.id))
  await tx.insert(orderHistory).values({
    orderId: order.id,
    event: 'refunded',
    fromStatus: 'pending',
    toStatus: 'refunded',
    note: `Sold out when the payment arrived: refunded automatically${reference ? ` (provider reference ${reference})` : ''}`,
  })
  await recordAudit(tx, {
    actorId: null,
    action: 'order.refunded',
    entity: 'order',
    entityId: order.id,
    before: { status: 'pending' },
    after: { status: 'refunded', refundedAt: now },
    data: { reason: 'sold_out', provider: order.provider, reference, amountCents: order.amountCents },
  })
  const [product] = await tx
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, order.productId))
  await deps.mailer.send(
    await soldOutRefundMail({
      id: order.id,
      email: order.email,
      product: product?.name ?? 'your box',
      amountCents: order.amountCents,
    }),
    { transaction: tx as unknown as Db },
  )
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
    const [moved] = await tx
      .update(orders)
      .set({ status, updatedAt: now })
      .where(and(eq(orders.providerSessionId, sessionId), eq(orders.status, 'pending')))
      .returning({ id: orders.id })
    if (moved)
      await tx
        .insert(orderHistory)
        .values({ orderId: moved.id, event: 'status', fromStatus: 'pending', toStatus: status, note })
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
    const expired = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(
        and(
          eq(orders.provider, 'test'),
          eq(orders.status, 'pending'),
          sql`${orders.createdAt} < now() - make_interval(hours => ${TEST_SESSION_LIFETIME_HOURS})`,
          sessionId === undefined ? undefined : eq(orders.providerSessionId, sessionId),
        ),
      )
      .returning({ id: orders.id })
    if (expired.length)
      await tx.insert(orderHistory).values(
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

/**
 * A guest's orders become an account's when its owner has proven the address and the password
 * together: at a password reset by mail (auth.ts). Never on a verification alone: anyone can
 * sign up first with a buyer's address and choose the password (decision 032).
 * An order that would be a second completed one for the same product becomes `paid`.
 */
export async function claimGuestOrders(db: Db, user: { id: string; email: string; emailVerified: boolean }) {
  if (!user.emailVerified) return 0
  return db.transaction(async (tx) => {
    const guest = await tx
      .select({ id: orders.id, productId: orders.productId, status: orders.status })
      .from(orders)
      .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${user.email.toLowerCase()}`))
      .for('update')
    for (const order of guest) {
      let status = order.status
      if (status === 'completed') {
        const [owned] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.userId, user.id),
              eq(orders.productId, order.productId),
              eq(orders.status, 'completed'),
            ),
          )
          .limit(1)
        if (owned) status = 'paid'
      }
      await tx
        .update(orders)
        .set({ userId: user.id, status, updatedAt: new Date() })
        .where(eq(orders.id, order.id))
    }
    return guest.length
  })
}

const buyerOrderColumns = {
  order_id: orders.id,
  session_id: orders.providerSessionId,
  created_at: orders.createdAt,
  status: orders.status,
  amount_cents: orders.amountCents,
  currency: orders.currency,
  product_title: products.name,
  product_slug: products.slug,
  payment_method: orders.paymentMethod,
  shipping_address: orders.shippingAddress,
  tracking_number: orders.trackingNumber,
  shipped_at: orders.shippedAt,
  guest: sql<boolean>`${orders.userId} is null`,
}

export async function findOrderBySession(db: Db, sessionId: string) {
  const [row] = await db
    .select(buyerOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.providerSessionId, sessionId))
  return row ?? null
}

export async function listOrdersOf(db: Db, userId: string) {
  return db
    .select(buyerOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(eq(orders.userId, userId), sql`(${orders.provider} <> 'admin' or ${orders.status} = 'completed')`),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200)
}

async function confirmationFor(db: Db, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      sessionId: orders.providerSessionId,
      email: orders.email,
      amountCents: orders.amountCents,
      product: products.name,
      address: orders.shippingAddress,
      guest: sql<boolean>`${orders.userId} is null`,
      // The buyer's account proved (by a mailed link) that it owns the address we write to.
      ownAddress: sql<boolean>`coalesce(${user.emailVerified} and lower(${user.email}) = lower(${orders.email}), false)`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, orderId))
  return row ? orderConfirmationMail(row) : null
}

export type EventRecord = { provider: 'stripe'; eventId: string; type: string }

/**
 * Records a provider event; answers false when it was already processed (a replay), so the
 * caller can acknowledge it without doing anything. Processing is idempotent in any case:
 * two deliveries racing both reach fulfilment, and only one moves the order.
 */
export async function beginEvent(db: Db, event: EventRecord): Promise<boolean> {
  await db
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.type })
    .onConflictDoNothing()
  const [row] = await db
    .select({ processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)))
  return !row?.processedAt
}

export async function finishEvent(db: Db, event: EventRecord) {
  await db
    .update(paymentEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)))
}
