import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderHistory, orders, products } from '../../db/schema'
import { ApiError, conflict } from '../../lib/errors'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'
import { type PaymentProvider, type Payments, providerFor } from '../payments/provider'
import { refundMail, shippedMail } from './fulfilment-mails'

/**
 * What an admin does to an order after it is paid: refund it, mark it shipped. Each change
 * is one transaction with its status history entry and its audit entry; the customer's
 * mail goes out after the change is committed.
 */
type Deps = { db: Db; mailer: Mailer; payments: Payments }

const REFUNDABLE = ['paid', 'completed'] as const

export type FulfilmentOutcome = { ok: true } | { ok: false; reason: 'not_found' }

/**
 * Refunds an order once: the row is locked and must still be paid or completed, the
 * provider is asked with the order's own idempotency key, and only then does the status
 * become `refunded`, which also ends the access a completed order gave. A second refund,
 * concurrent or later, finds the order refunded and is refused with a 409.
 */
export async function refundOrder(deps: Deps, actorId: string, orderId: string): Promise<FulfilmentOutcome> {
  const refunded = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        provider: orders.provider,
        providerSessionId: orders.providerSessionId,
        amountCents: orders.amountCents,
        currency: orders.currency,
        email: orders.email,
        product: products.name,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders })
    if (!order) return null
    if (order.status === 'refunded') throw conflict('This order has already been refunded.')
    if (!(REFUNDABLE as readonly string[]).includes(order.status))
      throw conflict('Only a paid or completed order can be refunded.')

    const outcome = await refundWithProvider(deps.payments, {
      provider: order.provider,
      providerSessionId: order.providerSessionId,
      amountCents: order.amountCents,
      currency: order.currency,
      idempotencyKey: `refund-${order.id}`,
    })
    const now = new Date()
    const [updated] = await tx
      .update(orders)
      .set({ status: 'refunded', refundedAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...REFUNDABLE])))
      .returning({ id: orders.id })
    if (!updated) throw conflict('This order has already been refunded.')
    await tx.insert(orderHistory).values({
      orderId: order.id,
      event: 'refunded',
      fromStatus: order.status,
      toStatus: 'refunded',
      note: outcome.reference ? `Provider reference ${outcome.reference}` : null,
      actorId,
    })
    await recordAudit(tx, {
      actorId,
      action: 'order.refunded',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: 'refunded', refundedAt: now },
      data: { provider: order.provider, reference: outcome.reference, amountCents: order.amountCents },
    })
    return order
  })
  if (!refunded) return { ok: false, reason: 'not_found' }
  // Rendered once the transaction has committed, so the row locks are not held while it renders.
  await deps.mailer.send(await refundMail(refunded))
  return { ok: true }
}

/**
 * The money side of a refund: a grant moved none (revoking it is the whole refund); a paid
 * order is refunded by the provider that took it, with the order's own idempotency key, so
 * a retry after a crash never refunds twice. A provider that is not configured now is a 502
 * (refund it in that provider's dashboard).
 */
async function refundWithProvider(
  payments: Payments,
  request: { provider: string } & Parameters<PaymentProvider['refund']>[0],
) {
  if (request.provider === 'admin') return { reference: null }
  const provider = providerFor(payments, request.provider)
  if (!provider)
    throw new ApiError(
      502,
      'provider_unavailable',
      'Refunds through this payment provider are not available here. Refund it in the provider’s dashboard.',
    )
  return provider.refund(request)
}

/** Records the tracking number and tells the customer. Marking it again with the same number changes nothing. */
export async function markOrderShipped(
  deps: Pick<Deps, 'db' | 'mailer'>,
  actorId: string,
  orderId: string,
  trackingNumber: string,
): Promise<FulfilmentOutcome> {
  const shipped = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        provider: orders.provider,
        email: orders.email,
        product: products.name,
        amountCents: orders.amountCents,
        trackingNumber: orders.trackingNumber,
        shippedAt: orders.shippedAt,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders })
    if (!order) return null
    if (!(REFUNDABLE as readonly string[]).includes(order.status))
      throw conflict('Only a paid or completed order can be shipped.')
    if (order.provider === 'admin') throw conflict('Granted access has nothing to ship.')
    if (order.shippedAt && order.trackingNumber === trackingNumber) return 'unchanged' as const

    const now = new Date()
    await tx
      .update(orders)
      .set({ trackingNumber, shippedAt: order.shippedAt ?? now, updatedAt: now })
      .where(eq(orders.id, order.id))
    await tx.insert(orderHistory).values({
      orderId: order.id,
      event: 'shipped',
      fromStatus: order.status,
      toStatus: order.status,
      note: order.shippedAt
        ? `Tracking number changed to ${trackingNumber}`
        : `Tracking number ${trackingNumber}`,
      actorId,
    })
    await recordAudit(tx, {
      actorId,
      action: 'order.shipped',
      entity: 'order',
      entityId: order.id,
      before: { trackingNumber: order.trackingNumber, shippedAt: order.shippedAt },
      after: { trackingNumber, shippedAt: order.shippedAt ?? now },
    })
    return { ...order, trackingNumber }
  })
  if (!shipped) return { ok: false, reason: 'not_found' }
  if (shipped !== 'unchanged') await deps.mailer.send(await shippedMail(shipped))
  return { ok: true }
}
