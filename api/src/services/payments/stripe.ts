import Stripe from 'stripe'
import type { CheckoutSessionRequest, PaymentProvider } from '.'

export type StripeSettings = {
  secretKey: string
  /** For tests against our fake Stripe server: the SDK takes host, port and protocol. */
  host?: string
  port?: number
  protocol?: 'http' | 'https'
}

export function stripeClient(settings: StripeSettings) {
  return new Stripe(settings.secretKey, {
    host: settings.host,
    port: settings.port,
    protocol: settings.protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
  })
}

/**
 * Stripe Checkout: the session is built from the database price (never a client amount),
 * carries our order id in metadata and `client_reference_id`, and is created with the
 * order's idempotency key, so a retried request never makes a second session.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider & { stripe: Stripe } {
  return {
    name: 'stripe',
    stripe,
    async createCheckout(request: CheckoutSessionRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amountCents,
                product_data: { name: request.productName },
              },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata: { orderId: request.orderId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      )
      if (!session.url) throw new Error('Stripe returned a session without a URL')
      return { id: session.id, url: session.url }
    },
  }
}
