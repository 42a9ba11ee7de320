import type { ShippingAddress } from '../../db/schema'
import type { AppDeps } from '../../types'
import { giftCardSecret } from '../discounts/service'
import {
  closeUnpaidSession,
  type Fulfilment,
  type FulfilmentDeps,
  fulfilPaidSession,
} from '../orders/service'
import {
  type ApplyOutcome,
  applySubscription,
  closeSubscriptionCheckout,
  type FailedPayment,
  type GiftPaidOutcome,
  giftPageClosed,
  giftPaid,
  type PaidPeriod,
  type PeriodOutcome,
  recordFailedPayment,
  recordPaidPeriod,
  type SubscriptionSnapshot,
  subscriptionDepsOf,
} from '../subscriptions/service'
import { providerFor } from './provider-for'

/**
 * What a payment provider tells us happened, in our words. Stripe's webhook
 * (`stripe/webhook.ts`) translates Stripe's events into these; the test mode's pages
 * (`test-mode/routes.ts`) emit the same ones when their buttons are pressed. Both hand them
 * to `handlePaymentEvent`, so an order is paid, failed or cancelled, and a subscription
 * changes, along one path whatever the provider.
 */
export type PaymentEvent =
  /** A one-off checkout was paid: the order is fulfilled, once. */
  | {
      type: 'checkout.paid'
      sessionId: string
      /** What the provider charged, when it adds to our total (Stripe Tax): recorded on the order. */
      charged?: { totalCents: number; taxCents: number }
    }
  /** Declined, or the payment failed. */
  | { type: 'checkout.failed'; sessionId: string; note: string }
  /** Given up by the buyer, or expired unpaid. */
  | { type: 'checkout.cancelled'; sessionId: string; note: string }
  /** A plan page was paid (`completed`) or closed unpaid (`expired`). */
  | {
      type: 'subscription-checkout.closed'
      sessionId: string
      status: 'completed' | 'expired'
      /** The address the buyer gave on the provider's page (Stripe Checkout's collection). */
      shippingAddress?: ShippingAddress | null
    }
  /** A period of a subscription was paid (Stripe's invoice.paid, a test renewal): its month ships, once. */
  | ({ type: 'subscription.period-paid' } & PaidPeriod)
  /** A renewal's try failed (Stripe's invoice.payment_failed, a declined test renewal): counted once, mailed. */
  | ({ type: 'subscription.payment-failed' } & FailedPayment)
  /** The provider's current state of a subscription (started, renewed, changed, cancelled, ended). */
  | { type: 'subscription.changed'; subscription: SubscriptionSnapshot }
  /** A gift subscription's one-time page was paid: the gift starts, once (decision 064). */
  | { type: 'gift.paid'; sessionId: string }
  /** A gift subscription's page closed unpaid. */
  | { type: 'gift.closed'; sessionId: string }

type Outcomes = {
  'checkout.paid': Fulfilment
  'checkout.failed': boolean
  'checkout.cancelled': boolean
  'subscription-checkout.closed': undefined
  'subscription.changed': ApplyOutcome
  'subscription.period-paid': PeriodOutcome
  'subscription.payment-failed': Awaited<ReturnType<typeof recordFailedPayment>>
  'gift.paid': GiftPaidOutcome
  'gift.closed': boolean
}

/**
 * What fulfilling an order needs of the app: its mail, log and cache, the provider that took
 * a payment (to refund a box sold out meanwhile) and the gift cards' secret, over `db`.
 */
export function fulfilmentDepsOf(deps: AppDeps, db: FulfilmentDeps['db']): FulfilmentDeps {
  return {
    db,
    mailer: deps.mailer,
    logger: deps.logger,
    providerFor: (name) => providerFor(deps.payments, name),
    publicCache: deps.publicCache,
    giftCards: { secret: giftCardSecret(deps), shopUrl: deps.config.publicUrl },
    publicUrl: deps.config.publicUrl,
  }
}

/** The one handler of payment events; each is idempotent, so replays and races change nothing twice. */
export async function handlePaymentEvent<E extends PaymentEvent>(
  deps: AppDeps,
  event: E,
): Promise<Outcomes[E['type']]> {
  const db = deps.database.db
  const answer = async (): Promise<Outcomes[PaymentEvent['type']]> => {
    switch (event.type) {
      case 'checkout.paid':
        // Fulfilment takes stock, and refunds a payment for a box that sold out meanwhile.
        return fulfilPaidSession(fulfilmentDepsOf(deps, db), event.sessionId, event.charged)
      case 'checkout.failed':
        return closeUnpaidSession(db, event.sessionId, 'failed', event.note)
      case 'checkout.cancelled':
        return closeUnpaidSession(db, event.sessionId, 'cancelled', event.note)
      case 'subscription-checkout.closed':
        await closeSubscriptionCheckout(db, event.sessionId, event.status, event.shippingAddress)
        return undefined
      case 'subscription.period-paid':
        return recordPaidPeriod(subscriptionDepsOf(deps), event)
      case 'subscription.payment-failed':
        return recordFailedPayment(subscriptionDepsOf(deps), event)
      case 'subscription.changed':
        return applySubscription(subscriptionDepsOf(deps), event.subscription)
      case 'gift.paid':
        return giftPaid(subscriptionDepsOf(deps), event.sessionId)
      case 'gift.closed':
        return giftPageClosed(subscriptionDepsOf(deps), event.sessionId)
    }
  }
  return (await answer()) as Outcomes[E['type']]
}
