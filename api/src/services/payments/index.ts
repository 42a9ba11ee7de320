import { randomBytes } from 'node:crypto'
import { createStripeProvider, stripeClient } from './stripe'

/**
 * A payment provider, as small as checkout needs it. Two implementations: the built-in
 * test mode (our own hosted pages, the embedded default) and Stripe (Checkout Sessions),
 * chosen by configuration. Whatever the provider, a paid session reaches the same
 * fulfilment function (`services/checkout`).
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

export interface PaymentProvider {
  readonly name: 'test' | 'stripe'
  createCheckout(request: CheckoutSessionRequest): Promise<CheckoutSession>
}

/**
 * Test mode: the session id is 32 random bytes, so knowing it is what lets someone pay,
 * decline or see it, as with a real provider's hosted page.
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  return {
    name: 'test',
    async createCheckout() {
      const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-]/g, 'A').replace(/_/g, 'B')}`
      return { id, url: `${publicUrl}/api/payments/test/${id}` }
    },
  }
}

export type PaymentsConfig = {
  testMode: boolean
  stripeSecretKey?: string
  stripeApiBase?: string
}

/** The configured provider: the test mode, Stripe, or none (checkout then says payments are unavailable). */
export function createPayments(config: PaymentsConfig, publicUrl: string) {
  if (config.testMode) return { provider: createTestProvider(publicUrl), stripe: null }
  if (!config.stripeSecretKey) return { provider: null, stripe: null }
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null
  const stripe = stripeClient({
    secretKey: config.stripeSecretKey,
    host: base?.hostname,
    port: base ? Number(base.port || (base.protocol === 'https:' ? 443 : 80)) : undefined,
    protocol: base ? (base.protocol.replace(':', '') as 'http' | 'https') : undefined,
  })
  return { provider: createStripeProvider(stripe), stripe }
}

export type Payments = ReturnType<typeof createPayments>
