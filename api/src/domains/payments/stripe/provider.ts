import {
  planOfPriceId,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_TIERS,
  type SubscriptionPriceId,
  type SubscriptionTier,
} from '@lamplight/contracts'
import Stripe from 'stripe'
import { ApiError } from '../../../lib/errors'
import type {
  CheckoutSessionRequest,
  RefundRequest,
  StripeProvider,
  SubscriptionCheckoutRequest,
} from '../types'

export type { StripeProvider, StripeSubscriptionSnapshot } from '../types'

export type StripeSettings = {
  secretKey: string
  /** For tests against our fake Stripe server: the SDK takes host, port and protocol. */
  host?: string
  port?: number
  protocol?: 'http' | 'https'
}

/** Stripe price ids configured per plan (`STRIPE_PRICE_BASIC`, ...), by the spec's price id. */
export type StripePrices = Partial<Record<SubscriptionPriceId, string>>

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
 * Stripe Checkout, Billing and the customer portal. One-off sessions are built from the
 * database price (never a client amount) with our order id in metadata and
 * `client_reference_id`; subscription sessions use the plan's Stripe price (configured id,
 * else the price whose lookup key is the spec's price id) on the user's one Stripe
 * customer. Every creating call carries an idempotency key, so a retried request never
 * makes a second session, customer or refund.
 */
export function createStripeProvider(
  stripe: Stripe,
  configured: StripePrices = {},
  options: { automaticTax: boolean } = { automaticTax: false },
): StripeProvider {
  const resolved = new Map<string, string>(Object.entries(configured))

  async function stripePriceOf(priceId: string): Promise<string> {
    const known = resolved.get(priceId)
    if (known) return known
    const found = await stripe.prices.list({ lookup_keys: [priceId], active: true, limit: 1 })
    const price = found.data[0]
    if (!price)
      throw new ApiError(
        503,
        'payments_unavailable',
        'This plan is not available right now. Please try again later or contact us.',
      )
    resolved.set(priceId, price.id)
    return price.id
  }

  /** The spec's price id of a Stripe price: its lookup key, or the configured id it is. */
  function planPriceIdOf(price: Stripe.Price | undefined): string | null {
    if (!price) return null
    if (price.lookup_key && planOfPriceId(price.lookup_key)) return price.lookup_key
    for (const [planPriceId, stripeId] of resolved) if (stripeId === price.id) return planPriceId
    return planOfPriceId(price.id) ? price.id : null
  }

  return {
    name: 'stripe',
    stripe,
    async createCheckout(request: CheckoutSessionRequest) {
      // A discount code or a gift card (issue 33): a one-off coupon of the exact amount, made
      // for this order only (its idempotency key is the order's), applied to the session, so
      // Stripe's page shows the discount line and charges what our database agreed to.
      const coupon =
        request.discount && request.discount.amountCents > 0
          ? await stripe.coupons.create(
              {
                amount_off: request.discount.amountCents,
                currency: request.currency,
                duration: 'once',
                max_redemptions: 1,
                name: request.discount.name.slice(0, 40),
                metadata: { orderId: request.orderId },
              },
              { idempotencyKey: `coupon-${request.orderId}` },
            )
          : null
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: request.currency,
              unit_amount: line.unitAmountCents,
              product_data: { name: line.name },
              // Stripe Tax needs to know whether our prices include tax: they do not.
              tax_behavior: 'exclusive' as const,
            },
          })),
          shipping_options: [
            {
              shipping_rate_data: {
                type: 'fixed_amount',
                display_name: request.shipping.name,
                fixed_amount: { amount: request.shipping.amountCents, currency: request.currency },
                tax_behavior: 'exclusive',
              },
            },
          ],
          // Tax by Stripe Tax, added at payment from the buyer's address, when the shop has
          // turned it on (decision 052): Stripe refuses it in an account without Stripe Tax.
          automatic_tax: { enabled: options.automaticTax },
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata: { ...request.metadata, orderId: request.orderId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      )
      if (!session.url) throw new Error('Stripe returned a session without a URL')
      return { id: session.id, url: session.url }
    },
    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name ?? undefined, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      )
      return { id: customer.id }
    },
    async createSubscriptionCheckout(request: SubscriptionCheckoutRequest) {
      const price = await stripePriceOf(request.priceId)
      const metadata = { userId: request.userId, tier: request.tier, priceId: request.priceId }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price, quantity: 1 }],
          // Where the boxes go (issue 34): asked on Stripe's page, as our checkout asks it.
          shipping_address_collection: { allowed_countries: ['US', 'CA'] },
          subscription_data: { metadata },
          metadata: { ...metadata, checkoutId: request.checkoutId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `subscription-checkout-${request.checkoutId}` },
      )
      if (!session.url) throw new Error('Stripe returned a session without a URL')
      return { id: session.id, url: session.url }
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId)
        return 'expired'
      } catch {
        // Not open any more: paid (complete) or already expired.
        const session = await stripe.checkout.sessions.retrieve(sessionId)
        return session.status === 'complete' ? 'completed' : 'expired'
      }
    },
    async openCustomerPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      })
      return { url: session.url }
    },
    async refund(payment: RefundRequest) {
      if (!payment.providerSessionId)
        throw new ApiError(502, 'provider_unavailable', 'This order has no Stripe payment to refund.')
      const session = await stripe.checkout.sessions.retrieve(payment.providerSessionId)
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
      if (!intent)
        throw new ApiError(502, 'provider_unavailable', 'Stripe has no payment for this order to refund.')
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: payment.amountCents },
        { idempotencyKey: payment.idempotencyKey },
      )
      return { reference: refund.id }
    },
    priceOf: stripePriceOf,
    async tierOfPrice(price) {
      if (!price) return null
      if (typeof price !== 'string') {
        const planPriceId = planPriceIdOf(price)
        if (planPriceId) return planOfPriceId(planPriceId)?.tier ?? null
        price = price.id
      }
      if (planOfPriceId(price)) return planOfPriceId(price)!.tier
      // A Stripe price id: each plan's, as configured or found by its lookup key (cached).
      for (const plan of SUBSCRIPTION_PLANS) {
        const id = await stripePriceOf(plan.priceId).catch(() => null)
        if (id === price) return plan.tier
      }
      return null
    },
    snapshotOf(subscription) {
      const item = subscription.items?.data?.[0]
      const legacy = subscription as unknown as { current_period_end?: number }
      const meta = subscription.metadata ?? {}
      const priceId = planPriceIdOf(item?.price) ?? (planOfPriceId(meta.priceId ?? '') ? meta.priceId! : null)
      const plan = priceId ? planOfPriceId(priceId) : undefined
      const tier =
        plan?.tier ??
        ((SUBSCRIPTION_TIERS as readonly string[]).includes(meta.tier ?? '')
          ? (meta.tier as SubscriptionTier)
          : null)
      if (!priceId || !tier) return null
      const end = item?.current_period_end ?? legacy.current_period_end
      return {
        provider: 'stripe',
        subscriptionId: subscription.id,
        customerId:
          typeof subscription.customer === 'string' ? subscription.customer : subscription.customer?.id,
        userId: meta.userId ?? null,
        tier,
        priceId,
        status: subscription.status,
        currentPeriodEnd: end ? new Date(end * 1000) : null,
        // The portal of newer API versions schedules the end with cancel_at rather than the flag.
        cancelAtPeriodEnd: subscription.cancel_at_period_end || !!subscription.cancel_at,
      }
    },
  }
}
