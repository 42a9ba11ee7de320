import { createHash } from 'node:crypto'
import type { CustomerInfo, PaymentMethod } from '@lamplight/contracts'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { checkoutRequests, orderHistory, orders, paymentEvents, products } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail'
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
    const { email: _email, ...address } = order.shippingAddress ?? ({} as CustomerInfo)
    const [row] = await tx
      .insert(orders)
      .values({
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
      .returning({ id: orders.id })
    await tx.insert(orderHistory).values({ orderId: row!.id, event: 'created', toStatus: 'pending' })
    return row!.id
  })
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

/**
 * create-checkout with the client's idempotency key, in one transaction: claim (buyer, key)
 * first, then ask the provider, then write the order and the claim's answer. A concurrent
 * request with the same key waits on the claim's unique constraint until this transaction
 * ends (PostgreSQL does; PGlite runs one transaction at a time), then reads the answer, so
 * the provider is asked once. If this transaction fails, the claim goes with it and a retry
 * starts afresh (with the same order id: see `keyedOrderId`).
 */
export async function createPendingOrderOnce(
  db: Db,
  claim: { userId: string | null; key: string; requestHash: string },
  openSession: (orderId: string) => Promise<{ id: string; url: string }>,
  order: NewOrder,
): Promise<{ url: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(checkoutRequests)
      .values(claim)
      .onConflictDoNothing()
      .returning({ id: checkoutRequests.id })
    if (!claimed) {
      const [first] = await tx
        .select({ requestHash: checkoutRequests.requestHash, url: checkoutRequests.url })
        .from(checkoutRequests)
        .where(
          and(
            claim.userId ? eq(checkoutRequests.userId, claim.userId) : isNull(checkoutRequests.userId),
            eq(checkoutRequests.key, claim.key),
          ),
        )
      if (first?.requestHash !== claim.requestHash)
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This checkout was already started with different details. Please reload the page and try again.',
        )
      return { url: first.url!, created: false }
    }
    const orderId = keyedOrderId(claim.userId, claim.key)
    const session = await openSession(orderId)
    await createPendingOrder(tx as unknown as Db, { ...order, id: orderId, providerSessionId: session.id })
    await tx
      .update(checkoutRequests)
      .set({ orderId, url: session.url })
      .where(eq(checkoutRequests.id, claimed.id))
    return { url: session.url, created: true }
  })
}

export type Fulfilment = 'fulfilled' | 'already' | 'unknown' | 'not-payable'

/**
 * Fulfils a paid session, exactly once. The order becomes `completed` (access to the
 * product) or, when the buyer already owns it, `paid` (the one-completed-order rule stays
 * true; the box still ships). Only the call that moves it from `pending` sends the mail.
 */
export async function fulfilPaidSession(deps: Deps, sessionId: string): Promise<Fulfilment> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, userId: orders.userId, productId: orders.productId })
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
    return { result: 'fulfilled' as const, orderId: order.id }
  })
  if (outcome.result === 'fulfilled') deps.mailer.wake()
  return outcome.result
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

/**
 * A guest's orders become an account's once the account's email is verified (never on an
 * unverified claim, or anyone could sign up with a buyer's address and take their box).
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
      name: orders.customerName,
      amountCents: orders.amountCents,
      product: products.name,
      address: orders.shippingAddress,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
  return row ? orderConfirmationMail(row) : null
}

export { orderNumber } from './mails'

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
