import type { SubscriptionTier } from '@lamplight/contracts'
import type Stripe from 'stripe'

/**
 * The payment provider interface, as small as selling needs it, and what it is asked with.
 * Types only, importing nothing of ours: the adapters (`stripe/`, `test-mode/`) and other
 * domains (type-only) may import it without a circle (decision 041).
 */
export type CheckoutSessionRequest = {
  orderId: string
  productName: string
  /** The total, from the database, never from the client. */
  amountCents: number
  /** The order's lines at their unit prices (quantity pricing applied). */
  lines: { name: string; quantity: number; unitAmountCents: number }[]
  /** The zone's rate charged for this order (0 when free). */
  shipping: { name: string; amountCents: number }
  /**
   * Taken off the lines (issue 33): a discount code and a gift card's part, as one amount
   * (never more than the lines; what is left of a gift card's part lowers `shipping`).
   */
  discount?: { name: string; amountCents: number } | null
  currency: string
  customerEmail: string
  successUrl: string
  cancelUrl: string
  /** More of ours on the provider's session (a gift subscription's id, decision 064). */
  metadata?: Record<string, string>
}

export type CheckoutSession = { id: string; url: string }

export type SubscriptionCheckoutRequest = {
  /** Our subscription checkout's id: the idempotency key of the provider call. */
  checkoutId: string
  userId: string
  /** The provider's customer of this user (one per user, kept in `payment_customers`). */
  customerId: string
  /** The plan's price id of the spec (`price_basic_monthly`, ...). */
  priceId: string
  tier: SubscriptionTier
  successUrl: string
  cancelUrl: string
}

/** A payment to give back: an order's session at the provider. */
export type RefundRequest = {
  providerSessionId: string | null
  amountCents: number
  currency: string
  /** The same key for every attempt at one order's refund, so the provider refunds once. */
  idempotencyKey: string
}

export type RefundOutcome = { reference: string | null }

export interface PaymentProvider {
  readonly name: 'test' | 'stripe'
  createCheckout(request: CheckoutSessionRequest): Promise<CheckoutSession>
  /** The provider's customer for a user; called once per user, the id is stored. */
  createCustomer(user: { id: string; email: string; name: string | null }): Promise<{ id: string }>
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>
  /** Closes an unpaid subscription checkout; answers `completed` when it was paid meanwhile. */
  expireCheckout(sessionId: string): Promise<'expired' | 'completed'>
  openCustomerPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>
  refund(payment: RefundRequest): Promise<RefundOutcome>
}

export type StripeProvider = PaymentProvider & {
  stripe: Stripe
  /** Our reading of a Stripe subscription, or null when its price is none of our plans. */
  snapshotOf(subscription: Stripe.Subscription): StripeSubscriptionSnapshot | null
  /** The Stripe price of one of our plans (`price_basic_monthly`, ...): configured, else by lookup key. */
  priceOf(priceId: string): Promise<string>
  /** The plan of a Stripe price (an invoice line's), or null when it is none of ours. */
  tierOfPrice(price: string | Stripe.Price | null | undefined): Promise<SubscriptionTier | null>
}

export type StripeSubscriptionSnapshot = {
  provider: 'stripe'
  subscriptionId: string
  customerId: string | null
  userId: string | null
  tier: SubscriptionTier
  priceId: string
  status: string
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
}

/** The configured providers: the one new payments go to (none: payments unavailable), and each by name. */
export type Payments = {
  provider: PaymentProvider | null
  stripe: Stripe | null
  stripeProvider: StripeProvider | null
  /** Orders made in test mode are refunded through it whatever is configured now. */
  test: PaymentProvider
}
