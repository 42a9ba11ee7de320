import { type Carrier, orderNumber } from '@lamplight/contracts'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  orderHistory,
  orderItems,
  orders,
  refundItems,
  refunds,
  shipmentItems,
  shipments,
} from '../../db/schema'
import { ClaimBusyError, completeClaim, runOnce } from '../../lib/claim-once'
import { ApiError, conflict } from '../../lib/errors'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'
import { returnStock } from '../catalog/service'
import {
  closeCardBoughtBy,
  giftCardBoughtBy,
  releaseOrderCodes,
  reopenCardBoughtBy,
  spentCardMessage,
} from '../discounts/service'
import { isDefiniteRefusal, type PaymentProvider, type Payments, providerFor } from '../payments/service'
import { orderPageUrl, refundMail, shippedMail } from './fulfilment-mails'

/**
 * What an admin does to an order after it is paid: refund it, mark it shipped. Each change
 * is one transaction with its status history entry and its audit entry; the customer's
 * mail goes out after the change is committed.
 */
type Deps = { db: Db; mailer: Mailer; payments: Payments; publicUrl: string; log?: Logger }

const REFUNDABLE = ['paid', 'completed'] as const

export type FulfilmentOutcome = { ok: true } | { ok: false; reason: 'not_found' }

export type RefundRequest = {
  /** Some lines, at the price paid; left out (and no amount), everything not refunded yet. */
  lines?: { product_id: string; quantity: number }[]
  /** An amount in cents; with `lines`, those lines for this amount. */
  amountCents?: number
  /** Put the lines' boxes back in stock. */
  restock?: boolean
  /** Refund only if this much is refunded now (what the admin saw). */
  expectedRefundedCents?: number
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`

/**
 * Refunds an order, whole or in part, once per refund, without a row lock held while the
 * provider is asked (decisions 023, 041). The one place money goes back to a buyer from the
 * admin: a later gift-card part would be one more step here.
 *
 * 1. Read the order, its lines and what was refunded already; decide the lines and the
 *    amount (409 when more than is left is asked for).
 * 2. Claim refund number `seq` of the order (`lib/claim-once`, key `<order id>` for the
 *    first, `<order id>#<seq>` after): of concurrent requests, one goes on, the others wait
 *    and are told it was done (409).
 * 3. The holder asks the provider, outside any transaction, with an idempotency key of the
 *    order and `seq`, so a retry after a crash never refunds twice.
 * 4. One short transaction locks the order, checks nothing was refunded meanwhile, writes the
 *    refund (unique order and `seq`) and its lines, adds to `refunded_cents` (the whole
 *    amount makes it `refunded`, which ends the access a completed order gave), restocks if
 *    asked, writes history and audit, queues the buyer's mail and the claim's answer.
 */
export async function refundOrder(
  deps: Deps,
  actorId: string,
  orderId: string,
  request: RefundRequest = {},
): Promise<FulfilmentOutcome> {
  // The order and how many refunds it has, read together: `seq` below is then the refund that
  // follows the `refunded_cents` read here, never a later one (two reads could straddle a
  // refund committed between them and give a stale order a fresh claim).
  const [order] = await deps.db
    .select({ ...refundColumns, refunds: refundCount })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return { ok: false, reason: 'not_found' }
  if (order.status === 'refunded') throw conflict('This order has already been refunded.')
  if (!(REFUNDABLE as readonly string[]).includes(order.status))
    throw conflict('Only a paid or completed order can be refunded.')
  if (request.expectedRefundedCents !== undefined && request.expectedRefundedCents !== order.refundedCents)
    throw conflict('This order was refunded in part meanwhile. Reload the page and try again.')
  const left = order.amountCents - order.refundedCents
  // An order that bought a gift card gives back what is left on the card, which closes with
  // the refund: all of it while nobody has spent from it (the whole order), else exactly the
  // part left, asked for as an amount. `cardHolds` is what the card must still hold when it is
  // closed, under its lock, before the provider is asked (`closeCardBoughtBy`): its initial
  // value, or the part left as stated; and it is what goes back, to the cent.
  const boughtCard = await giftCardBoughtBy(deps.db, order.id)
  let cardHolds: number | null = null
  if (boughtCard && boughtCard.closedCents > 0 && order.refundedCents === 0) {
    // An earlier refund closed the card and then lost the provider's answer (a timeout, a
    // 5xx): the money may have gone back. This is its retry: the same amount, the same
    // idempotency key (the same `seq`), so the provider refunds it once whichever it was.
    const closed = boughtCard.closedCents
    const whole = closed === boughtCard.initialCents
    if (request.lines || (request.amountCents ?? (whole ? left : undefined)) !== closed)
      throw conflict(
        `An earlier refund of ${money(closed)} closed this order's gift card and did not finish: refund ${money(closed)} to finish it.`,
      )
    cardHolds = closed
  } else if (boughtCard) {
    const spent = boughtCard.balanceCents < boughtCard.initialCents
    if (spent && boughtCard.balanceCents === 0 && order.refundedCents > 0)
      throw conflict(
        'What was left on the gift card this order bought has been refunded; what was spent from it cannot be.',
      )
    if (spent && (boughtCard.balanceCents === 0 || request.amountCents !== boughtCard.balanceCents))
      throw conflict(spentCardMessage(boughtCard, request.amountCents))
    if (!spent && (request.lines || (request.amountCents !== undefined && request.amountCents !== left)))
      throw conflict('An order that bought a gift card is refunded whole: its card is closed with it.')
    cardHolds = spent ? request.amountCents! : boughtCard.initialCents
  }
  const lines = await linesWithRefunded(deps.db, order.id)
  let parcel: { itemId: string; productId: string; name: string; quantity: number; cents: number }[] = []
  if (request.lines) {
    for (const wanted of request.lines) {
      const line = lines.find((l) => l.productId === wanted.product_id)
      if (!line) throw conflict('That product is not in this order.')
      if (wanted.quantity > line.quantity - line.refunded)
        throw conflict(`Only ${line.quantity - line.refunded} of ${line.name} can be refunded.`)
      parcel.push({
        itemId: line.id,
        productId: line.productId,
        name: line.name,
        quantity: wanted.quantity,
        cents: wanted.quantity * line.unitPriceCents,
      })
    }
  } else if (request.amountCents === undefined) {
    parcel = lines
      .filter((l) => l.quantity > l.refunded)
      .map((l) => ({
        itemId: l.id,
        productId: l.productId,
        name: l.name,
        quantity: l.quantity - l.refunded,
        cents: (l.quantity - l.refunded) * l.unitPriceCents,
      }))
  }
  // The whole rest when nothing narrower was asked; lines at their price (a discount or tax
  // spread over them is the admin's to say, with an amount).
  const amountCents =
    request.amountCents ??
    (request.lines
      ? Math.min(
          left,
          parcel.reduce((sum, p) => sum + p.cents, 0),
        )
      : left)
  if (amountCents > left) throw conflict(`At most ${money(left)} of this order can still be refunded.`)
  // An order that charged no card (paid by gift card alone, or an admin's grant) is refunded
  // whole with no money through the provider: the gift card gets its part back (below), and a
  // grant's refund is its revocation (the order is `refunded`, its access ends).
  const giftCardOnly =
    amountCents === 0 &&
    (order.giftCardCents > 0 || order.provider === 'admin') &&
    !request.lines &&
    request.amountCents === undefined
  if (amountCents <= 0 && !giftCardOnly) throw conflict('Nothing of this order is left to refund.')
  // What goes back for a bought card is what comes off it: never more, never less.
  if (cardHolds !== null && amountCents !== cardHolds)
    throw conflict(
      `This order's refund (${money(amountCents)}) is not what its gift card holds (${money(cardHolds)}). Reload the page.`,
    )
  const seq = Number(order.refunds) + 1

  let refund: { first: boolean }
  try {
    refund = await runOnce(
      deps.db,
      { scope: 'refund', key: seq === 1 ? order.id : `${order.id}#${seq}` },
      async (claim) => {
        // A step that can be undone: the card this order bought closes before the money goes
        // back, and opens again if the provider refuses.
        const closedCard = cardHolds !== null ? await closeCardBoughtBy(deps.db, order.id, cardHolds) : null
        const outcome = await refundWithProvider(deps.payments, {
          provider: order.provider,
          providerSessionId: order.providerSessionId,
          amountCents,
          currency: order.currency,
          idempotencyKey: seq === 1 ? `refund-${order.id}` : `refund-${order.id}-${seq}`,
        }).catch(async (err: unknown) => {
          if (!closedCard) throw err
          // Reopened only when the provider certainly refunded nothing: after a timeout or a 5xx
          // the money may be back with the buyer, and an open card would give it twice.
          if (isDefiniteRefusal(err)) {
            await reopenCardBoughtBy(deps.db, order.id, closedCard)
            throw err
          }
          deps.log?.error({ err, orderId: order.id }, 'gift card order refund: the provider gave no answer')
          throw new ApiError(
            502,
            'provider_uncertain',
            `We could not tell whether the payment provider made this refund, so the gift card stays closed. Refund ${money(amountCents)} again to finish: it is asked for as the same refund, never made twice.`,
          )
        })
        await deps.db.transaction(async (tx) => {
          const [locked] = await tx
            .select({ status: orders.status, refundedCents: orders.refundedCents })
            .from(orders)
            .where(eq(orders.id, order.id))
            .for('update')
          if (!locked || !(REFUNDABLE as readonly string[]).includes(locked.status))
            throw conflict('This order has already been refunded.')
          if (locked.refundedCents !== order.refundedCents)
            throw conflict('This order was refunded in part meanwhile. Reload the page and try again.')
          const now = new Date()
          const refundedCents = locked.refundedCents + amountCents
          const status = refundedCents >= order.amountCents ? 'refunded' : locked.status
          // A refund row is money moved by the provider; a gift-card-only order has none.
          const [row] = giftCardOnly
            ? []
            : await tx
                .insert(refunds)
                .values({
                  orderId: order.id,
                  seq,
                  amountCents,
                  restocked: !!request.restock && parcel.length > 0,
                  reference: outcome.reference,
                  actorId,
                })
                .returning({ id: refunds.id })
          if (row && parcel.length)
            await tx
              .insert(refundItems)
              .values(parcel.map((p) => ({ refundId: row!.id, orderItemId: p.itemId, quantity: p.quantity })))
          await tx
            .update(orders)
            .set({
              refundedCents,
              status,
              ...(status === 'refunded' ? { refundedAt: now } : {}),
              updatedAt: now,
            })
            .where(eq(orders.id, order.id))
          // The part paid by gift card goes back to the card when the order is refunded whole
          // (issue 33); the code's use stays. A partial refund returns card money only.
          const { giftCardCents } =
            status === 'refunded'
              ? await releaseOrderCodes(tx, order.id, { giftCardKind: 'refund', discount: false })
              : { giftCardCents: 0 }
          if (request.restock && parcel.length)
            await returnStock(
              tx,
              parcel.map((p) => ({ productId: p.productId, quantity: p.quantity })),
            )
          const what = parcel.map((p) => `${p.quantity} × ${p.name}`).join(', ')
          await tx.insert(orderHistory).values({
            orderId: order.id,
            event: 'refunded',
            fromStatus: locked.status,
            toStatus: status,
            note: [
              `Refunded ${money(amountCents)}${what ? ` (${what})` : ''}`,
              request.restock && parcel.length ? 'restocked' : null,
              outcome.reference ? `provider reference ${outcome.reference}` : null,
            ]
              .filter(Boolean)
              .join('; '),
            actorId,
          })
          await recordAudit(tx, {
            actorId,
            action: 'order.refunded',
            entity: 'order',
            entityId: order.id,
            before: { status: locked.status, refundedCents: locked.refundedCents },
            after: { status, refundedCents, ...(status === 'refunded' ? { refundedAt: now } : {}) },
            data: {
              provider: order.provider,
              reference: outcome.reference,
              amountCents,
              seq,
              restocked: !!request.restock,
              lines: parcel.map((p) => ({ orderItemId: p.itemId, quantity: p.quantity })),
              ...(giftCardCents ? { giftCardCents } : {}),
            },
          })
          await deps.mailer.send(
            await refundMail({
              email: order.email,
              orderNumber: orderNumber(order.providerSessionId, order.id),
              // What the buyer gets back: to the card, and to the gift card when refunded whole.
              amountCents: amountCents + giftCardCents,
              lines: parcel.map((p) => ({ name: p.name, quantity: p.quantity })),
              whole: status === 'refunded',
              giftCard: Boolean(boughtCard),
              orderUrl: orderPageUrl(deps.publicUrl, order.userId),
            }),
            { transaction: tx as unknown as Db },
          )
          await completeClaim(tx as unknown as Db, claim, outcome)
        })
        return outcome
      },
    )
  } catch (err) {
    if (err instanceof ClaimBusyError)
      throw conflict('This order is being refunded right now. Reload the page in a moment.')
    throw err
  }
  if (!refund.first) throw conflict('This refund has already been made.')
  deps.mailer.wake()
  return { ok: true }
}

/** An order's line as the refund and the shipment read it. */
const lineColumns = {
  id: orderItems.id,
  productId: orderItems.productId,
  name: orderItems.productName,
  quantity: orderItems.quantity,
}

/** How many of the line the rows of `parts` (a refund's lines, a shipment's) hold in all. */
const quantityOfLineIn = (parts: typeof refundItems | typeof shipmentItems) =>
  // Aliased and written out: drizzle leaves a single-table select's columns unqualified here, so
  // an unaliased "id" would mean the inner table's if it ever had one.
  sql<number>`coalesce((select sum(part.quantity) from ${parts} part where part.order_item_id = order_items.id), 0)::int`

/** An order's lines with how many of each were refunded already. */
async function linesWithRefunded(db: Db, orderId: string) {
  return db
    .select({
      ...lineColumns,
      unitPriceCents: orderItems.unitPriceCents,
      refunded: quantityOfLineIn(refundItems),
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position))
}

/** How many refunds the order has made (each a row; a gift-card-only refund makes none). */
const refundCount = sql<number>`(select count(*) from ${refunds} r where r.order_id = orders.id)::int`

const refundColumns = {
  id: orders.id,
  status: orders.status,
  provider: orders.provider,
  providerSessionId: orders.providerSessionId,
  amountCents: orders.amountCents,
  currency: orders.currency,
  email: orders.email,
  userId: orders.userId,
  refundedCents: orders.refundedCents,
  giftCardCents: orders.giftCardCents,
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
    .select({ ...lineColumns, shipped: quantityOfLineIn(shipmentItems) })
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
