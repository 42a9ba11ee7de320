import { ApiError } from '../../lib/errors'
import type { AppDeps } from '../../types'
import { createStripeProvider, type StripePrices, stripeClient } from './stripe/provider'
import { createTestProvider } from './test-mode/provider'
import type { PaymentProvider, Payments } from './types'

/**
 * Payments, one module (decision 041): the provider interface below, its two
 * implementations side by side (`test-mode/`: our own hosted pages, the embedded default;
 * `stripe/`: Checkout, Billing and the customer portal), chosen by configuration. Whatever
 * the provider, what happens at it arrives as a `PaymentEvent` in `handlePaymentEvent`
 * (`events.ts`): Stripe's webhook translates Stripe's events, the test-mode pages emit the
 * same ones, so a paid session reaches the same fulfilment (`orders/service.ts`) and a
 * subscription change the same function (`subscriptions/service.ts`).
 */
export type {
  CheckoutSession,
  CheckoutSessionRequest,
  PaymentProvider,
  Payments,
  RefundOutcome,
  RefundRequest,
  SubscriptionCheckoutRequest,
} from './types'

export type PaymentsConfig = {
  testMode: boolean
  stripeSecretKey?: string
  stripeApiBase?: string
  /** Ask Stripe Tax for the tax of each checkout (STRIPE_AUTOMATIC_TAX). */
  stripeAutomaticTax?: boolean
  /** Configured Stripe price ids per plan; a plan without one is found by its lookup key. */
  stripePrices?: StripePrices
}

/** The configured provider: the test mode, Stripe, or none (checkout then says payments are unavailable). */
export function createPayments(config: PaymentsConfig, publicUrl: string): Payments {
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
  const stripeProvider = createStripeProvider(stripe, config.stripePrices ?? {}, {
    automaticTax: config.stripeAutomaticTax ?? false,
  })
  return { provider: stripeProvider, stripe, stripeProvider, test }
}

export { providerFor } from './provider-for'
export { isDefiniteRefusal } from './refusal'

/** The configured provider, or a 503 the buyer can read when payments are not configured. */
export function providerOf(deps: AppDeps): PaymentProvider {
  if (deps.payments.provider) return deps.payments.provider
  throw new ApiError(
    503,
    'payments_unavailable',
    'Payments are not available right now. Please try again later or contact us.',
  )
}

export { fulfilmentDepsOf, handlePaymentEvent, type PaymentEvent } from './events'
export { refreshStripeSession } from './stripe/webhook'
