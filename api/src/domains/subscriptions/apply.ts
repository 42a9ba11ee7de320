import {
  addBillingMonths,
  ENDED_SUBSCRIPTION_STATUSES,
  isLiveSubscription,
  isSubscribedStatus,
} from '@lamplight/contracts'
import { and, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  paymentCustomers,
  type ShippingAddress,
  subscriptionCheckouts,
  subscriptionEvents,
  subscriptions,
  user,
} from '../../db/schema'
import type { Logger } from '../../logger'
import type { Mail, Mailer } from '../../mail'
import type { PublicCache } from '../../services/public-cache/cache'
import type { AppDeps } from '../../types'
import type { StripeProvider, StripeSubscriptionSnapshot } from '../payments/types'
import {
  subscriptionCancelledMail,
  subscriptionPlanChangedMail,
  subscriptionResumedMail,
  subscriptionStartedMail,
} from './mails'

/**
 * Monthly plans, in one place. Every change to a subscription, whether a Stripe webhook, the
 * test-mode plan page's Pay or the test-mode portal, goes through `applySubscription`: it
 * holds the user's row lock, so replays and concurrent events for one user queue, and only
 * the call that makes a transition (started, cancelled) sends its mail. The database allows
 * one live subscription and one open checkout per user (partial unique indexes).
 */
export type SubscriptionDeps = {
  db: Db
  mailer: Mailer
  logger: Logger
  siteUrl: string
  /** Stripe, to change a Stripe subscription (cancel, resume, skip) from the shop. */
  stripe?: StripeProvider | null
  publicCache?: PublicCache
  testMode?: boolean
}

export const subscriptionDepsOf = (deps: AppDeps): SubscriptionDeps => ({
  db: deps.database.db,
  mailer: deps.mailer,
  logger: deps.logger,
  siteUrl: deps.config.publicUrl,
  stripe: deps.payments.stripeProvider,
  publicCache: deps.publicCache,
  testMode: deps.config.payments.testMode,
})
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The provider's current state of one subscription: Stripe's, or our test mode's, in the same
 * fields. `userId` is ours, from the subscription's metadata; else found by the customer id.
 */
export type SubscriptionSnapshot = Omit<StripeSubscriptionSnapshot, 'provider'> & {
  provider: 'test' | 'stripe'
  /** Where the boxes go, when the provider collected it (Stripe Checkout, our plan page). */
  shippingAddress?: ShippingAddress | null
}

export type ApplyOutcome = 'created' | 'updated' | 'unchanged' | 'unknown-user' | 'duplicate'

const ENDED = [...ENDED_SUBSCRIPTION_STATUSES]
export const live = () => notInArray(subscriptions.status, ENDED)

/** The address given on the user's latest paid plan page (ours, or collected by Stripe Checkout). */
async function checkoutAddressOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ address: subscriptionCheckouts.shippingAddress })
    .from(subscriptionCheckouts)
    .where(
      and(
        eq(subscriptionCheckouts.userId, userId),
        sql`${subscriptionCheckouts.shippingAddress} is not null`,
      ),
    )
    .orderBy(sql`${subscriptionCheckouts.updatedAt} desc`)
    .limit(1)
  return row?.address ?? null
}

async function applyIn(tx: Tx, deps: SubscriptionDeps, snap: SubscriptionSnapshot) {
  const none = (outcome: ApplyOutcome) => ({ outcome, mail: null as (() => Promise<Mail>) | null })
  const [known] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, snap.subscriptionId))
  let userId = known?.userId ?? snap.userId
  if (!userId && snap.customerId) {
    const [customer] = await tx
      .select({ userId: paymentCustomers.userId })
      .from(paymentCustomers)
      .where(
        and(
          eq(paymentCustomers.provider, snap.provider),
          eq(paymentCustomers.providerCustomerId, snap.customerId),
        ),
      )
    userId = customer?.userId ?? null
  }
  if (!userId) return none('unknown-user')
  // Every change to one user's subscriptions holds their user row: replays and races queue here.
  const [owner] = await tx
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
    .for('update')
  if (!owner) return none('unknown-user')
  const [before] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, snap.subscriptionId))
    .for('update')
  const values = {
    tier: snap.tier,
    priceId: snap.priceId,
    status: snap.status,
    currentPeriodEnd: snap.currentPeriodEnd,
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    providerCustomerId: snap.customerId ?? before?.providerCustomerId ?? null,
    // Given once at subscribe; changed only from /account (never by a provider's later event).
    shippingAddress:
      before?.shippingAddress ?? snap.shippingAddress ?? (await checkoutAddressOf(tx, userId)) ?? null,
    // The moment it ended, kept once (the Insights' churn, decision 044).
    endedAt: isLiveSubscription(snap.status) ? null : (before?.endedAt ?? new Date()),
    // Paid up: the failed tries are over (decision 065).
    ...(snap.status === 'active' || snap.status === 'trialing'
      ? { failedAttempts: 0, nextPaymentAttemptAt: null }
      : {}),
  }
  const now = new Date()
  let subscriptionRowId = before?.id ?? ''
  if (!before) {
    if (isLiveSubscription(snap.status)) {
      const [other] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), live()))
        .limit(1)
      if (other) return none('duplicate')
    }
    const [made] = await tx
      .insert(subscriptions)
      .values({
        userId,
        provider: snap.provider,
        providerSubscriptionId: snap.subscriptionId,
        ...values,
      })
      .returning({ id: subscriptions.id })
    subscriptionRowId = made!.id
  } else {
    // A cancelled subscription never comes back (an older event arriving late changes nothing).
    if (before.status === 'canceled' && snap.status !== 'canceled') return none('unchanged')
    const same =
      before.tier === values.tier &&
      before.priceId === values.priceId &&
      before.status === values.status &&
      before.cancelAtPeriodEnd === values.cancelAtPeriodEnd &&
      (before.currentPeriodEnd?.getTime() ?? null) === (values.currentPeriodEnd?.getTime() ?? null) &&
      (before.shippingAddress !== null || values.shippingAddress === null)
    if (same) return none('unchanged')
    await tx
      .update(subscriptions)
      .set({ ...values, updatedAt: now })
      .where(eq(subscriptions.id, before.id))
  }
  // A live subscription closes whatever plan page the user still had open.
  if (isLiveSubscription(snap.status))
    await tx
      .update(subscriptionCheckouts)
      .set({ status: 'completed', updatedAt: now })
      .where(and(eq(subscriptionCheckouts.userId, userId), eq(subscriptionCheckouts.status, 'open')))

  const plan = { tier: snap.tier, currentPeriodEnd: snap.currentPeriodEnd }
  const isLive = isLiveSubscription(snap.status)
  let change: { event: string; mail: (() => Promise<Mail>) | null } | null = null
  if (isSubscribedStatus(snap.status) && (!before || before.status === 'incomplete'))
    change = {
      event: 'started',
      mail: () => subscriptionStartedMail(owner, plan, deps.siteUrl, values.shippingAddress),
    }
  else if (before && !before.cancelAtPeriodEnd && snap.cancelAtPeriodEnd && isLive)
    change = {
      event: 'cancelled',
      mail: () => subscriptionCancelledMail(owner, plan, deps.siteUrl, 'scheduled'),
    }
  else if (before?.cancelAtPeriodEnd && !snap.cancelAtPeriodEnd && isLive)
    change = { event: 'resumed', mail: () => subscriptionResumedMail(owner, plan, deps.siteUrl) }
  else if (before && isLiveSubscription(before.status) && !isLive)
    change = {
      event: 'ended',
      mail: before.cancelAtPeriodEnd
        ? null
        : () =>
            subscriptionCancelledMail(
              owner,
              plan,
              deps.siteUrl,
              before.status === 'past_due' || before.status === 'unpaid' ? 'unpaid' : 'ended',
            ),
    }
  else if (before && before.status !== 'past_due' && snap.status === 'past_due')
    // Mailed by the failed try itself (`retries.ts`), with its count and the next try's date.
    change = { event: 'past_due', mail: null }
  else if (before && before.status === 'past_due' && snap.status === 'active')
    change = { event: 'paid_up', mail: null }
  if (before && before.tier !== snap.tier && isLive) {
    await tx.insert(subscriptionEvents).values({
      subscriptionId: subscriptionRowId,
      event: 'plan',
      note: `${before.tier} → ${snap.tier}`,
    })
    if (!change)
      change = {
        event: '',
        mail: () =>
          subscriptionPlanChangedMail(
            owner,
            { from: before.tier, to: snap.tier, currentPeriodEnd: snap.currentPeriodEnd },
            deps.siteUrl,
          ),
      }
  }
  if (change?.event)
    await tx
      .insert(subscriptionEvents)
      .values({ subscriptionId: subscriptionRowId, event: change.event, note: `status ${snap.status}` })
  return { outcome: (before ? 'updated' : 'created') as ApplyOutcome, mail: change?.mail ?? null }
}

export async function sendAfterCommit(deps: SubscriptionDeps, mail: (() => Promise<Mail>) | null) {
  if (mail)
    await mail()
      .then((m) => deps.mailer.send(m))
      .catch((err) => deps.logger.error({ err }, 'subscription mail failed'))
}

/**
 * Brings one subscription's provider state into ours (webhook events, test-mode pages).
 * Idempotent: the same snapshot twice changes nothing and sends nothing the second time.
 */
export async function applySubscription(deps: SubscriptionDeps, snap: SubscriptionSnapshot) {
  const { outcome, mail } = await deps.db.transaction((tx) => applyIn(tx, deps, snap))
  await sendAfterCommit(deps, mail)
  return outcome
}

/**
 * The renewal a month after `date`, on the cycle's `anchor` day where the month has it: a
 * short month cuts the day, never skips to the next month (contracts' addBillingMonths).
 */
export const monthAfter = (date: Date, anchor?: Date | null) =>
  addBillingMonths(date, 1, anchor ? anchor.getUTCDate() : undefined)
