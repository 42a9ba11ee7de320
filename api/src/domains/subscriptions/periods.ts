import { monthName, planOfTier, SUBSCRIBED_STATUSES } from '@lamplight/contracts'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import {
  products,
  type ShippingAddress,
  subscriptionBoxes,
  subscriptionEvents,
  subscriptionPeriods,
  subscriptions,
  user,
} from '../../db/schema'
import { conflict, notFound, validationFailed } from '../../lib/errors'
import type { Mail } from '../../mail'
import { recordAudit } from '../../services/audit'
import { createSubscriptionShipmentOrder } from '../orders/service'
import {
  applySubscription,
  monthAfter,
  type SubscriptionDeps,
  type SubscriptionSnapshot,
  sendAfterCommit,
  type Tx,
} from './apply'
import { subscriptionAddressMail, subscriptionSkippedMail } from './mails'

/**
 * A subscription's months (issue 34, decision 060). Each paid period becomes one row of
 * `subscription_periods`, keyed by (subscription, the month it starts in): the unique pair
 * is the whole of "exactly once", whichever of a replayed `invoice.paid`, a second instance
 * or a test renewal comes first. Every change to one subscription's months holds its row
 * lock, so a skip and a renewal racing each other queue: whichever is first decides the
 * month (skipped: no charge, no box; paid: it ships, the skip is refused).
 */

/** The month a moment falls in, `2026-12` (UTC). */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7)

/** The first moment after a month (`2026-12` → 2027-01-01T00:00Z): the test clock's "end of December". */
export const endOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number)
  return new Date(Date.UTC(y!, m!, 1) - 1)
}

const SUBSCRIBED = [...SUBSCRIBED_STATUSES] as string[]

type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * Holds one subscription for a change, in the order `applySubscription` takes its locks (the
 * user's row, then the subscription's), so a webhook and a renewal for one subscriber queue
 * rather than deadlock (an order's foreign key to the user also waits on the user's row).
 */
async function lockSubscription(tx: Tx, where: ReturnType<typeof eq>) {
  const [found] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(where)
  if (!found) return null
  await tx.select({ id: user.id }).from(user).where(eq(user.id, found.userId)).for('update')
  const [row] = await tx.select().from(subscriptions).where(where).for('update')
  return row ?? null
}

async function ownerOf(tx: Tx, userId: string) {
  const [owner] = await tx
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
  return owner!
}

export type PeriodOutcome = 'shipped' | 'awaiting_box' | 'skipped' | 'already' | 'unknown' | 'not-subscribed'

/** Who a month's boxes go to: a subscriber, or a gift's recipient (decision 064). */
export type MonthRecipient = {
  subscriptionId: string | null
  userId: string | null
  email: string
  name: string | null
  provider: 'test' | 'stripe'
  address: ShippingAddress | null
  /** The packing note's words before the month: "Premium subscription", "Premium gift". */
  label: string
}

/**
 * One month's shipment, in the caller's transaction holding the row that makes the month
 * once (a subscription's period, a gift's month): the month's box times the plan's boxes, to
 * the recipient's address, stock taken. No box chosen yet, no address, or the box sold out:
 * none (the month keeps waiting; choosing the box, or giving an address, ships it).
 */
export async function shipMonth(
  tx: Tx,
  to: MonthRecipient,
  month: { period: string; tier: string },
): Promise<{ orderId: string } | 'awaiting_box'> {
  const [box] = await tx
    .select({ productId: subscriptionBoxes.productId, name: products.name })
    .from(subscriptionBoxes)
    .innerJoin(products, eq(products.id, subscriptionBoxes.productId))
    .where(eq(subscriptionBoxes.month, month.period))
  const address = to.address
  if (!box || !address) return 'awaiting_box'
  const made = await createSubscriptionShipmentOrder(tx, {
    subscriptionId: to.subscriptionId,
    userId: to.userId,
    email: to.email,
    customerName: `${address.firstName} ${address.lastName}`.trim() || to.name,
    provider: to.provider,
    productId: box.productId,
    productName: box.name,
    quantity: planOfTier(month.tier)?.boxesPerMonth ?? 1,
    shippingAddress: address,
    note: `${to.label}, ${monthName(month.period)}`,
  })
  return made === 'sold-out' ? 'awaiting_box' : made
}

/**
 * Makes a waiting month's shipment, in the caller's transaction holding the subscription's
 * lock (see `shipMonth`).
 */
async function shipWaiting(
  tx: Tx,
  sub: SubscriptionRow,
  period: { id: string; period: string; tier: string },
): Promise<'shipped' | 'awaiting_box'> {
  if (!sub.shippingAddress) return 'awaiting_box'
  const owner = await ownerOf(tx, sub.userId)
  const made = await shipMonth(
    tx,
    {
      subscriptionId: sub.id,
      userId: sub.userId,
      email: owner.email,
      name: owner.name,
      provider: sub.provider === 'stripe' ? 'stripe' : 'test',
      address: sub.shippingAddress,
      label: `${period.tier} subscription`,
    },
    period,
  )
  if (made === 'awaiting_box') return 'awaiting_box'
  await tx
    .update(subscriptionPeriods)
    .set({ status: 'shipped', orderId: made.orderId, updatedAt: new Date() })
    .where(and(eq(subscriptionPeriods.id, period.id), eq(subscriptionPeriods.status, 'awaiting_box')))
  return 'shipped'
}

export type PaidPeriod = {
  /** The provider's subscription id. */
  subscriptionId: string
  periodStart: Date
  /** What was charged; null: the plan's price, or 0 when the month was skipped (test mode). */
  amountCents: number | null
  invoiceId: string | null
}

/** One paid period, recorded and shipped exactly once (see the top of this file). */
export async function recordPaidPeriod(deps: SubscriptionDeps, paid: PaidPeriod): Promise<PeriodOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<PeriodOutcome> => {
    const sub = await lockSubscription(tx, eq(subscriptions.providerSubscriptionId, paid.subscriptionId))
    if (!sub) return 'unknown'
    if (!SUBSCRIBED.includes(sub.status) || sub.status === 'past_due') return 'not-subscribed'
    const period = monthOf(paid.periodStart)
    const [existing] = await tx
      .select()
      .from(subscriptionPeriods)
      .where(and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.period, period)))
    if (existing) {
      // Money taken for a month the subscriber skipped (the skip reached the provider after it
      // charged): paid wins, the month ships.
      if (existing.status === 'skipped' && paid.amountCents && paid.amountCents > 0) {
        await tx
          .update(subscriptionPeriods)
          .set({ status: 'awaiting_box', amountCents: paid.amountCents, invoiceId: paid.invoiceId })
          .where(eq(subscriptionPeriods.id, existing.id))
        return shipWaiting(tx, sub, existing)
      }
      return existing.status === 'skipped' ? 'skipped' : 'already'
    }
    const price = planOfTier(sub.tier)?.priceCents ?? 0
    const [row] = await tx
      .insert(subscriptionPeriods)
      .values({
        subscriptionId: sub.id,
        period,
        status: 'awaiting_box',
        tier: sub.tier,
        amountCents: paid.amountCents ?? price,
        invoiceId: paid.invoiceId,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return 'already'
    await tx
      .insert(subscriptionEvents)
      .values({ subscriptionId: sub.id, event: 'paid', note: `${monthName(period)} paid` })
    return shipWaiting(tx, sub, row)
  })
  if (outcome === 'shipped') await deps.publicCache?.invalidate('catalog')
  return outcome
}

/**
 * The test clock (test mode only): moves to `asOf`; every test subscription whose period
 * ends by then renews, month by month, as Stripe's `invoice.paid` would report it (0 for a
 * skipped month), or ends when it was cancelled. Run twice at once (two admins, two
 * instances), each month is still paid and shipped once.
 */
export async function runTestRenewals(deps: SubscriptionDeps, asOf: Date) {
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        inArray(subscriptions.status, ['active', 'trialing']),
        lte(subscriptions.currentPeriodEnd, asOf),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
  const counts = { renewed: 0, shipped: 0, skipped: 0 }
  for (const { id } of due) {
    for (let month = 0; month < 36; month++) {
      const [sub] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, id))
      if (!sub?.currentPeriodEnd || sub.currentPeriodEnd > asOf) break
      if (!['active', 'trialing'].includes(sub.status)) break
      const snap: SubscriptionSnapshot = {
        provider: 'test',
        subscriptionId: sub.providerSubscriptionId,
        customerId: sub.providerCustomerId,
        userId: sub.userId,
        tier: sub.tier,
        priceId: sub.priceId,
        status: 'active',
        currentPeriodEnd: monthAfter(sub.currentPeriodEnd),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      }
      if (sub.cancelAtPeriodEnd) {
        await applySubscription(deps, { ...snap, status: 'canceled', currentPeriodEnd: sub.currentPeriodEnd })
        break
      }
      const periodStart = sub.currentPeriodEnd
      const outcome = await recordPaidPeriod(deps, {
        subscriptionId: sub.providerSubscriptionId,
        periodStart,
        amountCents: null,
        invoiceId: `in_test_${sub.id.replaceAll('-', '').slice(0, 16)}_${monthOf(periodStart)}`,
      })
      await applySubscription(deps, snap)
      if (outcome === 'shipped') counts.shipped++
      if (outcome === 'skipped') counts.skipped++
      if (outcome !== 'already' && outcome !== 'unknown') counts.renewed++
    }
  }
  return counts
}

type Actor = { id: string } | null

async function liveSubscriptionRow(tx: Tx, by: { userId?: string; id?: string }) {
  const sub = await lockSubscription(
    tx,
    by.id
      ? eq(subscriptions.id, by.id)
      : and(
          eq(subscriptions.userId, by.userId!),
          sql`${subscriptions.status} not in ('canceled', 'incomplete_expired')`,
        )!,
  )
  if (!sub) throw notFound('There is no live subscription to change.')
  return sub
}

/**
 * Skip (or un-skip) the next month: no box and no charge for the period that starts at the
 * current period's end. A month already paid cannot be skipped any more (409).
 */
export async function skipNextMonth(
  deps: SubscriptionDeps,
  by: { userId?: string; id?: string },
  skip: boolean,
  actor: Actor,
) {
  let mail: (() => Promise<Mail>) | null = null
  const result = await deps.db.transaction(async (tx) => {
    const sub = await liveSubscriptionRow(tx, by)
    if (!['active', 'trialing'].includes(sub.status))
      throw conflict(
        sub.status === 'past_due'
          ? 'Your last payment has not gone through yet: please update your card first.'
          : 'This subscription cannot skip a month.',
      )
    if (!sub.currentPeriodEnd) throw conflict('This subscription has no next month yet.')
    if (skip && sub.cancelAtPeriodEnd)
      throw conflict('This subscription ends before next month: there is nothing to skip.')
    const period = monthOf(sub.currentPeriodEnd)
    const [existing] = await tx
      .select()
      .from(subscriptionPeriods)
      .where(and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.period, period)))
    if (skip) {
      if (existing && existing.status !== 'skipped')
        throw conflict(
          `The ${monthName(period)} box is already paid and on its way: it can no longer be skipped.`,
        )
      if (existing) return { sub, period, changed: false }
      await tx
        .insert(subscriptionPeriods)
        .values({ subscriptionId: sub.id, period, status: 'skipped', tier: sub.tier, amountCents: 0 })
    } else {
      if (existing?.status !== 'skipped') return { sub, period, changed: false }
      await tx.delete(subscriptionPeriods).where(eq(subscriptionPeriods.id, existing.id))
    }
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: skip ? 'skipped' : 'unskipped',
      note: monthName(period),
      actorId: actor?.id ?? null,
    })
    if (actor && by.id)
      await recordAudit(tx, {
        actorId: actor.id,
        action: skip ? 'subscription.skip' : 'subscription.unskip',
        entity: 'subscription',
        entityId: sub.id,
        before: null,
        after: { skipped: skip },
        data: { period },
      })
    const owner = await ownerOf(tx, sub.userId)
    mail = () => subscriptionSkippedMail(owner, { tier: sub.tier, period, skipped: skip }, deps.siteUrl)
    return { sub, period, changed: true }
  })
  // A Stripe subscription: the skipped month's invoice is voided at Stripe (collection
  // paused until just after it), so nothing is charged for it.
  if (result.changed && result.sub.provider === 'stripe' && deps.stripe && result.sub.currentPeriodEnd) {
    const resumesAt = Math.floor(result.sub.currentPeriodEnd.getTime() / 1000) + 3600
    await deps.stripe.stripe.subscriptions.update(
      result.sub.providerSubscriptionId,
      skip ? { pause_collection: { behavior: 'void', resumes_at: resumesAt } } : { pause_collection: '' },
      { idempotencyKey: `skip-${result.sub.id}-${result.period}-${skip}` },
    )
  }
  await sendAfterCommit(deps, mail)
  return result
}

/** Cancel at the period's end, or resume: at the provider, then brought into ours (mails follow). */
export async function setCancelAtPeriodEnd(
  deps: SubscriptionDeps,
  by: { userId?: string; id?: string },
  cancel: boolean,
  actor: Actor,
) {
  const sub = await deps.db.transaction((tx) => liveSubscriptionRow(tx, by))
  let snap: SubscriptionSnapshot | null = null
  if (sub.provider === 'stripe') {
    if (!deps.stripe) throw conflict('Stripe is not configured: this subscription cannot be changed here.')
    const updated = await deps.stripe.stripe.subscriptions.update(
      sub.providerSubscriptionId,
      { cancel_at_period_end: cancel },
      { idempotencyKey: `cancel-${sub.id}-${cancel}-${sub.updatedAt.getTime()}` },
    )
    snap = deps.stripe.snapshotOf(updated)
  } else
    snap = {
      provider: 'test',
      subscriptionId: sub.providerSubscriptionId,
      customerId: sub.providerCustomerId,
      userId: sub.userId,
      tier: sub.tier,
      priceId: sub.priceId,
      status: sub.status,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: cancel,
    }
  if (snap) await applySubscription(deps, snap)
  if (actor && by.id)
    await recordAudit(deps.db, {
      actorId: actor.id,
      action: cancel ? 'subscription.cancel' : 'subscription.resume',
      entity: 'subscription',
      entityId: sub.id,
      before: { cancelAtPeriodEnd: sub.cancelAtPeriodEnd },
      after: { cancelAtPeriodEnd: cancel },
    })
  return sub
}

/**
 * A new address for the boxes: from the next shipment made (a month paid and waiting for its
 * box, else the next month). Months waiting only for an address ship now.
 */
export async function changeAddress(deps: SubscriptionDeps, userId: string, address: ShippingAddress) {
  let mail: (() => Promise<Mail>) | null = null
  const result = await deps.db.transaction(async (tx) => {
    const sub = await liveSubscriptionRow(tx, { userId })
    await tx
      .update(subscriptions)
      .set({ shippingAddress: address, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id))
    const updated = { ...sub, shippingAddress: address }
    const waiting = await tx
      .select()
      .from(subscriptionPeriods)
      .where(
        and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.status, 'awaiting_box')),
      )
      .orderBy(asc(subscriptionPeriods.period))
    for (const period of waiting) await shipWaiting(tx, updated, period)
    const from = waiting[0]?.period ?? (sub.currentPeriodEnd ? monthOf(sub.currentPeriodEnd) : null)
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: 'address',
      note: `${address.city}, ${address.state}${from ? ` from ${monthName(from)}` : ''}`,
    })
    const owner = await ownerOf(tx, sub.userId)
    mail = () => subscriptionAddressMail(owner, { period: from, address }, deps.siteUrl)
    return { from }
  })
  await sendAfterCommit(deps, mail)
  return result
}

/**
 * The admin chose a month's box: set, audited, and every month already paid and waiting for
 * it ships now (each under its subscription's lock, so twice at once ships each once).
 */
export async function setMonthBox(deps: SubscriptionDeps, month: string, productId: string, actor: Actor) {
  const [product] = await deps.db
    .select({ id: products.id, name: products.name, slug: products.slug, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
  if (!product)
    throw validationFailed('That box is not in the catalogue.', [
      { path: 'productId', message: 'Please choose a box from the catalogue.' },
    ])
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(subscriptionBoxes).where(eq(subscriptionBoxes.month, month))
    await tx
      .insert(subscriptionBoxes)
      .values({ month, productId, updatedBy: actor?.id ?? null })
      .onConflictDoUpdate({
        target: subscriptionBoxes.month,
        set: { productId, updatedBy: actor?.id ?? null, updatedAt: new Date() },
      })
    if (actor)
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'subscription_box.set',
        entity: 'subscription_box',
        entityId: month,
        before: before ? { productId: before.productId } : null,
        after: { productId },
      })
  })
  const waiting = await deps.db
    .select({ id: subscriptionPeriods.id, subscriptionId: subscriptionPeriods.subscriptionId })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.period, month), eq(subscriptionPeriods.status, 'awaiting_box')))
  let shipped = 0
  for (const w of waiting) {
    const outcome = await deps.db.transaction(async (tx) => {
      const sub = await lockSubscription(tx, eq(subscriptions.id, w.subscriptionId))
      const [period] = await tx
        .select()
        .from(subscriptionPeriods)
        .where(and(eq(subscriptionPeriods.id, w.id), eq(subscriptionPeriods.status, 'awaiting_box')))
      if (!sub || !period) return 'already'
      return shipWaiting(tx, sub, period)
    })
    if (outcome === 'shipped') shipped++
  }
  if (shipped) await deps.publicCache?.invalidate('catalog')
  return { box: { ...product, month }, shipped }
}
