import {
  isSubscribedStatus,
  planOfTier,
  type SubscriptionStatus,
  type SubscriptionTier,
} from '@lamplight/contracts'
import type { Db } from '../../db/client'
import type { ShippingAddress } from '../../db/schema'
import { ClaimBusyError, runOnce } from '../../lib/claim-once'
import { conflict } from '../../lib/errors'
import type { PaymentProvider } from '../payments/types'
import { monthAfter, type SubscriptionDeps, type SubscriptionSnapshot } from './apply'
import {
  closeOpenPlanCheckoutOfSession,
  expireOpenPlanCheckout,
  findCustomerId,
  findOpenPlanCheckout,
  insertCustomer,
  insertPlanCheckout,
  latestSubscriptionStatusOf,
  liveSubscriptionOf,
  liveTestSubscriptionOf,
  recordPlanPage,
  setPlanCheckoutAddress,
  setPlanCheckoutAddressOfSession,
  setPlanCheckoutStatus,
} from './queries'
import { nextTestAttempt } from './retries'

export {
  type ApplyOutcome,
  applySubscription,
  type SubscriptionDeps,
  type SubscriptionSnapshot,
  subscriptionDepsOf,
} from './apply'
// Gift subscriptions (decision 064): what the payments module hands them.
export {
  findTestGiftSession,
  GIFT_METADATA_KEY,
  type GiftPaidOutcome,
  giftPageClosed,
  giftPaid,
} from './gifts'
export type { PeriodOutcome } from './periods'
export {
  changeAddress,
  endOfMonth,
  monthOf,
  type PaidPeriod,
  recordPaidPeriod,
  runTestRenewals,
  setCancelAtPeriodEnd,
  setMonthBox,
  skipNextMonth,
} from './periods'
export { findTestSubscriptionCheckout, revenueSince, testPortalView } from './queries'
export { type FailedPayment, recordFailedPayment } from './retries'

/** check-subscription: the live subscription, else the latest ended one, else none. */
export async function subscriptionStatusOf(db: Db, userId: string): Promise<SubscriptionStatus> {
  const row = await latestSubscriptionStatusOf(db, userId)
  if (!row)
    return {
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      subscription_status: null,
      cancel_at_period_end: false,
    }
  return {
    subscribed: isSubscribedStatus(row.status),
    subscription_tier: row.tier,
    subscription_end: row.currentPeriodEnd?.toISOString() ?? null,
    subscription_status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
  }
}

type Customer = { id: string; email: string; name: string | null }

/** The user's one customer at the provider: made on first need, stored, then reused. */
export async function ensureCustomer(db: Db, provider: PaymentProvider, customer: Customer) {
  const find = () => findCustomerId(db, customer.id, provider.name)
  const existing = await find()
  if (existing) return existing
  // The provider call carries the user's idempotency key: two racing requests get one customer.
  const created = await provider.createCustomer(customer)
  await insertCustomer(db, { userId: customer.id, provider: provider.name, providerCustomerId: created.id })
  return (await find()) ?? created.id
}

/** customer-portal: the provider's page for the user's customer. */
export async function openPortal(deps: SubscriptionDeps, provider: PaymentProvider, customer: Customer) {
  const customerId = await findCustomerId(deps.db, customer.id, provider.name)
  if (!customerId) throw conflict('You have no subscription to manage yet. Choose a plan first.')
  return provider.openCustomerPortal({ customerId, returnUrl: `${deps.siteUrl}/shop` })
}

const OPEN_CHECKOUT_LIFETIME_MS = 23 * 60 * 60 * 1000

type PlanCheckout = { id: string; tier: SubscriptionTier; priceId: string }

/**
 * The provider's page of one of our plan checkouts, opened once (`lib/claim-once`): the
 * request that made the checkout asks the provider; another request of the user arriving
 * meanwhile waits for its URL; one arriving after it died takes over, asking again with the
 * same idempotency key (the checkout's id), so the provider makes one page.
 */
async function openPlanPage(
  deps: SubscriptionDeps,
  provider: PaymentProvider,
  customer: { userId: string; customerId: string },
  checkout: PlanCheckout,
): Promise<string> {
  try {
    const { result } = await runOnce(
      deps.db,
      { scope: 'subscription-checkout', key: checkout.id },
      async () => {
        const session = await provider.createSubscriptionCheckout({
          checkoutId: checkout.id,
          userId: customer.userId,
          customerId: customer.customerId,
          priceId: checkout.priceId,
          tier: checkout.tier,
          successUrl: `${deps.siteUrl}/shop?subscription=started`,
          cancelUrl: `${deps.siteUrl}/shop`,
        })
        return { url: (await recordPlanPage(deps.db, checkout.id, session)) ?? session.url }
      },
    )
    return result.url
  } catch (err) {
    if (err instanceof ClaimBusyError)
      throw conflict('Your plan page is still being opened. Please try again in a moment.')
    throw err
  }
}

/**
 * create-subscription. With a live subscription the answer is the portal (change plan
 * there), never a second charge. Otherwise the user's one open plan page: reused for the
 * same plan, replaced (the old one closed at the provider) for another.
 */
export async function startSubscriptionCheckout(
  deps: SubscriptionDeps,
  provider: PaymentProvider,
  customer: Customer,
  plan: { priceId: string; tier: SubscriptionTier },
): Promise<{ url: string; portal: boolean }> {
  const portal = async () => ({ url: (await openPortal(deps, provider, customer)).url, portal: true })
  if (await liveSubscriptionOf(deps.db, customer.id)) return portal()
  const customerId = await ensureCustomer(deps.db, provider, customer)
  const holder = { userId: customer.id, customerId }
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    const open = await findOpenPlanCheckout(deps.db, customer.id)
    if (open) {
      const age = Date.now() - open.createdAt.getTime()
      // Being opened by another request of this user (or left half-open by one that died): its URL.
      const url =
        open.url ??
        (open.provider === provider.name ? await openPlanPage(deps, provider, holder, open) : null)
      if (
        url &&
        open.priceId === plan.priceId &&
        open.provider === provider.name &&
        age < OPEN_CHECKOUT_LIFETIME_MS
      )
        return { url, portal: false }
      const closed = await expireOpenPlanCheckout(deps.db, open.id)
      if (closed?.providerSessionId && open.provider === provider.name) {
        // Paid a moment ago at the provider: the subscription is on its way; manage it, do not pay twice.
        if ((await provider.expireCheckout(closed.providerSessionId)) === 'completed') {
          await setPlanCheckoutStatus(deps.db, open.id, 'completed')
          return portal()
        }
      }
      continue
    }
    if (await liveSubscriptionOf(deps.db, customer.id)) return portal()
    const row = await insertPlanCheckout(deps.db, {
      userId: customer.id,
      provider: provider.name,
      tier: plan.tier,
      priceId: plan.priceId,
    })
    if (!row) continue
    try {
      return { url: await openPlanPage(deps, provider, holder, { id: row.id, ...plan }), portal: false }
    } catch (err) {
      await setPlanCheckoutStatus(deps.db, row.id, 'expired')
      throw err
    }
  }
  throw conflict('Your plan page is still being opened. Please try again in a moment.')
}

/** A provider's checkout session came to an end (completed or expired). */
export async function closeSubscriptionCheckout(
  db: Db,
  sessionId: string,
  status: 'completed' | 'expired',
  shippingAddress?: ShippingAddress | null,
) {
  await closeOpenPlanCheckoutOfSession(db, sessionId, status)
  // Kept whatever closed the page first (the subscription's own event may have): the
  // subscription takes it when it has none yet.
  if (shippingAddress) await setPlanCheckoutAddressOfSession(db, sessionId, shippingAddress)
}

// ---------------------------------------------------------------------------------------
// Test mode: what our own plan page and portal report, handed to the payments module's one
// event handler as Stripe's events are (`payments/events.ts`).

/** The address given on our plan page, kept with the checkout until the subscription takes it. */
export async function storeTestCheckoutAddress(db: Db, checkoutId: string, address: ShippingAddress) {
  await setPlanCheckoutAddress(db, checkoutId, address)
}

/**
 * What the test mode's plan page reports when Pay is pressed: a new subscription of the
 * page's plan, active for a month, as Stripe would report it in its events. Its id is the
 * checkout's, so Pay pressed twice names one subscription.
 */
export async function testSubscriptionOf(
  db: Db,
  checkout: { id: string; userId: string; tier: SubscriptionTier; priceId: string },
): Promise<SubscriptionSnapshot> {
  const customerId = await findCustomerId(db, checkout.userId, 'test')
  return {
    provider: 'test',
    subscriptionId: `sub_test_${checkout.id.replaceAll('-', '')}`,
    customerId: customerId ?? null,
    userId: checkout.userId,
    tier: checkout.tier,
    priceId: checkout.priceId,
    status: 'active',
    currentPeriodEnd: monthAfter(new Date()),
    cancelAtPeriodEnd: false,
  }
}

export type TestPortalAction = 'cancel' | 'resume' | 'renewal-paid' | 'renewal-failed' | 'end' | 'plan'

/**
 * The test-mode portal's buttons, each the provider's new state of the user's live test
 * subscription, as the event it stands for would report it: change plan and cancel/resume
 * (customer.subscription.updated), a renewal paid or failed (invoice.paid,
 * invoice.payment_failed) and the end (customer.subscription.deleted). Null: none is live.
 */
export async function testPortalChange(
  db: Db,
  userId: string,
  action: TestPortalAction,
  tier?: SubscriptionTier,
): Promise<
  | (SubscriptionSnapshot & {
      paidPeriodStart?: Date
      failed?: { attempt: number; nextAttemptAt: Date | null }
    })
  | null
> {
  const sub = await liveTestSubscriptionOf(db, userId)
  if (!sub) return null
  const snap: SubscriptionSnapshot & {
    paidPeriodStart?: Date
    failed?: { attempt: number; nextAttemptAt: Date | null }
  } = {
    provider: 'test',
    subscriptionId: sub.providerSubscriptionId,
    customerId: sub.providerCustomerId,
    userId,
    tier: sub.tier,
    priceId: sub.priceId,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  }
  if (action === 'cancel') snap.cancelAtPeriodEnd = true
  else if (action === 'resume') snap.cancelAtPeriodEnd = false
  else if (action === 'renewal-failed') {
    snap.status = 'past_due'
    // Counted as the next try, on test mode's retry schedule (decision 065).
    const attempt = sub.failedAttempts + 1
    snap.failed = { attempt, nextAttemptAt: nextTestAttempt(sub.currentPeriodEnd ?? new Date(), attempt) }
  } else if (action === 'end') snap.status = 'canceled'
  else if (action === 'renewal-paid') {
    snap.status = 'active'
    const from = sub.currentPeriodEnd && sub.currentPeriodEnd > new Date() ? sub.currentPeriodEnd : new Date()
    snap.currentPeriodEnd = monthAfter(from, sub.createdAt)
    snap.paidPeriodStart = from
  } else if (action === 'plan' && tier) {
    const plan = planOfTier(tier)
    if (plan) {
      snap.tier = plan.tier
      snap.priceId = plan.priceId
    }
  }
  return snap
}
