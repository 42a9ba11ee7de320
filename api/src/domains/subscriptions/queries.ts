import {
  ADMIN_ORDERS_PAGE_SIZE,
  orderNumber,
  planOfTier,
  type SubscriberListQuery,
  type SubscriptionTier,
} from '@lamplight/contracts'
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import {
  giftSubscriptions,
  orderItems,
  orders,
  paymentCustomers,
  products,
  type ShippingAddress,
  subscriptionBoxes,
  subscriptionCheckouts,
  subscriptionEvents,
  subscriptionPeriods,
  subscriptions,
  user,
} from '../../db/schema'
import { live } from './apply'
import { monthOf } from './periods'
import { isPaused } from './self-service'

/** Data access for the subscriber's and the admin's views (issue 34): no rules, no HTTP errors. */

const LIVE = sql`${subscriptions.status} not in ('canceled', 'incomplete_expired')`
/** isPaused (self-service.ts) in SQL: a pause runs past the current period. */
const PAUSED = sql`coalesce(${subscriptions.pausedUntil} > ${subscriptions.currentPeriodEnd}, false)`

export async function periodsOf(db: Db, subscriptionId: string) {
  const rows = await db
    .select({
      period: subscriptionPeriods.period,
      status: subscriptionPeriods.status,
      tier: subscriptionPeriods.tier,
      amount_cents: subscriptionPeriods.amountCents,
      order_id: subscriptionPeriods.orderId,
      session_id: orders.providerSessionId,
      fulfilment_status: orders.fulfilmentStatus,
      credit_cents: subscriptionPeriods.creditCents,
      created_at: subscriptionPeriods.createdAt,
    })
    .from(subscriptionPeriods)
    .leftJoin(orders, eq(orders.id, subscriptionPeriods.orderId))
    .where(eq(subscriptionPeriods.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionPeriods.period))
    .limit(36)
  return withOrderBoxes(db, rows)
}

/**
 * Month rows (a subscription's periods, a gift's months) with their order's number and the
 * boxes it holds, in place of the order's payment session id.
 */
export async function withOrderBoxes<Row extends { order_id: string | null; session_id: string | null }>(
  db: Db,
  rows: Row[],
) {
  const ids = rows.flatMap((r) => (r.order_id ? [r.order_id] : []))
  const lines = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, name: orderItems.productName, quantity: orderItems.quantity })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
    : []
  return rows.map(({ session_id, ...r }) => ({
    ...r,
    order_number: r.order_id ? orderNumber(session_id, r.order_id) : null,
    boxes: lines.filter((l) => l.orderId === r.order_id).map(({ name, quantity }) => ({ name, quantity })),
  }))
}

export async function boxOfMonth(db: Db, month: string) {
  const [box] = await db
    .select({ name: products.name })
    .from(subscriptionBoxes)
    .innerJoin(products, eq(products.id, subscriptionBoxes.productId))
    .where(eq(subscriptionBoxes.month, month))
  return box ?? null
}

type SubscriptionRow = typeof subscriptions.$inferSelect

/** Pause, skip's kind, credit and retries (decision 065): the fields both views add. */
export function selfServiceOf(sub: SubscriptionRow, nextRow?: { status: string; credit_cents: number }) {
  const paused = isPaused(sub)
  return {
    next_period_skip:
      nextRow?.status === 'skipped'
        ? nextRow.credit_cents > 0
          ? ('credit' as const)
          : ('no_charge' as const)
        : null,
    paused_until: paused ? sub.pausedUntil : null,
    credit_cents: sub.creditCents,
    failed_attempts: sub.failedAttempts,
    next_payment_attempt_at: sub.status === 'past_due' ? sub.nextPaymentAttemptAt : null,
  }
}

async function viewOf(db: Db, sub: SubscriptionRow) {
  const periods = await periodsOf(db, sub.id)
  const paused = isPaused(sub)
  // Paused: the next payment and box are those of the month the pause ends in.
  const nextAt = paused ? sub.pausedUntil : sub.currentPeriodEnd
  const next = nextAt && !sub.cancelAtPeriodEnd ? monthOf(nextAt) : null
  const nextRow = next ? periods.find((p) => p.period === next) : undefined
  const plan = planOfTier(sub.tier)
  const box = next ? await boxOfMonth(db, next) : null
  const skipped = nextRow?.status === 'skipped'
  const noCharge = skipped && nextRow.credit_cents === 0
  const price = plan?.priceCents ?? 0
  return {
    id: sub.id,
    tier: sub.tier,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    next_payment_at: sub.cancelAtPeriodEnd ? null : nextAt,
    // Test mode takes its credit off the next payment; Stripe applies the customer's balance itself.
    next_payment_cents:
      sub.cancelAtPeriodEnd || noCharge
        ? 0
        : sub.provider === 'test'
          ? price - Math.min(price, sub.creditCents)
          : price,
    next_period: next,
    next_period_skipped: skipped,
    next_box: box && !skipped ? { name: box.name, quantity: plan?.boxesPerMonth ?? 1 } : null,
    shipping_address: sub.shippingAddress,
    provider: sub.provider,
    since: sub.createdAt,
    periods,
    ...selfServiceOf(sub, nextRow),
  }
}

/** The user's live subscription, else their latest one; null with none. */
export async function mySubscription(db: Db, userId: string) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`case when ${LIVE} then 0 else 1 end`, desc(subscriptions.updatedAt))
    .limit(1)
  return sub ? viewOf(db, sub) : null
}

const filterOf = (query: SubscriberListQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = []
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`
    conditions.push(or(ilike(user.email, like), ilike(user.name, like)))
  }
  if (query.plan) conditions.push(eq(subscriptions.tier, query.plan))
  if (query.status === 'active')
    conditions.push(
      and(
        inArray(subscriptions.status, ['active', 'trialing']),
        eq(subscriptions.cancelAtPeriodEnd, false),
        sql`not ${PAUSED}`,
      ),
    )
  if (query.status === 'paused') conditions.push(and(LIVE, PAUSED))
  if (query.status === 'cancelling') conditions.push(and(LIVE, eq(subscriptions.cancelAtPeriodEnd, true)))
  if (query.status === 'past_due') conditions.push(inArray(subscriptions.status, ['past_due', 'unpaid']))
  if (query.status === 'canceled')
    conditions.push(inArray(subscriptions.status, ['canceled', 'incomplete_expired']))
  return and(...conditions)
}

const listColumns = {
  id: subscriptions.id,
  email: user.email,
  name: user.name,
  tier: subscriptions.tier,
  status: subscriptions.status,
  cancel_at_period_end: subscriptions.cancelAtPeriodEnd,
  provider: subscriptions.provider,
  since: subscriptions.createdAt,
  current_period_end: subscriptions.currentPeriodEnd,
  paused_until: subscriptions.pausedUntil,
  address: subscriptions.shippingAddress,
}

type ListRow = {
  id: string
  email: string
  name: string | null
  tier: 'Basic' | 'Premium' | 'Family'
  status: string
  cancel_at_period_end: boolean
  provider: string
  since: Date
  current_period_end: Date | null
  paused_until: Date | null
  address: { city: string } | null
}

const subscriberOf = (r: ListRow) => {
  const live = !['canceled', 'incomplete_expired'].includes(r.status)
  const paused = live && isPaused({ pausedUntil: r.paused_until, currentPeriodEnd: r.current_period_end })
  // Paused: the next payment and box are those of the month the pause ends in (as viewOf).
  const nextAt = paused ? r.paused_until : r.current_period_end
  const next = live && !r.cancel_at_period_end && nextAt ? nextAt : null
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    tier: r.tier,
    status: r.status,
    cancel_at_period_end: r.cancel_at_period_end,
    provider: r.provider,
    since: r.since,
    next_shipment: next && r.status !== 'past_due' ? monthOf(next) : null,
    next_payment_at: next,
    paused_until: paused ? r.paused_until : null,
    city: r.address?.city ?? null,
  }
}

export async function listSubscribers(db: Db, query: SubscriberListQuery) {
  const page = Number(query.page ?? 1)
  const where = filterOf(query)
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(subscriptions)
      .innerJoin(user, eq(user.id, subscriptions.userId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(subscriptions)
      .innerJoin(user, eq(user.id, subscriptions.userId))
      .where(where),
  ])
  return {
    data: rows.map((r) => subscriberOf(r as ListRow)),
    total: total?.n ?? 0,
    page,
    page_size: ADMIN_ORDERS_PAGE_SIZE,
  }
}

export async function subscriberDetail(db: Db, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(subscriptions)
    .innerJoin(user, eq(user.id, subscriptions.userId))
    .where(eq(subscriptions.id, id))
  if (!row) return null
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
  const history = await db
    .select({
      at: subscriptionEvents.createdAt,
      event: subscriptionEvents.event,
      note: subscriptionEvents.note,
      actor_email: user.email,
    })
    .from(subscriptionEvents)
    .leftJoin(user, eq(user.id, subscriptionEvents.actorId))
    .where(eq(subscriptionEvents.subscriptionId, id))
    .orderBy(desc(subscriptionEvents.createdAt))
    .limit(200)
  const next = sub!.currentPeriodEnd ? monthOf(sub!.currentPeriodEnd) : null
  const periods = await periodsOf(db, id)
  return {
    ...subscriberOf(row as ListRow),
    ...selfServiceOf(
      sub!,
      periods.find((p) => p.period === next),
    ),
    shipping_address: sub!.shippingAddress,
    periods,
    history,
  }
}

export async function subscriptionBoxList(db: Db) {
  return db
    .select({
      month: subscriptionBoxes.month,
      product_id: products.id,
      product_name: products.name,
      product_slug: products.slug,
      stock: products.stock,
    })
    .from(subscriptionBoxes)
    .innerJoin(products, eq(products.id, subscriptionBoxes.productId))
    .orderBy(desc(subscriptionBoxes.month))
    .limit(36)
}

/** The dashboard's subscription figures, this calendar month (UTC). */
/**
 * What the shop took since `since`, the one sum the dashboard and the subscribers' figures
 * show: paid and completed orders created since then (a subscription or gift month's shipment
 * order is $0), the subscriptions' months and the gifts paid since then.
 */
export async function revenueSince(db: Db, since: Date) {
  const cents = sql<number>`coalesce(sum(${orders.amountCents}), 0)::bigint`
  const [[ordered], [months], [gifts]] = await Promise.all([
    db
      .select({ cents })
      .from(orders)
      .where(and(inArray(orders.status, ['paid', 'completed']), gte(orders.createdAt, since))),
    db
      .select({ cents: sql<number>`coalesce(sum(${subscriptionPeriods.amountCents}), 0)::bigint` })
      .from(subscriptionPeriods)
      .where(gte(subscriptionPeriods.createdAt, since)),
    db
      .select({ cents: sql<number>`coalesce(sum(${giftSubscriptions.amountCents}), 0)::bigint` })
      .from(giftSubscriptions)
      .where(gte(giftSubscriptions.paidAt, since)),
  ])
  const orderCents = Number(ordered?.cents ?? 0)
  const subscriptionCents = Number(months?.cents ?? 0)
  const giftCents = Number(gifts?.cents ?? 0)
  return {
    orders: orderCents,
    subscriptions: subscriptionCents,
    gifts: giftCents,
    total: orderCents + subscriptionCents + giftCents,
  }
}

export async function subscriptionFigures(db: Db, now = new Date()) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const [perPlan, [fresh], [ended], revenue, awaiting] = await Promise.all([
    db
      .select({ tier: subscriptions.tier, status: subscriptions.status, n: count() })
      .from(subscriptions)
      .where(LIVE)
      .groupBy(subscriptions.tier, subscriptions.status),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(LIVE, gte(subscriptions.createdAt, monthStart))),
    db.select({ n: count() }).from(subscriptions).where(gte(subscriptions.endedAt, monthStart)),
    revenueSince(db, monthStart),
    db
      .select({
        period: subscriptionPeriods.period,
        count: count(),
        box_set: sql<boolean>`bool_or(${subscriptionBoxes.month} is not null)`,
      })
      .from(subscriptionPeriods)
      .leftJoin(subscriptionBoxes, eq(subscriptionBoxes.month, subscriptionPeriods.period))
      .where(eq(subscriptionPeriods.status, 'awaiting_box'))
      .groupBy(subscriptionPeriods.period)
      .orderBy(asc(subscriptionPeriods.period))
      .limit(24),
  ])
  const tiers = ['Basic', 'Premium', 'Family'] as const
  const active = perPlan.filter((r) => r.status === 'active' || r.status === 'trialing')
  const activePerPlan = tiers.map((tier) => ({
    tier,
    count: active.filter((r) => r.tier === tier).reduce((n, r) => n + r.n, 0),
  }))
  return {
    active_per_plan: activePerPlan,
    active: activePerPlan.reduce((n, r) => n + r.count, 0),
    past_due: perPlan.filter((r) => r.status === 'past_due').reduce((n, r) => n + r.n, 0),
    mrr_cents: activePerPlan.reduce((n, r) => n + r.count * (planOfTier(r.tier)?.priceCents ?? 0), 0),
    new_this_month: fresh?.n ?? 0,
    cancelled_this_month: ended?.n ?? 0,
    subscription_revenue_this_month_cents: revenue.subscriptions,
    order_revenue_this_month_cents: revenue.orders,
    gift_revenue_this_month_cents: revenue.gifts,
    revenue_this_month_cents: revenue.total,
    awaiting_box: awaiting.map((r) => ({ period: r.period, count: Number(r.count), box_set: !!r.box_set })),
  }
}

// Plan checkouts, the provider's customers and the test mode's reads (`service.ts` holds the
// rules: one open plan page per user, the portal for a live subscription).

type ProviderName = (typeof paymentCustomers.$inferInsert)['provider']

const statusColumns = {
  status: subscriptions.status,
  tier: subscriptions.tier,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
}

/** A user's live subscription's status, else the latest ended one's; undefined when they never had one. */
export async function latestSubscriptionStatusOf(db: Db, userId: string) {
  const [row] = await db
    .select(statusColumns)
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(
      sql`case when ${subscriptions.status} in ('canceled', 'incomplete_expired') then 1 else 0 end`,
      sql`${subscriptions.updatedAt} desc`,
    )
    .limit(1)
  return row
}

/** The id of a user's live subscription, or null. */
export async function liveSubscriptionOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), live()))
    .limit(1)
  return row ?? null
}

/** A user's customer id at a provider, or undefined when none was made yet. */
export async function findCustomerId(db: DbOrTx, userId: string, provider: ProviderName) {
  const [row] = await db
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
  return row?.id
}

/** Stores a user's customer at a provider, unless one is stored already (a racing request's). */
export async function insertCustomer(
  db: DbOrTx,
  customer: { userId: string; provider: ProviderName; providerCustomerId: string },
) {
  await db.insert(paymentCustomers).values(customer).onConflictDoNothing()
}

/** A user's open plan checkout, if any. */
export async function findOpenPlanCheckout(db: DbOrTx, userId: string) {
  const [open] = await db
    .select()
    .from(subscriptionCheckouts)
    .where(and(eq(subscriptionCheckouts.userId, userId), eq(subscriptionCheckouts.status, 'open')))
  return open
}

/** A new open plan checkout of a user, or null when the user has one open already. */
export async function insertPlanCheckout(
  db: DbOrTx,
  checkout: { userId: string; provider: ProviderName; tier: SubscriptionTier; priceId: string },
) {
  const [row] = await db
    .insert(subscriptionCheckouts)
    .values(checkout)
    .onConflictDoNothing()
    .returning({ id: subscriptionCheckouts.id })
  return row ?? null
}

/**
 * Records the provider's page of a plan checkout unless one is recorded already; the URL
 * recorded now, or undefined when another was first.
 */
export async function recordPlanPage(db: DbOrTx, checkoutId: string, session: { id: string; url: string }) {
  const [written] = await db
    .update(subscriptionCheckouts)
    .set({ providerSessionId: session.id, url: session.url, updatedAt: new Date() })
    .where(and(eq(subscriptionCheckouts.id, checkoutId), isNull(subscriptionCheckouts.url)))
    .returning({ url: subscriptionCheckouts.url })
  return written?.url ?? undefined
}

/** An open plan checkout expired: its provider session id, or null when it was no longer open. */
export async function expireOpenPlanCheckout(db: DbOrTx, checkoutId: string) {
  const [closed] = await db
    .update(subscriptionCheckouts)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(subscriptionCheckouts.id, checkoutId), eq(subscriptionCheckouts.status, 'open')))
    .returning({ providerSessionId: subscriptionCheckouts.providerSessionId })
  return closed ?? null
}

export async function setPlanCheckoutStatus(db: DbOrTx, checkoutId: string, status: 'completed' | 'expired') {
  await db
    .update(subscriptionCheckouts)
    .set({ status, updatedAt: new Date() })
    .where(eq(subscriptionCheckouts.id, checkoutId))
}

/** The open plan checkout of a provider session moved to `status` (one no longer open stays as it is). */
export async function closeOpenPlanCheckoutOfSession(
  db: DbOrTx,
  sessionId: string,
  status: 'completed' | 'expired',
) {
  await db
    .update(subscriptionCheckouts)
    .set({ status, updatedAt: new Date() })
    .where(
      and(eq(subscriptionCheckouts.providerSessionId, sessionId), eq(subscriptionCheckouts.status, 'open')),
    )
}

/** The shipping address given on the page of a provider session, kept with its plan checkout. */
export async function setPlanCheckoutAddressOfSession(
  db: DbOrTx,
  sessionId: string,
  address: ShippingAddress,
) {
  await db
    .update(subscriptionCheckouts)
    .set({ shippingAddress: address })
    .where(eq(subscriptionCheckouts.providerSessionId, sessionId))
}

/** The shipping address given on our own plan page, kept with its plan checkout. */
export async function setPlanCheckoutAddress(db: DbOrTx, checkoutId: string, address: ShippingAddress) {
  await db
    .update(subscriptionCheckouts)
    .set({ shippingAddress: address, updatedAt: new Date() })
    .where(eq(subscriptionCheckouts.id, checkoutId))
}

/** The test mode's plan checkout of a session, with its user's address; null when it is not one. */
export async function findTestSubscriptionCheckout(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      id: subscriptionCheckouts.id,
      userId: subscriptionCheckouts.userId,
      status: subscriptionCheckouts.status,
      tier: subscriptionCheckouts.tier,
      priceId: subscriptionCheckouts.priceId,
      email: user.email,
    })
    .from(subscriptionCheckouts)
    .innerJoin(user, eq(user.id, subscriptionCheckouts.userId))
    .where(
      and(eq(subscriptionCheckouts.providerSessionId, sessionId), eq(subscriptionCheckouts.provider, 'test')),
    )
  return row ?? null
}

/** A user's live test-mode subscription, whole, or undefined. */
export async function liveTestSubscriptionOf(db: DbOrTx, userId: string) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'test'), live()))
  return sub
}

/** What the test-mode portal shows: the user's live test subscription, if any. */
export async function testPortalView(db: Db, userId: string) {
  const [row] = await db
    .select({ ...statusColumns, priceId: subscriptions.priceId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'test'), live()))
  return row ?? null
}
