import { randomBytes } from 'node:crypto'
import type { SubscriptionTier } from '@lamplight/contracts'
import type Stripe from 'stripe'
import { createStripeProvider, type StripePrices, type StripeProvider, stripeClient } from './stripe/provider'

/**
 * A payment provider, as small as selling needs it. Two implementations: the built-in
 * test mode (our own hosted pages, the embedded default) and Stripe (Checkout, Billing and
 * the customer portal), chosen by configuration. Whatever the provider, a paid session
 * reaches the same fulfilment function (`domains/orders/service.ts`) and a subscription change the
 * same one (`domains/subscriptions/service.ts`).
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

/** A random id a test-mode page is reached by: knowing it is what lets someone act on it. */
export const testId = (prefix: string) =>
  `${prefix}_test_${randomBytes(24).toString('base64url').replace(/[-]/g, 'A').replace(/_/g, 'B')}`

/**
 * Test mode: the session id is 32 random bytes, so knowing it is what lets someone pay,
 * decline or see it, as with a real provider's hosted page. The customer portal is ours
 * too, for the signed-in user (their session cookie, as the page is on our origin).
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'test',
    async createCheckout() {
      const id = testId('cs')
      return { id, url: `${publicUrl}/api/payments/test/${id}` }
    },
    async createCustomer(user) {
      return { id: `cus_test_${user.id}` }
    },
    async createSubscriptionCheckout() {
      const id = testId('cs')
      return { id, url: `${publicUrl}/api/payments/test-billing/checkout/${id}` }
    },
    // Test-mode plan pages live in our database: closing our row closes the page.
    async expireCheckout() {
      return 'expired' as const
    },
    async openCustomerPortal() {
      return { url: `${publicUrl}/api/payments/test-billing/portal` }
    },
    async refund(payment) {
      // Nothing was charged: the refund is the record of it.
      return { reference: `test_refund_${payment.idempotencyKey}` }
    },
  }
}

export type PaymentsConfig = {
  testMode: boolean
  stripeSecretKey?: string
  stripeApiBase?: string
  /** Configured Stripe price ids per plan; a plan without one is found by its lookup key. */
  stripePrices?: StripePrices
}

/** The configured provider: the test mode, Stripe, or none (checkout then says payments are unavailable). */
export function createPayments(
  config: PaymentsConfig,
  publicUrl: string,
): {
  provider: PaymentProvider | null
  stripe: Stripe | null
  stripeProvider: StripeProvider | null
  test: PaymentProvider
} {
  const test = createTestProvider(publicUrl)
  if (config.testMode) return { provider: test, stripe: null, stripeProvider: null, test }
  if (!config.stripeSecretKey) return { provider: null, stripe: null, stripeProvider: null, test }
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null
  const stripe = stripeClient({
    secretKey: config.stripeSecretKey,
    host: base?.hostname,
    port: base ? Number(base.port || (base.protocol === 'https:' ? 443 : 80)) : undefined,
    protocol: base ? (base.protocol.replace(':', '') as 'http' | 'https') : undefined,
  })
  // Orders made in test mode before Stripe was configured are still refunded (nothing was charged).
  const stripeProvider = createStripeProvider(stripe, config.stripePrices ?? {})
  return { provider: stripeProvider, stripe, stripeProvider, test }
}

export type Payments = ReturnType<typeof createPayments>

/** The provider an existing payment belongs to, or null when it is not configured now. */
export function providerFor(payments: Payments, name: string): PaymentProvider | null {
  if (name === 'test') return payments.test
  if (name === 'stripe') return payments.stripeProvider
  return null
}
