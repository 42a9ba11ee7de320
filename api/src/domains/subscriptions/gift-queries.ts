import { createHash } from 'node:crypto'
import { ADMIN_ORDERS_PAGE_SIZE } from '@lamplight/contracts'
import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { giftSubscriptionMonths, giftSubscriptions, orders, type ShippingAddress } from '../../db/schema'
import { withOrderBoxes } from './queries'

/**
 * Data access of gift subscriptions (issue 34 item 7): the views, and the reads and writes of
 * `gifts.ts`, each in the connection or transaction it is given. No rules, no HTTP errors:
 * which status may follow which, the locks' order, the mails are `gifts.ts`'s.
 */

export type GiftRow = typeof giftSubscriptions.$inferSelect

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
  const periods = await withOrderBoxes(db, rows)
  const counts = await monthCounts(db, [id])
  return {
    ...adminViewOf(gift, counts.get(id)),
    shipping_address: gift.shippingAddress,
    periods,
  }
}

/** The recipient's link as stored: its sha-256, never the token itself (that is only in the mail). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A new gift, `pending` until its page is paid; answers its id. */
export async function insertGift(
  db: Db,
  gift: Omit<typeof giftSubscriptions.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
) {
  const [row] = await db.insert(giftSubscriptions).values(gift).returning({ id: giftSubscriptions.id })
  return row!.id
}

/** The provider's payment page of a gift. */
export async function setGiftCheckout(db: Db, id: string, session: { id: string; url: string }) {
  await db
    .update(giftSubscriptions)
    .set({ providerSessionId: session.id, checkoutUrl: session.url, updatedAt: new Date() })
    .where(eq(giftSubscriptions.id, id))
}

export async function expireGift(db: Db, id: string) {
  await db
    .update(giftSubscriptions)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(eq(giftSubscriptions.id, id))
}

/** A pending gift whose page the provider reports closed unpaid expires; answers whether one did. */
export async function expirePendingGiftOfSession(db: Db, sessionId: string) {
  const closed = await db
    .update(giftSubscriptions)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(giftSubscriptions.providerSessionId, sessionId), eq(giftSubscriptions.status, 'pending')))
    .returning({ id: giftSubscriptions.id })
  return closed.length > 0
}

/** The test provider's gift of a payment page, or null. */
export async function testGiftOfSession(db: Db, sessionId: string) {
  const [gift] = await db
    .select()
    .from(giftSubscriptions)
    .where(and(eq(giftSubscriptions.providerSessionId, sessionId), eq(giftSubscriptions.provider, 'test')))
  return gift ?? null
}

/** The gift a recipient's link names, or null. */
export async function giftOfAddressToken(db: Db, token: string) {
  const [gift] = await db
    .select()
    .from(giftSubscriptions)
    .where(eq(giftSubscriptions.addressTokenHash, hashToken(token)))
  return gift ?? null
}

const lockGift = async (tx: DbOrTx, where: SQL) =>
  (await tx.select().from(giftSubscriptions).where(where).for('update'))[0] ?? null

/** The gift's row, locked for this transaction, or null. */
export const lockGiftById = (tx: DbOrTx, id: string) => lockGift(tx, eq(giftSubscriptions.id, id))

/** The gift of a payment page, locked for this transaction, or null. */
export const lockGiftOfSession = (tx: DbOrTx, sessionId: string) =>
  lockGift(tx, eq(giftSubscriptions.providerSessionId, sessionId))

/** The gift a recipient's link names, locked for this transaction, or null. */
export const lockGiftOfAddressToken = (tx: DbOrTx, token: string) =>
  lockGift(tx, eq(giftSubscriptions.addressTokenHash, hashToken(token)))

/** Paid: the gift waits for the recipient's address. */
export async function markGiftPaid(tx: DbOrTx, id: string, now: Date) {
  await tx
    .update(giftSubscriptions)
    .set({ paidAt: now, status: 'awaiting_address', updatedAt: now })
    .where(eq(giftSubscriptions.id, id))
}

/** The recipient's new link (its hash): the last one, if any, leads nowhere after this. */
export async function setGiftAddressLink(tx: DbOrTx, id: string, token: string, expiresAt: Date, now: Date) {
  await tx
    .update(giftSubscriptions)
    .set({ addressTokenHash: hashToken(token), addressTokenExpiresAt: expiresAt, updatedAt: now })
    .where(eq(giftSubscriptions.id, id))
}

/** The recipient gave their address through the link: the link is used. */
export async function markGiftAddressLinkUsed(tx: DbOrTx, id: string, address: ShippingAddress, now: Date) {
  await tx
    .update(giftSubscriptions)
    .set({ addressTokenUsedAt: now, shippingAddress: address, updatedAt: now })
    .where(eq(giftSubscriptions.id, id))
}

/** The gift's months run from `now`, to `currentPeriodEnd` first, to this address. */
export async function markGiftActive(
  tx: DbOrTx,
  id: string,
  started: { now: Date; currentPeriodEnd: Date; shippingAddress: ShippingAddress | null },
) {
  await tx
    .update(giftSubscriptions)
    .set({
      status: 'active',
      startedAt: started.now,
      currentPeriodEnd: started.currentPeriodEnd,
      shippingAddress: started.shippingAddress,
      updatedAt: started.now,
    })
    .where(eq(giftSubscriptions.id, id))
}

/** The gift's next month is due at `currentPeriodEnd`. */
export async function setGiftPeriodEnd(tx: DbOrTx, id: string, currentPeriodEnd: Date, now: Date) {
  await tx
    .update(giftSubscriptions)
    .set({ currentPeriodEnd, updatedAt: now })
    .where(eq(giftSubscriptions.id, id))
}

export async function markGiftCompleted(tx: DbOrTx, id: string, now: Date) {
  await tx
    .update(giftSubscriptions)
    .set({ status: 'completed', endedAt: now, updatedAt: now })
    .where(eq(giftSubscriptions.id, id))
}

/** The active gifts whose month is over by `asOf`, the longest due first. */
export async function dueGiftIds(db: Db, asOf: Date) {
  const rows = await db
    .select({ id: giftSubscriptions.id })
    .from(giftSubscriptions)
    .where(and(eq(giftSubscriptions.status, 'active'), lte(giftSubscriptions.currentPeriodEnd, asOf)))
    .orderBy(asc(giftSubscriptions.currentPeriodEnd))
  return rows.map((r) => r.id)
}

/** How many months of the gift have their row (shipped or waiting for the month's box). */
export async function countGiftMonths(tx: DbOrTx, giftId: string) {
  const [made] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(giftSubscriptionMonths)
    .where(eq(giftSubscriptionMonths.giftId, giftId))
  return made?.n ?? 0
}

/** The gift's month, `awaiting_box`; null when that month has its row already (the unique key). */
export async function insertGiftMonth(tx: DbOrTx, gift: Pick<GiftRow, 'id' | 'tier'>, period: string) {
  const [row] = await tx
    .insert(giftSubscriptionMonths)
    .values({ giftId: gift.id, period, status: 'awaiting_box', tier: gift.tier })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

/** The month shipped as this order, if it was still waiting for its box. */
export async function markGiftMonthShipped(tx: DbOrTx, monthId: string, orderId: string) {
  await tx
    .update(giftSubscriptionMonths)
    .set({ status: 'shipped', orderId, updatedAt: new Date() })
    .where(and(eq(giftSubscriptionMonths.id, monthId), eq(giftSubscriptionMonths.status, 'awaiting_box')))
}

/** The gift months of `period` waiting for the month's box. */
export async function giftMonthsAwaitingBox(db: Db, period: string) {
  return db
    .select({ id: giftSubscriptionMonths.id, giftId: giftSubscriptionMonths.giftId })
    .from(giftSubscriptionMonths)
    .where(and(eq(giftSubscriptionMonths.period, period), eq(giftSubscriptionMonths.status, 'awaiting_box')))
}

/** The gift month, if it is still waiting for its box; else null. */
export async function giftMonthAwaitingBox(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select()
    .from(giftSubscriptionMonths)
    .where(and(eq(giftSubscriptionMonths.id, id), eq(giftSubscriptionMonths.status, 'awaiting_box')))
  return row ?? null
}
