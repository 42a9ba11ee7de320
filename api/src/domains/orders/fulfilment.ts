import { type Carrier, orderNumber } from '@lamplight/contracts'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderHistory, orderItems, orders, shipmentItems, shipments } from '../../db/schema'
import { ClaimBusyError, completeClaim, runOnce } from '../../lib/claim-once'
import { ApiError, conflict } from '../../lib/errors'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'
import { type PaymentProvider, type Payments, providerFor } from '../payments/service'
import { orderPageUrl, refundMail, shippedMail } from './fulfilment-mails'

/**
 * What an admin does to an order after it is paid: refund it, mark it shipped. Each change
 * is one transaction with its status history entry and its audit entry; the customer's
 * mail goes out after the change is committed.
 */
type Deps = { db: Db; mailer: Mailer; payments: Payments; publicUrl: string }

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
  const [order] = await deps.db.select(refundColumns).from(orders).where(eq(orders.id, orderId))
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
        await recordAudit(tx, {
          actorId,
          action: 'order.refunded',
          entity: 'order',
          entityId: order.id,
          before: { status: locked.status },
          after: { status: 'refunded', refundedAt: now },
          data: { provider: order.provider, reference: outcome.reference, amountCents: order.amountCents },
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
  const lines = await linesWithShipped(deps.db, order.id)
  await deps.mailer.send(
    await refundMail({
      email: order.email,
      orderNumber: orderNumber(order.providerSessionId, order.id),
      amountCents: order.amountCents,
      lines: lines.map((line) => ({ name: line.name, quantity: line.quantity })),
      whole: true,
      orderUrl: orderPageUrl(deps.publicUrl, order.userId),
    }),
  )
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
  userId: orders.userId,
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

export type ShipRequest = {
  orderId: string
  carrier: Carrier
  trackingNumber: string
  /** Some lines now (a partial shipment); left out, everything not shipped yet. */
  lines?: { product_id: string; quantity: number }[]
}

export type ShipOutcome =
  | { result: 'shipped' | 'unchanged'; orderNumber: string }
  | { result: 'not_found' }
  | { result: 'refused'; orderNumber: string; message: string }

type ShipDeps = Pick<Deps, 'db' | 'mailer'> & { publicUrl: string }

/**
 * Ships an order, or some of its lines, exactly once (issue 35). One transaction locks the
 * order row, reads what is left to ship (the lines less what earlier shipments took), writes
 * the shipment with its lines, the order's fulfilment status, its history and audit entries,
 * and queues the buyer's mail in the outbox: two requests for the same order (a double
 * click, two admins, the queue and the detail page) take the lock in turn, and the second
 * finds nothing left to ship, so there is one shipment and one mail whatever the timing.
 *
 * Asking again for an order with nothing left, with the same tracking number, is
 * `unchanged` (a retried request); with another number it is refused: a correction is not
 * a second parcel.
 */
export async function shipOrder(deps: ShipDeps, actorId: string, request: ShipRequest): Promise<ShipOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<ShipOutcome> => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        provider: orders.provider,
        providerSessionId: orders.providerSessionId,
        userId: orders.userId,
        email: orders.email,
        fulfilmentStatus: orders.fulfilmentStatus,
        trackingNumber: orders.trackingNumber,
        shippedAt: orders.shippedAt,
      })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for('update')
    if (!order) return { result: 'not_found' }
    const number = orderNumber(order.providerSessionId, order.id)
    const refuse = (message: string): ShipOutcome => ({ result: 'refused', orderNumber: number, message })
    if (!(REFUNDABLE as readonly string[]).includes(order.status))
      return refuse('Only a paid or completed order can be shipped.')
    if (order.provider === 'admin') return refuse('Granted access has nothing to ship.')

    const lines = await linesWithShipped(tx as unknown as Db, order.id)
    const left = lines.filter((line) => line.quantity > line.shipped)
    // An order from before order lines (none in a migrated database; made by hand in tests)
    // ships whole, once.
    const wholeLeft = lines.length === 0 && order.fulfilmentStatus === 'unfulfilled'
    if (!left.length && !wholeLeft) {
      if (!request.lines && order.trackingNumber === request.trackingNumber)
        return { result: 'unchanged', orderNumber: number }
      return refuse('Everything in this order has shipped already.')
    }
    let parcel: { itemId: string; name: string; quantity: number }[]
    if (request.lines) {
      parcel = []
      for (const wanted of request.lines) {
        const line = lines.find((l) => l.productId === wanted.product_id)
        if (!line) return refuse('That product is not in this order.')
        if (wanted.quantity > line.quantity - line.shipped)
          return refuse(
            `Only ${line.quantity - line.shipped} of ${line.name} ${line.quantity - line.shipped === 1 ? 'is' : 'are'} left to ship.`,
          )
        parcel.push({ itemId: line.id, name: line.name, quantity: wanted.quantity })
      }
    } else {
      parcel = left.map((line) => ({
        itemId: line.id,
        name: line.name,
        quantity: line.quantity - line.shipped,
      }))
    }
    const inParcel = new Map(parcel.map((p) => [p.itemId, p.quantity]))
    const stillLeft = lines
      .map((line) => ({
        name: line.name,
        quantity: line.quantity - line.shipped - (inParcel.get(line.id) ?? 0),
      }))
      .filter((line) => line.quantity > 0)
    const fulfilmentStatus = stillLeft.length ? 'partially_shipped' : 'shipped'

    const now = new Date()
    const [shipment] = await tx
      .insert(shipments)
      .values({
        orderId: order.id,
        carrier: request.carrier,
        trackingNumber: request.trackingNumber,
        shippedAt: now,
        createdBy: actorId,
      })
      .returning({ id: shipments.id })
    if (parcel.length)
      await tx
        .insert(shipmentItems)
        .values(
          parcel.map((p) => ({ shipmentId: shipment!.id, orderItemId: p.itemId, quantity: p.quantity })),
        )
    await tx
      .update(orders)
      .set({
        fulfilmentStatus,
        trackingNumber: request.trackingNumber,
        shippedAt: order.shippedAt ?? now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
    const contents = parcel.map((p) => `${p.quantity} × ${p.name}`).join(', ')
    await tx.insert(orderHistory).values({
      orderId: order.id,
      event: 'shipped',
      fromStatus: order.fulfilmentStatus,
      toStatus: fulfilmentStatus,
      note: `${request.carrier} tracking number ${request.trackingNumber}${contents ? `: ${contents}` : ''}`,
      actorId,
    })
    await recordAudit(tx, {
      actorId,
      action: 'order.shipped',
      entity: 'order',
      entityId: order.id,
      before: { fulfilmentStatus: order.fulfilmentStatus },
      after: { fulfilmentStatus, shippedAt: order.shippedAt ?? now },
      data: {
        shipmentId: shipment!.id,
        carrier: request.carrier,
        trackingNumber: request.trackingNumber,
        lines: parcel.map((p) => ({ orderItemId: p.itemId, quantity: p.quantity })),
      },
    })
    // Queued in this transaction: committed with the shipment or not at all (one mail per parcel).
    const mail = await shippedMail({
      email: order.email,
      orderNumber: number,
      carrier: request.carrier,
      trackingNumber: request.trackingNumber,
      lines: parcel.map((p) => ({ name: p.name, quantity: p.quantity })),
      stillLeft,
      orderUrl: orderPageUrl(deps.publicUrl, order.userId),
    })
    await deps.mailer.send(mail, { transaction: tx as unknown as Db })
    return { result: 'shipped', orderNumber: number }
  })
  if (outcome.result === 'shipped') deps.mailer.wake()
  return outcome
}

/** An order's lines with how many of each went out in shipments already. */
export async function linesWithShipped(db: Db, orderId: string) {
  return db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      name: orderItems.productName,
      quantity: orderItems.quantity,
      shipped: sql<number>`coalesce((select sum(${shipmentItems.quantity}) from ${shipmentItems} where ${shipmentItems.orderItemId} = ${orderItems.id}), 0)::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position))
}

/**
 * The buyer (or the carrier) says it arrived: every shipment of the order not yet marked
 * delivered is, now; a fully shipped order becomes `delivered`. Audited; no mail.
 */
export async function markOrderDelivered(
  deps: Pick<Deps, 'db'>,
  actorId: string,
  orderId: string,
): Promise<FulfilmentOutcome> {
  const done = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, fulfilmentStatus: orders.fulfilmentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return false
    if (order.fulfilmentStatus === 'unfulfilled') throw conflict('Nothing in this order has shipped yet.')
    const now = new Date()
    const marked = await tx
      .update(shipments)
      .set({ deliveredAt: now })
      .where(and(eq(shipments.orderId, order.id), isNull(shipments.deliveredAt)))
      .returning({ id: shipments.id })
    if (!marked.length) throw conflict('This order is marked delivered already.')
    const fulfilmentStatus = order.fulfilmentStatus === 'shipped' ? 'delivered' : order.fulfilmentStatus
    await tx.update(orders).set({ fulfilmentStatus, updatedAt: now }).where(eq(orders.id, order.id))
    await tx.insert(orderHistory).values({
      orderId: order.id,
      event: 'delivered',
      fromStatus: order.fulfilmentStatus,
      toStatus: fulfilmentStatus,
      note: marked.length === 1 ? 'Parcel delivered' : `${marked.length} parcels delivered`,
      actorId,
    })
    await recordAudit(tx, {
      actorId,
      action: 'order.delivered',
      entity: 'order',
      entityId: order.id,
      before: { fulfilmentStatus: order.fulfilmentStatus },
      after: { fulfilmentStatus },
      data: { shipmentIds: marked.map((m) => m.id) },
    })
    return true
  })
  return done ? { ok: true } : { ok: false, reason: 'not_found' }
}
