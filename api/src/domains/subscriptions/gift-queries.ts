import { ADMIN_ORDERS_PAGE_SIZE, orderNumber } from '@lamplight/contracts'
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { giftSubscriptionMonths, giftSubscriptions, orderItems, orders } from '../../db/schema'

/** Data access for the views of gift subscriptions (issue 34 item 7): no rules, no HTTP errors. */

type GiftRow = typeof giftSubscriptions.$inferSelect

async function monthCounts(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { made: number; shipped: number }>()
  const rows = await db
    .select({
      giftId: giftSubscriptionMonths.giftId,
      made: count(),
      shipped: sql<number>`count(*) filter (where ${giftSubscriptionMonths.status} = 'shipped')::int`,
    })
    .from(giftSubscriptionMonths)
    .where(inArray(giftSubscriptionMonths.giftId, ids))
    .groupBy(giftSubscriptionMonths.giftId)
  return new Map(rows.map((r) => [r.giftId, { made: Number(r.made), shipped: Number(r.shipped) }]))
}

const viewOf = (g: GiftRow, counts?: { made: number; shipped: number }) => ({
  id: g.id,
  tier: g.tier,
  months: g.months,
  months_shipped: counts?.shipped ?? 0,
  months_left: g.months - (counts?.made ?? 0),
  amount_cents: g.amountCents,
  status: g.status,
  buyer_name: g.buyerName,
  buyer_email: g.buyerEmail,
  recipient_name: g.recipientName,
  recipient_email: g.recipientEmail,
  has_address: g.shippingAddress !== null,
  message: g.message,
  created_at: g.createdAt,
  next_period_at: g.status === 'active' ? g.currentPeriodEnd : null,
})

async function viewsOf(db: Db, gifts: GiftRow[]) {
  const counts = await monthCounts(
    db,
    gifts.map((g) => g.id),
  )
  return gifts.map((g) => viewOf(g, counts.get(g.id)))
}

/**
 * The gifts a user bought (paid), and those made out to `receivedBy`: their address once they
 * confirmed it, or null, for none (the route's rule).
 */
export async function myGifts(db: Db, userId: string, receivedBy: string | null) {
  const paid = ne(giftSubscriptions.status, 'pending')
  const [sent, received] = await Promise.all([
    db
      .select()
      .from(giftSubscriptions)
      .where(and(eq(giftSubscriptions.buyerUserId, userId), paid, ne(giftSubscriptions.status, 'expired')))
      .orderBy(desc(giftSubscriptions.createdAt))
      .limit(50),
    receivedBy === null
      ? []
      : db
          .select()
          .from(giftSubscriptions)
          .where(
            and(
              sql`lower(${giftSubscriptions.recipientEmail}) = ${receivedBy.toLowerCase()}`,
              paid,
              ne(giftSubscriptions.status, 'expired'),
            ),
          )
          .orderBy(desc(giftSubscriptions.createdAt))
          .limit(50),
  ])
  // What a recipient sees: who gave it and what; not what it cost.
  const receivedViews = (await viewsOf(db, received)).map((g) => ({ ...g, amount_cents: 0 }))
  return { sent: await viewsOf(db, sent), received: receivedViews }
}

const adminViewOf = (g: GiftRow, counts?: { made: number; shipped: number }) => ({
  ...viewOf(g, counts),
  city: g.shippingAddress?.city ?? null,
  provider: g.provider,
})

export async function listGifts(db: Db, query: { q?: string; page?: number }) {
  const page = Number(query.page ?? 1)
  const conditions: (SQL | undefined)[] = [ne(giftSubscriptions.status, 'pending')]
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
    conditions.push(
      or(
        ilike(giftSubscriptions.buyerEmail, like),
        ilike(giftSubscriptions.buyerName, like),
        ilike(giftSubscriptions.recipientEmail, like),
        ilike(giftSubscriptions.recipientName, like),
      ),
    )
  }
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(giftSubscriptions)
      .where(where)
      .orderBy(desc(giftSubscriptions.createdAt), desc(giftSubscriptions.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(giftSubscriptions).where(where),
  ])
  const counts = await monthCounts(
    db,
    rows.map((g) => g.id),
  )
  return {
    data: rows.map((g) => adminViewOf(g, counts.get(g.id))),
    total: total?.n ?? 0,
    page,
    page_size: ADMIN_ORDERS_PAGE_SIZE,
  }
}

export async function giftDetail(db: Db, id: string) {
  const [gift] = await db.select().from(giftSubscriptions).where(eq(giftSubscriptions.id, id))
  if (!gift) return null
  const rows = await db
    .select({
      period: giftSubscriptionMonths.period,
      status: giftSubscriptionMonths.status,
      tier: giftSubscriptionMonths.tier,
      order_id: giftSubscriptionMonths.orderId,
      session_id: orders.providerSessionId,
      fulfilment_status: orders.fulfilmentStatus,
      created_at: giftSubscriptionMonths.createdAt,
    })
    .from(giftSubscriptionMonths)
    .leftJoin(orders, eq(orders.id, giftSubscriptionMonths.orderId))
    .where(eq(giftSubscriptionMonths.giftId, id))
    .orderBy(desc(giftSubscriptionMonths.period))
  const ids = rows.flatMap((r) => (r.order_id ? [r.order_id] : []))
  const lines = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, name: orderItems.productName, quantity: orderItems.quantity })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
    : []
  const counts = await monthCounts(db, [id])
  return {
    ...adminViewOf(gift, counts.get(id)),
    shipping_address: gift.shippingAddress,
    periods: rows.map(({ session_id, ...r }) => ({
      ...r,
      order_number: r.order_id ? orderNumber(session_id, r.order_id) : null,
      boxes: lines.filter((l) => l.orderId === r.order_id).map(({ name, quantity }) => ({ name, quantity })),
    })),
  }
}
