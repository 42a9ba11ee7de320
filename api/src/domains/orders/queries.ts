import { createHash } from 'node:crypto'
import type { CustomerInfo, PaymentMethod } from '@lamplight/contracts'
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { orderHistory, orderItems, orders, products, type ShippingAddress, user } from '../../db/schema'

/**
 * Data access of orders: reads and writes, each in the connection or transaction it is
 * given. The rules (which status may follow which, the locks' order, the audit, the mails)
 * are `service.ts`'s.
 */

export type NewOrder = {
  userId: string | null
  email: string
  customerName: string | null
  /** The first line's product. */
  productId: string
  /** The total: subtotal - discount + shipping + tax, computed on the server. */
  amountCents: number
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  lines: OrderLine[]
  currency: string
  provider: 'test' | 'stripe' | 'gift_card'
  paymentMethod: PaymentMethod | null
  shippingAddress: CustomerInfo | null
  /** A hash of the client address, for the pending-checkout limit (decision 053). */
  checkoutAddress: string | null
  cartId: string | null
  /** Paid by gift card (issue 33); `amountCents` is then what the provider charges. */
  giftCardCents?: number
}

export type OrderLine = {
  productId: string
  productName: string
  quantity: number
  unitPriceCents: number
  lineTotalCents: number
}

type OrderStatus = (typeof orders.$inferSelect)['status']
type HistoryEntry = typeof orderHistory.$inferInsert

/**
 * Inserts the order and its `created` history line; with `ifAbsent`, an order that already
 * has this id is left as it is (answers false) instead of failing.
 */
export async function insertPendingOrder(
  tx: DbOrTx,
  order: NewOrder & { id: string; providerSessionId: string | null },
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
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    giftCardCents: order.giftCardCents ?? 0,
    currency: order.currency,
    status: 'pending',
    provider: order.provider,
    paymentMethod: order.paymentMethod,
    shippingAddress: order.shippingAddress ? address : null,
    checkoutAddress: order.checkoutAddress,
    cartId: order.cartId,
  })
  const [row] = await (ifAbsent ? insert.onConflictDoNothing({ target: orders.id }) : insert).returning({
    id: orders.id,
  })
  if (!row) return false
  await tx
    .insert(orderItems)
    .values(order.lines.map((line, position) => ({ ...line, orderId: row.id, position })))
  await tx.insert(orderHistory).values({ orderId: row.id, event: 'created', toStatus: 'pending' })
  return true
}

/** Lines of an order's history (status moves, notes). */
export async function addOrderHistory(db: DbOrTx, entries: HistoryEntry | HistoryEntry[]) {
  await db.insert(orderHistory).values(Array.isArray(entries) ? entries : [entries])
}

/** An order's payment session id (`sessionId` null: none yet); undefined when there is no such order. */
export async function findOrderSession(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ sessionId: orders.providerSessionId })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row
}

/** What a checkout with codes reuses of an order already written under its id. */
export async function findOrderCharge(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      amountCents: orders.amountCents,
      giftCardCents: orders.giftCardCents,
      provider: orders.provider,
      sessionId: orders.providerSessionId,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row
}

/** What is left to charge of an order after its gift card's part; a card paying all makes it a gift card order. */
export async function setOrderCharge(
  db: DbOrTx,
  orderId: string,
  charge: Pick<typeof orders.$inferInsert, 'amountCents' | 'giftCardCents'> &
    Partial<Pick<typeof orders.$inferInsert, 'provider' | 'providerSessionId' | 'paymentMethod'>>,
) {
  await db.update(orders).set(charge).where(eq(orders.id, orderId))
}

/**
 * Gives an order that has no session yet the session id `sessionId` (`touch`: and a new
 * updatedAt); the id set, or null when the order already had one.
 */
export async function setSessionIfNone(
  db: DbOrTx,
  orderId: string,
  sessionId: string,
  { touch }: { touch: boolean },
) {
  const [row] = await db
    .update(orders)
    .set({ providerSessionId: sessionId, ...(touch ? { updatedAt: new Date() } : {}) })
    .where(and(eq(orders.id, orderId), isNull(orders.providerSessionId)))
    .returning({ sessionId: orders.providerSessionId })
  return row?.sessionId ?? null
}

/** The order of a payment session, locked until the caller's transaction ends. */
export async function lockOrderBySession(db: DbOrTx, sessionId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      userId: orders.userId,
      productId: orders.productId,
      provider: orders.provider,
      amountCents: orders.amountCents,
      currency: orders.currency,
      email: orders.email,
      cartId: orders.cartId,
    })
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId))
    .for('update')
  return order
}

/** Whether a user has a completed order of a product (they own it). */
export async function hasCompletedOrderOf(db: DbOrTx, userId: string, productId: string) {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.productId, productId), eq(orders.status, 'completed')))
    .limit(1)
  return !!existing
}

/** The products and quantities of an order's lines. */
export async function orderLinesOf(db: DbOrTx, orderId: string) {
  return db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
}

/** A paid order whose box sold out: `failed`, paid at `now`. */
export async function markOrderFailedPaid(db: DbOrTx, orderId: string, now: Date) {
  await db.update(orders).set({ status: 'failed', paidAt: now, updatedAt: now }).where(eq(orders.id, orderId))
}

/** A pending order paid: moved to `status` (and what was charged), or null when it is no longer pending. */
export async function markPendingOrderPaid(
  db: DbOrTx,
  orderId: string,
  status: 'paid' | 'completed',
  now: Date,
  tax: { amountCents?: number; taxCents?: number },
) {
  const [moved] = await db
    .update(orders)
    .set({ status, paidAt: now, updatedAt: now, ...tax })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id })
  return moved ?? null
}

/** Whether an order's history has a line with this note. */
export async function hasHistoryNote(db: DbOrTx, orderId: string, note: string) {
  const [entry] = await db
    .select({ id: orderHistory.id })
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.note, note)))
    .limit(1)
  return !!entry
}

/** A failed order moved to `refunded` at `now`, or null when it is no longer failed. */
export async function markFailedOrderRefunded(db: DbOrTx, orderId: string, now: Date) {
  const [moved] = await db
    .update(orders)
    .set({ status: 'refunded', refundedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'failed')))
    .returning({ id: orders.id })
  return moved ?? null
}

/** A product's name, as an order's mail names it. */
export async function productNameOf(db: DbOrTx, productId: string) {
  const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId))
  return product?.name ?? null
}

/** The pending order of a session moved to `status`: its id, or null when none was pending. */
export async function closePendingOrder(
  db: DbOrTx,
  sessionId: string,
  status: 'failed' | 'cancelled',
  now: Date,
) {
  const [moved] = await db
    .update(orders)
    .set({ status, updatedAt: now })
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.status, 'pending')))
    .returning({ id: orders.id })
  return moved ?? null
}

/** Cancels pending test-mode orders older than `hours` (or only the one of `sessionId`); their ids. */
export async function cancelStaleTestOrders(db: DbOrTx, hours: number, sessionId?: string) {
  return db
    .update(orders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(orders.provider, 'test'),
        eq(orders.status, 'pending'),
        sql`${orders.createdAt} < now() - make_interval(hours => ${hours})`,
        sessionId === undefined ? undefined : eq(orders.providerSessionId, sessionId),
      ),
    )
    .returning({ id: orders.id })
}

/** Cancels pending orders that got no payment session within `minutes`; their ids. */
export async function cancelSessionlessOrders(db: DbOrTx, minutes: number) {
  return db
    .update(orders)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.providerSessionId),
        sql`${orders.createdAt} < now() - make_interval(mins => ${minutes})`,
      ),
    )
    .returning({ id: orders.id })
}

/** The guest orders (no account) of an email address, locked until the caller's transaction ends. */
export async function lockGuestOrdersOf(db: DbOrTx, email: string) {
  return db
    .select({ id: orders.id, productId: orders.productId, status: orders.status })
    .from(orders)
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${email.toLowerCase()}`))
    .for('update')
}

/** An order handed to an account, with its status. */
export async function assignOrderTo(db: DbOrTx, orderId: string, userId: string, status: OrderStatus) {
  await db.update(orders).set({ userId, status, updatedAt: new Date() }).where(eq(orders.id, orderId))
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
  subtotal_cents: orders.subtotalCents,
  discount_cents: orders.discountCents,
  shipping_cents: orders.shippingCents,
  tax_cents: orders.taxCents,
  gift_card_cents: orders.giftCardCents,
  provider: orders.provider,
}

/** The lines of orders as the buyer sees them, by order and position. */
export async function buyerItemRows(db: DbOrTx, orderIds: string[]) {
  return db
    .select({
      order_id: orderItems.orderId,
      product_slug: products.slug,
      product_title: orderItems.productName,
      quantity: orderItems.quantity,
      unit_price_cents: orderItems.unitPriceCents,
      line_total_cents: orderItems.lineTotalCents,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position))
}

/** The order of a payment session as the buyer sees it (without its lines). */
export async function buyerOrderRowsBySession(db: DbOrTx, sessionId: string) {
  return db
    .select(buyerOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.providerSessionId, sessionId))
}

/**
 * A user's orders in `statuses`, newest first, 200 at the most (without their lines); an
 * admin's grant only once completed.
 */
export async function buyerOrderRowsOf(db: DbOrTx, userId: string, statuses: OrderStatus[]) {
  return db
    .select(buyerOrderColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, statuses),
        sql`(${orders.provider} <> 'admin' or ${orders.status} = 'completed')`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200)
}

/** What an order's confirmation mail says of it, or undefined when there is no such order. */
export async function confirmationRowOf(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      sessionId: orders.providerSessionId,
      email: orders.email,
      amountCents: orders.amountCents,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      giftCardCents: orders.giftCardCents,
      provider: orders.provider,
      product: products.name,
      productSlug: products.slug,
      address: orders.shippingAddress,
      userId: orders.userId,
      guest: sql<boolean>`${orders.userId} is null`,
      // The buyer's account proved (by a mailed link) that it owns the address we write to.
      ownAddress: sql<boolean>`coalesce(${user.emailVerified} and lower(${user.email}) = lower(${orders.email}), false)`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, orderId))
  return row
}

/** An order's lines as its confirmation mail lists them. */
export async function confirmationLinesOf(db: DbOrTx, orderId: string) {
  return db
    .select({
      name: orderItems.productName,
      quantity: orderItems.quantity,
      lineTotalCents: orderItems.lineTotalCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position))
}

/** A subscription's month to ship, as an order. */
export type ShipmentOrder = {
  /** The subscription, or null for a gift subscription's month (decision 064). */
  subscriptionId: string | null
  userId: string | null
  email: string
  customerName: string | null
  provider: 'test' | 'stripe'
  productId: string
  productName: string
  quantity: number
  shippingAddress: ShippingAddress
  note: string
}

/**
 * A subscription's month as a paid order (0 to the buyer) with its one line and its
 * `created` history line; the order's id.
 */
export async function insertShipmentOrder(db: DbOrTx, shipment: ShipmentOrder, now: Date): Promise<string> {
  const [order] = await db
    .insert(orders)
    .values({
      userId: shipment.userId,
      email: shipment.email,
      customerName: shipment.customerName,
      productId: shipment.productId,
      amountCents: 0,
      subtotalCents: 0,
      status: 'paid',
      provider: shipment.provider,
      shippingAddress: shipment.shippingAddress,
      subscriptionId: shipment.subscriptionId,
      paidAt: now,
    })
    .returning({ id: orders.id })
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: shipment.productId,
    productName: shipment.productName,
    quantity: shipment.quantity,
    unitPriceCents: 0,
    lineTotalCents: 0,
  })
  await db.insert(orderHistory).values({
    orderId: order!.id,
    event: 'created',
    toStatus: 'paid',
    note: shipment.note,
  })
  return order!.id
}

/** What the test-mode payment page shows of a session. */
export async function findTestSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      status: orders.status,
      amountCents: orders.amountCents,
      shippingCents: orders.shippingCents,
      email: orders.email,
      provider: orders.provider,
    })
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId))
  if (row?.provider !== 'test') return null
  const lines = await db
    .select({ name: orderItems.productName, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.providerSessionId, sessionId))
    .orderBy(orderItems.position)
  // "The Scroll of Antioch", or "3 × The Scroll of Antioch, 1 × Pilgrim's Cipher".
  const product =
    lines.length === 1 && lines[0]!.quantity === 1
      ? lines[0]!.name
      : lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')
  return { ...row, product }
}

/** The client address as stored on an order: hashed, never the address itself. */
export const addressHash = (ip: string | undefined) =>
  createHash('sha256')
    .update(`checkout-address\n${ip ?? 'unknown'}`)
    .digest('base64url')
    .slice(0, 22)

/**
 * Holds the checkout address's lock until the caller's transaction ends, so two checkouts
 * from one address count its pending orders one after the other (a count, then an insert,
 * with no lock let nine parallel checkouts all see room for one more).
 */
export async function lockCheckoutAddress(tx: DbOrTx, checkoutAddress: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-address:${checkoutAddress}`}, 0))`,
  )
}

/** Unpaid checkouts one address started in the last `minutes` (decision 053). */
export async function countPendingFrom(db: DbOrTx, checkoutAddress: string, minutes: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.checkoutAddress, checkoutAddress),
        eq(orders.status, 'pending'),
        gt(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
  return row?.n ?? 0
}

/**
 * The shipping address of a user's last paid order (their own, not a guest order of their
 * email), offered at their next checkout; null when they have none. Only the address: the
 * email is the account's.
 */
export async function lastShippingAddressOf(db: Db, userId: string) {
  const [row] = await db
    .select({ address: orders.shippingAddress })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, ['paid', 'completed']),
        isNotNull(orders.shippingAddress),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  const a = row?.address
  if (!a || (a.country !== 'US' && a.country !== 'CA')) return null
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    address: a.address,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country as 'US' | 'CA',
  }
}

/**
 * An order with nothing to ship (a gift card, sent by email): out of the fulfilment queue and
 * its Ship button, as Shopify marks digital orders. Only from `unfulfilled`.
 */
export async function markNothingToShip(db: DbOrTx, orderId: string) {
  await db
    .update(orders)
    .set({ fulfilmentStatus: 'not_required', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.fulfilmentStatus, 'unfulfilled')))
}
