import type { SubscriptionTier } from '@lamplight/contracts'

/**
 * A payment provider, as small as selling needs it. Two implementations: the built-in
 * test mode (our own hosted pages, the embedded default) and Stripe (Checkout, Billing and
 * the customer portal), chosen by configuration. Whatever the provider, a paid session
 * reaches the same fulfilment function (`services/checkout`) and a subscription change the
 * same one (`services/subscriptions`).
 */
export type CheckoutSessionRequest = {
  orderId: string
  productName: string
  /** From the database, never from the client. */
  amountCents: number
  currency: string
  customerEmail: string
  successUrl: string
  cancelUrl: string
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
