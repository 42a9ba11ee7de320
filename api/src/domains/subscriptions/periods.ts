import {
  formatMoney,
  monthName,
  planOfTier,
  SUBSCRIBED_STATUSES,
  type SubscriptionTier,
} from '@lamplight/contracts'
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import {
  products,
  type ShippingAddress,
  subscriptionBoxes,
  subscriptionEvents,
  subscriptionPeriods,
  subscriptions,
} from '../../db/schema'
import { runOnce } from '../../lib/claim-once'
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
import { lockSubscription, ownerOf } from './locks'
import { subscriptionAddressMail, subscriptionSkippedMail } from './mails'
import { MAX_PAYMENT_ATTEMPTS, nextTestAttempt, recordFailedPayment } from './retries'
import { subscriptionSkippedWithCreditMail } from './self-service-mails'

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

export type PeriodOutcome =
  | 'shipped'
  | 'awaiting_box'
  | 'skipped'
  | 'paused'
  | 'already'
  | 'unknown'
  | 'not-subscribed'

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
  /**
   * The plan the payment was for (Stripe: the invoice's period line), whose boxes the month
   * ships; null or absent: the subscription's plan now (a test renewal charges it now).
   */
  tier?: SubscriptionTier | null
}

/**
 * What a renewal charges: the provider's amount (Stripe applied its own customer balance), or
 * in test mode the plan's price less the credit we hold (decision 065), taken once with the
 * period's row.
 */
function chargeOf(sub: SubscriptionRow, paid: PaidPeriod) {
  if (paid.amountCents !== null) return { amountCents: paid.amountCents, creditUsed: 0 }
  const price = planOfTier(sub.tier)?.priceCents ?? 0
  const creditUsed = Math.min(sub.creditCents, price)
  return { amountCents: price - creditUsed, creditUsed }
}

async function takeCredit(tx: Tx, sub: SubscriptionRow, cents: number) {
  if (cents <= 0) return
  await tx
    .update(subscriptions)
    .set({ creditCents: sql`${subscriptions.creditCents} - ${cents}` })
    .where(eq(subscriptions.id, sub.id))
  await tx
    .insert(subscriptionEvents)
    .values({ subscriptionId: sub.id, event: 'credit_used', note: `${formatMoney(cents)} credit taken off` })
}

/**
 * What a month skipped with a credit is credited when it is charged: what the skip promised
 * (the plan's price on the day of the skip), but never more than the month is charged now,
 * the price of the plan it renews on. A plan changed down between the skip and the renewal
 * (our button, or Stripe's portal) would otherwise turn a cheap month into a dear credit:
 * skipped on Family, moved to Basic, charged $19.99 and credited $49.99.
 */
export function skipCreditOf(sub: Pick<SubscriptionRow, 'tier'>, period: { creditCents: number }) {
  return Math.max(0, Math.min(period.creditCents, planOfTier(sub.tier)?.priceCents ?? 0))
}

/**
 * A month skipped with a credit is charged: the charge is recorded on its row and its value
 * (`skipCreditOf`, also written on the row) credited, once (`credit_granted_at`): to our
 * balance in test mode; in Stripe mode to the customer's balance, by `creditStripeCustomer`
 * after the transaction commits (never a provider call under the subscription's lock,
 * decision 023).
 */
async function grantSkipCredit(
  tx: Tx,
  sub: SubscriptionRow,
  period: typeof subscriptionPeriods.$inferSelect,
  paid: PaidPeriod,
) {
  if (period.creditGrantedAt) return false
  const charge = chargeOf(sub, paid)
  const credit = skipCreditOf(sub, period)
  const [granted] = await tx
    .update(subscriptionPeriods)
    .set({
      amountCents: charge.amountCents,
      creditCents: credit,
      invoiceId: paid.invoiceId,
      creditGrantedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptionPeriods.id, period.id), isNull(subscriptionPeriods.creditGrantedAt)))
    .returning({ id: subscriptionPeriods.id })
  if (!granted) return false
  await takeCredit(tx, sub, charge.creditUsed)
  if (sub.provider === 'test')
    await tx
      .update(subscriptions)
      .set({ creditCents: sql`${subscriptions.creditCents} + ${credit}` })
      .where(eq(subscriptions.id, sub.id))
  await tx.insert(subscriptionEvents).values({
    subscriptionId: sub.id,
    event: 'credit',
    note: `${monthName(period.period)} charged and skipped: ${formatMoney(credit)} credited to the next payment`,
  })
  return true
}

type StripeCredit = {
  customerId: string
  subscriptionId: string
  periodId: string
  period: string
  cents: number
}

/**
 * The Stripe half of a skip's credit: a negative customer balance transaction, made once per
 * month's row through a database claim (lib/claim-once), outside any transaction. Every
 * delivery of the month's `invoice.paid` asks; after the first success the claim answers
 * without calling Stripe, and a failed call gives the claim up, so the webhook's 500 makes
 * Stripe deliver again and the next delivery tries again with the same idempotency key.
 */
async function creditStripeCustomer(deps: SubscriptionDeps, credit: StripeCredit) {
  const stripe = deps.stripe
  if (!stripe) return
  await runOnce(deps.db, { scope: 'stripe-skip-credit', key: credit.periodId }, async () => {
    const made = await stripe.stripe.customers.createBalanceTransaction(
      credit.customerId,
      {
        amount: -credit.cents,
        currency: 'usd',
        description: `Skipped ${monthName(credit.period)}: credited to the next payment`,
        metadata: { subscriptionId: credit.subscriptionId, period: credit.period },
      },
      { idempotencyKey: `skip-credit-${credit.periodId}` },
    )
    return made.id
  })
}

/** One paid period, recorded and shipped exactly once (see the top of this file). */
export async function recordPaidPeriod(deps: SubscriptionDeps, paid: PaidPeriod): Promise<PeriodOutcome> {
  let stripeCredit: StripeCredit | null = null
  const outcome = await deps.db.transaction(async (tx): Promise<PeriodOutcome> => {
    const locked = await lockSubscription(tx, eq(subscriptions.providerSubscriptionId, paid.subscriptionId))
    if (!locked) return 'unknown'
    if (!SUBSCRIBED.includes(locked.status) || locked.status === 'past_due') return 'not-subscribed'
    // The month is the plan it was paid for: its boxes, and the most a skip's credit can be.
    const sub = paid.tier ? { ...locked, tier: paid.tier } : locked
    const period = monthOf(paid.periodStart)
    const [existing] = await tx
      .select()
      .from(subscriptionPeriods)
      .where(and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.period, period)))
    if (existing) {
      // Skipped with a credit: charged as usual, no box, its value credited to the next payment.
      if (existing.status === 'skipped' && existing.creditCents > 0) {
        if (sub.provider === 'stripe' && sub.providerCustomerId)
          stripeCredit = {
            customerId: sub.providerCustomerId,
            subscriptionId: sub.id,
            periodId: existing.id,
            period: existing.period,
            cents: skipCreditOf(sub, existing),
          }
        return (await grantSkipCredit(tx, sub, existing, paid)) ? 'skipped' : 'already'
      }
      if (existing.status === 'paused' && !(paid.amountCents && paid.amountCents > 0)) return 'paused'
      // Money taken for a month the subscriber skipped or paused (the change reached the provider
      // after it charged): paid wins, the month ships.
      if (
        (existing.status === 'skipped' || existing.status === 'paused') &&
        paid.amountCents &&
        paid.amountCents > 0
      ) {
        await tx
          .update(subscriptionPeriods)
          .set({
            status: 'awaiting_box',
            tier: sub.tier,
            amountCents: paid.amountCents,
            invoiceId: paid.invoiceId,
          })
          .where(eq(subscriptionPeriods.id, existing.id))
        return shipWaiting(tx, sub, existing)
      }
      return existing.status === 'skipped' ? 'skipped' : 'already'
    }
    const charge = chargeOf(sub, paid)
    const [row] = await tx
      .insert(subscriptionPeriods)
      .values({
        subscriptionId: sub.id,
        period,
        status: 'awaiting_box',
        tier: sub.tier,
        amountCents: charge.amountCents,
        invoiceId: paid.invoiceId,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return 'already'
    await takeCredit(tx, sub, charge.creditUsed)
    await tx
      .insert(subscriptionEvents)
      .values({ subscriptionId: sub.id, event: 'paid', note: `${monthName(period)} paid` })
    return shipWaiting(tx, sub, row)
  })
  if (stripeCredit) await creditStripeCustomer(deps, stripeCredit)
  if (outcome === 'shipped') await deps.publicCache?.invalidate('catalog')
  return outcome
}

/**
 * The test clock (test mode only): moves to `asOf`; every test subscription whose period
 * ends by then renews, month by month, as Stripe's `invoice.paid` would report it (0 for a
 * skipped or paused month), or ends when it was cancelled. With `decline`, the cards decline:
 * a due renewal fails and is retried on decision 065's schedule (3, 5 and 7 days after the
 * renewal date), and the subscription ends after the last failure; with `decline: false` a
 * retry due goes through and pays the month; without `decline` retries wait. Run twice at once (two admins, two instances), each month is still paid
 * and shipped once, and each try counted once.
 */
export async function runTestRenewals(
  deps: SubscriptionDeps,
  asOf: Date,
  options: { decline?: boolean } = {},
) {
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        or(
          and(
            inArray(subscriptions.status, ['active', 'trialing']),
            lte(subscriptions.currentPeriodEnd, asOf),
          ),
          // Retries run only when the run says how the cards answer (decline or not).
          options.decline === undefined
            ? sql`false`
            : and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextPaymentAttemptAt, asOf)),
        ),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
  const counts = { renewed: 0, shipped: 0, skipped: 0, paused: 0, failed: 0, ended: 0 }
  for (const { id } of due) {
    for (let step = 0; step < 48; step++) {
      const [sub] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, id))
      if (!sub?.currentPeriodEnd) break
      const snap: SubscriptionSnapshot = {
        provider: 'test',
        subscriptionId: sub.providerSubscriptionId,
        customerId: sub.providerCustomerId,
        userId: sub.userId,
        tier: sub.tier,
        priceId: sub.priceId,
        status: 'active',
        currentPeriodEnd: monthAfter(sub.currentPeriodEnd, sub.createdAt),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      }
      const periodStart = sub.currentPeriodEnd
      const period = monthOf(periodStart)
      if (sub.status === 'past_due') {
        if (options.decline === undefined || !sub.nextPaymentAttemptAt || sub.nextPaymentAttemptAt > asOf)
          break
        if (options.decline) {
          const outcome = await failTestRenewal(deps, sub)
          if (outcome === 'already') break
          counts.failed++
          if (outcome === 'ended') {
            counts.ended++
            break
          }
          continue
        }
        // The retry goes through: paid up, the month recorded and shipped.
        await applySubscription(deps, snap)
      } else {
        if (!['active', 'trialing'].includes(sub.status) || sub.currentPeriodEnd > asOf) break
        if (sub.cancelAtPeriodEnd) {
          await applySubscription(deps, {
            ...snap,
            status: 'canceled',
            currentPeriodEnd: sub.currentPeriodEnd,
          })
          counts.ended++
          break
        }
        if (options.decline) {
          const [row] = await deps.db
            .select({ status: subscriptionPeriods.status, credit: subscriptionPeriods.creditCents })
            .from(subscriptionPeriods)
            .where(
              and(eq(subscriptionPeriods.subscriptionId, sub.id), eq(subscriptionPeriods.period, period)),
            )
          const charged = !row || (row.status === 'skipped' && row.credit > 0)
          if (charged) {
            const outcome = await failTestRenewal(deps, sub)
            if (outcome === 'already') break
            counts.failed++
            continue
          }
        }
      }
      const outcome = await recordPaidPeriod(deps, {
        subscriptionId: sub.providerSubscriptionId,
        periodStart,
        amountCents: null,
        invoiceId: `in_test_${sub.id.replaceAll('-', '').slice(0, 16)}_${period}`,
      })
      await applySubscription(deps, snap)
      if (outcome === 'shipped') counts.shipped++
      if (outcome === 'skipped') counts.skipped++
      if (outcome === 'paused') counts.paused++
      else if (outcome !== 'already' && outcome !== 'unknown') counts.renewed++
    }
  }
  return counts
}

/** A test renewal (or its retry) declined: the next try counted, or the end after the last. */
async function failTestRenewal(deps: SubscriptionDeps, sub: SubscriptionRow) {
  const attempt = sub.failedAttempts + 1
  const recorded = await recordFailedPayment(deps, {
    subscriptionId: sub.providerSubscriptionId,
    attempt,
    nextAttemptAt: nextTestAttempt(sub.currentPeriodEnd!, attempt),
  })
  if (recorded !== 'recorded') return 'already'
  if (attempt < MAX_PAYMENT_ATTEMPTS) return 'retry'
  await applySubscription(deps, {
    provider: 'test',
    subscriptionId: sub.providerSubscriptionId,
    customerId: sub.providerCustomerId,
    userId: sub.userId,
    tier: sub.tier,
    priceId: sub.priceId,
    status: 'canceled',
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  })
  return 'ended'
}

type Actor = { id: string } | null

export async function liveSubscriptionRow(tx: Tx, by: { userId?: string; id?: string }) {
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
  /** Skip with a credit (decision 065): charged as usual, the month's value credited to the next payment. */
  withCredit = false,
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
    const credit = skip && withCredit ? (planOfTier(sub.tier)?.priceCents ?? 0) : 0
    if (existing?.status === 'paused')
      throw conflict(`Your subscription is paused for ${monthName(period)}: there is no box to skip.`)
    if (existing?.status === 'skipped' && existing.creditGrantedAt)
      throw conflict(`${monthName(period)} is already charged and credited: the skip can no longer change.`)
    if (skip) {
      if (existing && existing.status !== 'skipped')
        throw conflict(
          `The ${monthName(period)} box is already paid and on its way: it can no longer be skipped.`,
        )
      if (existing && existing.creditCents === credit) return { sub, period, changed: false, credit }
      if (existing)
        await tx
          .update(subscriptionPeriods)
          .set({ creditCents: credit, updatedAt: new Date() })
          .where(eq(subscriptionPeriods.id, existing.id))
      else
        await tx.insert(subscriptionPeriods).values({
          subscriptionId: sub.id,
          period,
          status: 'skipped',
          tier: sub.tier,
          amountCents: 0,
          creditCents: credit,
        })
    } else {
      if (existing?.status !== 'skipped') return { sub, period, changed: false, credit }
      await tx.delete(subscriptionPeriods).where(eq(subscriptionPeriods.id, existing.id))
    }
    await tx.insert(subscriptionEvents).values({
      subscriptionId: sub.id,
      event: skip ? 'skipped' : 'unskipped',
      note: credit ? `${monthName(period)}, charged and ${formatMoney(credit)} credited` : monthName(period),
      actorId: actor?.id ?? null,
    })
    if (actor && by.id)
      await recordAudit(tx, {
        actorId: actor.id,
        action: skip ? 'subscription.skip' : 'subscription.unskip',
        entity: 'subscription',
        entityId: sub.id,
        before: null,
        after: { skipped: skip, creditCents: credit },
        data: { period },
      })
    const owner = await ownerOf(tx, sub.userId)
    mail = credit
      ? () =>
          subscriptionSkippedWithCreditMail(
            owner,
            { tier: sub.tier, period, creditCents: credit },
            deps.siteUrl,
          )
      : () => subscriptionSkippedMail(owner, { tier: sub.tier, period, skipped: skip }, deps.siteUrl)
    return { sub, period, changed: true, credit }
  })
  // A Stripe subscription: the skipped month's invoice is voided at Stripe (collection
  // paused until just after it), so nothing is charged for it.
  if (result.changed && result.sub.provider === 'stripe' && deps.stripe && result.sub.currentPeriodEnd) {
    const resumesAt = Math.floor(result.sub.currentPeriodEnd.getTime() / 1000) + 3600
    await deps.stripe.stripe.subscriptions.update(
      result.sub.providerSubscriptionId,
      skip && !result.credit
        ? { pause_collection: { behavior: 'void', resumes_at: resumesAt } }
        : { pause_collection: '' },
      { idempotencyKey: `skip-${result.sub.id}-${result.period}-${skip}-${result.credit}` },
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
