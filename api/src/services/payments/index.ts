import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'
import type { PaymentProvider } from './provider'
import { createStripeProvider, type StripePrices, type StripeProvider, stripeClient } from './stripe'

// The provider interface has a file of its own, which stripe.ts implements without importing this one.
export * from './provider'

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
