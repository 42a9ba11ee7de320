import {
  addBillingMonths,
  DAY_MS,
  formatMoney,
  MAX_PAUSE_MONTHS,
  monthName,
  type PlanQuote,
  planOfTier,
  type SubscriptionTier,
} from '@lamplight/contracts'
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { subscriptionEvents, subscriptionPeriods, subscriptions } from '../../db/schema'
import { conflict, validationFailed } from '../../lib/errors'
import type { Mail } from '../../mail'
import { recordAudit } from '../../services/audit'
import { applySubscription, monthAfter, type SubscriptionDeps, sendAfterCommit, type Tx } from './apply'
import { ownerOf } from './locks'
import { liveSubscriptionRow, monthOf } from './periods'
import {
  subscriptionPausedMail,
  subscriptionPlanQuoteMail,
  subscriptionUnpausedMail,
} from './self-service-mails'

/**
 * The subscriber's own changes from /account (issue 34 items 3 and 4, decision 065): change
 * plan with a stated proration, pause for up to three months and resume early. Each holds
 * the subscription's lock (user row, then subscription row, as every change does), so fifty
 * presses at once make one change, one mail and one audit entry, and a pause racing a renewal
 * ends one way: whichever takes the month's row first decides it.
 */

type SubscriptionRow = typeof subscriptions.$inferSelect

const day = (date: Date) => date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })
/** `months` renewals on from `date`, on the cycle's day (the day of the subscription's start). */
const addMonths = (date: Date, months: number, sub: Pick<SubscriptionRow, 'createdAt'>) =>
  addBillingMonths(date, months, sub.createdAt.getUTCDate())
const monthBefore = (date: Date) => addBillingMonths(date, -1)

/** Paused now: its pause ends after the current period ends (the months between are paused). */
export const isPaused = (sub: Pick<SubscriptionRow, 'pausedUntil' | 'currentPeriodEnd'>) =>
  !!sub.pausedUntil && !!sub.currentPeriodEnd && sub.pausedUntil > sub.currentPeriodEnd

/**
 * The proration of a plan change (decision 065), computed here in cents from the database's
 * period, never from the client: the price difference times the share of the period's days
 * still to come (whole days, rounded up; a period the test clock has moved ahead counts whole).
 * Up: paid now. Down: credited to the next payment. Stripe mode: Stripe computes its own
 * (by the second) and adds it to the next invoice; this is the estimate the page shows.
 */
export function quotePlanChange(sub: SubscriptionRow, to: SubscriptionTier, now = new Date()): PlanQuote {
  const fromPlan = planOfTier(sub.tier)!
  const toPlan = planOfTier(to)!
  const end = sub.currentPeriodEnd ?? monthAfter(now)
  const start = monthBefore(end)
  const daysInPeriod = Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS))
  const daysLeft = Math.min(daysInPeriod, Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)))
  const prorated = Math.round(((toPlan.priceCents - fromPlan.priceCents) * daysLeft) / daysInPeriod)
  const share = `${daysLeft} of ${daysInPeriod} days left in this period`
  const then = `from ${day(end)} you pay ${formatMoney(toPlan.priceCents)} a month`
  const summary =
    sub.provider === 'stripe'
      ? `Our payment provider prorates the difference for the rest of this period (about ${formatMoney(Math.abs(prorated))} ${prorated >= 0 ? 'more' : 'less'}, ${share}) on your next invoice; ${then}.`
      : prorated >= 0
        ? `You pay the difference for the rest of this period now: ${formatMoney(prorated)} (${share}); ${then}.`
        : `The difference for the rest of this period, ${formatMoney(-prorated)} (${share}), is credited to your next payment; ${then}.`
  return {
    from: sub.tier,
    to,
    provider: sub.provider,
    days_left: daysLeft,
    days_in_period: daysInPeriod,
    prorated_cents: prorated,
    new_price_cents: toPlan.priceCents,
    from_date: end.toISOString(),
    summary,
  }
}

function assertCanChangePlan(sub: SubscriptionRow, to: SubscriptionTier) {
  if (sub.status === 'past_due' || sub.status === 'unpaid')
    throw conflict(
      'Your last payment has not gone through yet: please update your card before changing plan.',
    )
  if (!['active', 'trialing'].includes(sub.status)) throw conflict('This subscription cannot change plan.')
  if (sub.cancelAtPeriodEnd)
    throw conflict('Your subscription ends at the end of this period: resume it first to change plan.')
  if (isPaused(sub)) throw conflict('Your subscription is paused: resume it first to change plan.')
  if (sub.tier === to) throw conflict(`You are already on the ${to} plan.`)
}

/** What changing to `to` would cost, as the page states it before confirming. */
export async function planChangeQuote(deps: SubscriptionDeps, userId: string, to: SubscriptionTier) {
  return deps.db.transaction(async (tx) => {
    const sub = await liveSubscriptionRow(tx, { userId })
    assertCanChangePlan(sub, to)
    return quotePlanChange(sub, to)
  })
}

/**
 * Change plan. Test mode: under the lock, the proration is computed and applied (an upgrade's
 * difference paid now, added to this period's payment; a downgrade's credited), the plan set,
 * the history, audit and mail written once. Stripe: the subscription's price is changed at
 * Stripe with `proration_behavior: create_prorations` and Stripe's answer brought into ours
 * (its history and mail); the key makes fifty presses one change at Stripe.
 */
export async function changePlan(deps: SubscriptionDeps, userId: string, to: SubscriptionTier) {
  const plan = planOfTier(to)!
  let mail: (() => Promise<Mail>) | null = null
  const result = await deps.db.transaction(async (tx) => {
    const sub = await liveSubscriptionRow(tx, { userId })
    assertCanChangePlan(sub, to)
    const quote = quotePlanChange(sub, to)
    if (sub.provider === 'stripe') return { sub, quote, stripe: true }
    const credit = quote.prorated_cents < 0 ? -quote.prorated_cents : 0
    await tx
      .update(subscriptions)
      .set({
        tier: plan.tier,
        priceId: plan.priceId,
        creditCents: sql`${subscriptions.creditCents} + ${credit}`,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, sub.id))
    if (quote.prorated_cents > 0) await chargeNow(tx, sub, quote.prorated_cents)
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: 'plan',
      note: `${sub.tier} → ${to}: ${quote.prorated_cents >= 0 ? `${formatMoney(quote.prorated_cents)} paid now` : `${formatMoney(credit)} credited`} (${quote.days_left} of ${quote.days_in_period} days)`,
      actorId: userId,
    })
    await recordAudit(tx, {
      actorId: userId,
      action: 'subscription.plan',
      entity: 'subscription',
      entityId: sub.id,
      before: { tier: sub.tier },
      after: { tier: to },
      data: { proratedCents: quote.prorated_cents },
    })
    const owner = await ownerOf(tx, sub.userId)
    mail = () => subscriptionPlanQuoteMail(owner, quote, deps.siteUrl)
    return { sub, quote, stripe: false }
  })
  if (result.stripe) {
    const { stripe } = deps
    if (!stripe) throw conflict('Stripe is not configured: this subscription cannot be changed here.')
    const current = await stripe.stripe.subscriptions.retrieve(result.sub.providerSubscriptionId)
    const item = current.items.data[0]
    if (!item) throw conflict('This subscription has no plan at Stripe to change.')
    const updated = await stripe.stripe.subscriptions.update(
      result.sub.providerSubscriptionId,
      {
        items: [{ id: item.id, price: await stripe.priceOf(plan.priceId) }],
        proration_behavior: 'create_prorations',
        metadata: { tier: plan.tier, priceId: plan.priceId },
      },
      { idempotencyKey: `plan-${result.sub.id}-${result.sub.tier}-${to}-${result.sub.updatedAt.getTime()}` },
    )
    const snap = stripe.snapshotOf(updated)
    if (snap) await applySubscription(deps, snap)
    await recordAudit(deps.db, {
      actorId: userId,
      action: 'subscription.plan',
      entity: 'subscription',
      entityId: result.sub.id,
      before: { tier: result.sub.tier },
      after: { tier: to },
      data: { proration: 'stripe', estimateCents: result.quote.prorated_cents },
    })
  }
  await sendAfterCommit(deps, mail)
  return result.quote
}

/** An upgrade's difference, paid now: added to the current period's payment (its revenue). */
async function chargeNow(tx: Tx, sub: SubscriptionRow, cents: number) {
  const [current] = await tx
    .select({ id: subscriptionPeriods.id })
    .from(subscriptionPeriods)
    .where(
      and(eq(subscriptionPeriods.subscriptionId, sub.id), sql`${subscriptionPeriods.status} <> 'paused'`),
    )
    .orderBy(desc(subscriptionPeriods.period))
    .limit(1)
  if (current)
    await tx
      .update(subscriptionPeriods)
      .set({ amountCents: sql`${subscriptionPeriods.amountCents} + ${cents}`, updatedAt: new Date() })
      .where(eq(subscriptionPeriods.id, current.id))
}

/** The user's latest subscription, live or not: what a refusal of a pause names. */
async function liveForPause(tx: Tx, userId: string) {
  try {
    return await liveSubscriptionRow(tx, { userId })
  } catch {
    throw conflict(
      'Your subscription has ended: there is nothing to pause. You can subscribe again from the shop.',
    )
  }
}

/**
 * Pause for 1-3 months from the next renewal: those months are written as `paused` rows (no
 * box, no charge), so a renewal racing the pause either finds its month paused or has taken
 * it first (then the pause is refused and can start a month later). Stripe: collection paused
 * with `void` (its invoices voided) until just after the last paused renewal.
 */
export async function pauseSubscription(deps: SubscriptionDeps, userId: string, months: number) {
  if (!Number.isInteger(months) || months < 1 || months > MAX_PAUSE_MONTHS)
    throw validationFailed('A pause is 1, 2 or 3 months.', [
      { path: 'months', message: `Choose 1, 2 or 3 months (at most ${MAX_PAUSE_MONTHS}).` },
    ])
  let mail: (() => Promise<Mail>) | null = null
  const result = await deps.db.transaction(async (tx) => {
    const sub = await liveForPause(tx, userId)
    if (sub.status === 'past_due' || sub.status === 'unpaid')
      throw conflict('Your last payment has not gone through yet: please update your card before pausing.')
    if (!['active', 'trialing'].includes(sub.status) || !sub.currentPeriodEnd)
      throw conflict('This subscription cannot be paused.')
    if (sub.cancelAtPeriodEnd)
      throw conflict('Your subscription ends at the end of this period: there is nothing to pause.')
    if (isPaused(sub)) throw conflict(`Your subscription is already paused until ${day(sub.pausedUntil!)}.`)
    const start = sub.currentPeriodEnd
    const periods = Array.from({ length: months }, (_, i) => monthOf(addMonths(start, i, sub)))
    const taken = await tx
      .select({ period: subscriptionPeriods.period, status: subscriptionPeriods.status })
      .from(subscriptionPeriods)
      .where(
        and(eq(subscriptionPeriods.subscriptionId, sub.id), gte(subscriptionPeriods.period, periods[0]!)),
      )
    const paid = taken.find((t) => periods.includes(t.period) && t.status !== 'skipped')
    if (paid)
      throw conflict(`The ${monthName(paid.period)} box is already paid and on its way: it cannot be paused.`)
    // A month already skipped stays skipped (its own choice of charge); the others are paused.
    for (const period of periods)
      await tx
        .insert(subscriptionPeriods)
        .values({ subscriptionId: sub.id, period, status: 'paused', tier: sub.tier, amountCents: 0 })
        .onConflictDoNothing()
    const until = addMonths(start, months, sub)
    await tx
      .update(subscriptions)
      .set({ pausedUntil: until, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id))
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: 'paused',
      note: `${periods.map(monthName).join(', ')}; until ${until.toISOString().slice(0, 10)}`,
      actorId: userId,
    })
    await recordAudit(tx, {
      actorId: userId,
      action: 'subscription.pause',
      entity: 'subscription',
      entityId: sub.id,
      before: { pausedUntil: null },
      after: { pausedUntil: until },
      data: { months: periods },
    })
    const owner = await ownerOf(tx, sub.userId)
    mail = () => subscriptionPausedMail(owner, { tier: sub.tier, months: periods, until }, deps.siteUrl)
    return { sub, periods, until }
  })
  if (result.sub.provider === 'stripe' && deps.stripe) {
    // Collection paused until just after the last paused renewal, so its invoice is voided too.
    const lastPaused = addMonths(result.sub.currentPeriodEnd!, months - 1, result.sub)
    await deps.stripe.stripe.subscriptions.update(
      result.sub.providerSubscriptionId,
      { pause_collection: { behavior: 'void', resumes_at: Math.floor(lastPaused.getTime() / 1000) + 3600 } },
      { idempotencyKey: `pause-${result.sub.id}-${result.periods[0]}-${months}` },
    )
  }
  await sendAfterCommit(deps, mail)
  return result
}

/** Resume a pause early: the months not yet reached are no longer paused (next month ships). */
export async function unpauseSubscription(deps: SubscriptionDeps, userId: string) {
  let mail: (() => Promise<Mail>) | null = null
  const result = await deps.db.transaction(async (tx) => {
    const sub = await liveSubscriptionRow(tx, { userId })
    if (!isPaused(sub)) throw conflict('Your subscription is not paused.')
    const next = monthOf(sub.currentPeriodEnd!)
    await tx
      .delete(subscriptionPeriods)
      .where(
        and(
          eq(subscriptionPeriods.subscriptionId, sub.id),
          eq(subscriptionPeriods.status, 'paused'),
          gte(subscriptionPeriods.period, next),
        ),
      )
    await tx
      .update(subscriptions)
      .set({ pausedUntil: null, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id))
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: 'unpaused',
      note: `resumed early; ${monthName(next)} ships`,
      actorId: userId,
    })
    await recordAudit(tx, {
      actorId: userId,
      action: 'subscription.unpause',
      entity: 'subscription',
      entityId: sub.id,
      before: { pausedUntil: sub.pausedUntil },
      after: { pausedUntil: null },
    })
    const [skipped] = await tx
      .select({ credit: subscriptionPeriods.creditCents })
      .from(subscriptionPeriods)
      .where(
        and(
          eq(subscriptionPeriods.subscriptionId, sub.id),
          eq(subscriptionPeriods.period, next),
          eq(subscriptionPeriods.status, 'skipped'),
        ),
      )
    const owner = await ownerOf(tx, sub.userId)
    mail = () =>
      subscriptionUnpausedMail(
        owner,
        { tier: sub.tier, nextPaymentAt: sub.currentPeriodEnd, period: skipped ? null : next },
        deps.siteUrl,
      )
    return { sub, next, skipNoCharge: !!skipped && skipped.credit === 0 }
  })
  if (result.sub.provider === 'stripe' && deps.stripe) {
    const resumesAt = Math.floor(result.sub.currentPeriodEnd!.getTime() / 1000) + 3600
    await deps.stripe.stripe.subscriptions.update(
      result.sub.providerSubscriptionId,
      // A next month skipped with no charge stays voided; otherwise collection resumes now.
      result.skipNoCharge
        ? { pause_collection: { behavior: 'void', resumes_at: resumesAt } }
        : { pause_collection: '' },
      { idempotencyKey: `unpause-${result.sub.id}-${result.sub.pausedUntil?.getTime()}` },
    )
  }
  await sendAfterCommit(deps, mail)
  return result
}
