import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderHistory, orders, products } from '../../db/schema'
import { ClaimBusyError, completeClaim, runOnce } from '../../lib/claim-once'
import { ApiError, conflict } from '../../lib/errors'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'
import { releaseOrderCodes } from '../discounts/service'
import { type PaymentProvider, type Payments, providerFor } from '../payments/service'
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
 * Refunds an order once, without a row lock held while the provider is asked (decision 023):
 *
 * 1. Read the order: unknown is 404; refunded already, or not paid, is a 409.
 * 2. Claim the order's refund (`lib/claim-once`): of concurrent refunds, one goes on, the
 *    rest wait for it and are then told it is refunded already (409).
 * 3. The holder asks the provider, outside any transaction, with the order's own
 *    idempotency key, so a retry after a crash never refunds twice.
 * 4. One short transaction locks the order, checks it is still refundable, marks it
 *    `refunded` (which also ends the access a completed order gave) with its history and
 *    audit entries, and writes the claim's answer.
 *
 * The mail goes out after the commit.
 */
export async function refundOrder(deps: Deps, actorId: string, orderId: string): Promise<FulfilmentOutcome> {
  const [order] = await deps.db
    .select(refundColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
  if (!order) return { ok: false, reason: 'not_found' }
  if (order.status === 'refunded') throw conflict('This order has already been refunded.')
  if (!(REFUNDABLE as readonly string[]).includes(order.status))
    throw conflict('Only a paid or completed order can be refunded.')

  let refund: { first: boolean }
  try {
    refund = await runOnce(deps.db, { scope: 'refund', key: order.id }, async (claim) => {
      const outcome = await refundWithProvider(deps.payments, {
        provider: order.provider,
        providerSessionId: order.providerSessionId,
        amountCents: order.amountCents,
        currency: order.currency,
        idempotencyKey: `refund-${order.id}`,
      })
      await deps.db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, order.id))
          .for('update')
        if (!locked || !(REFUNDABLE as readonly string[]).includes(locked.status))
          throw conflict('This order has already been refunded.')
        const now = new Date()
        await tx
          .update(orders)
          .set({ status: 'refunded', refundedAt: now, updatedAt: now })
          .where(and(eq(orders.id, order.id), inArray(orders.status, [...REFUNDABLE])))
        await tx.insert(orderHistory).values({
          orderId: order.id,
          event: 'refunded',
          fromStatus: locked.status,
          toStatus: 'refunded',
          note: outcome.reference ? `Provider reference ${outcome.reference}` : null,
          actorId,
        })
        // The part paid by gift card goes back to the card (issue 33); the code's use stays.
        const { giftCardCents } = await releaseOrderCodes(tx, order.id, {
          giftCardKind: 'refund',
          discount: false,
        })
        await recordAudit(tx, {
          actorId,
          action: 'order.refunded',
          entity: 'order',
          entityId: order.id,
          before: { status: locked.status },
          after: { status: 'refunded', refundedAt: now },
          data: {
            provider: order.provider,
            reference: outcome.reference,
            amountCents: order.amountCents,
            ...(giftCardCents ? { giftCardCents } : {}),
          },
        })
        await completeClaim(tx as unknown as Db, claim, outcome)
      })
      return outcome
    })
  } catch (err) {
    if (err instanceof ClaimBusyError)
      throw conflict('This order is being refunded right now. Reload the page in a moment.')
    throw err
  }
  if (!refund.first) throw conflict('This order has already been refunded.')
  await deps.mailer.send(await refundMail(order))
  return { ok: true }
}

const refundColumns = {
  id: orders.id,
  status: orders.status,
  provider: orders.provider,
  providerSessionId: orders.providerSessionId,
  amountCents: orders.amountCents,
  currency: orders.currency,
  email: orders.email,
  product: products.name,
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
  // A grant moved no money; an order paid by gift card alone (or to the cent) charged no card.
  if (request.provider === 'admin' || request.provider === 'gift_card' || request.amountCents === 0)
    return { reference: null }
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
