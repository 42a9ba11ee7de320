import { stripeContract } from '@lamplight/contracts'
import type Stripe from 'stripe'
import { ApiError, notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { beginEvent, closeUnpaidSession, finishEvent, fulfilPaidSession } from '../../services/checkout'
import type { AppDeps } from '../../types'

const deps3 = (deps: AppDeps) => ({ db: deps.database.db, mailer: deps.mailer, logger: deps.logger })

/** Brings one Checkout Session's outcome into our order (used by the webhook and the success page). */
export async function syncStripeSession(deps: AppDeps, sessionId: string) {
  const stripe = deps.payments.stripe
  if (!stripe) return
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  await applySession(deps, session)
}

async function applySession(deps: AppDeps, session: Stripe.Checkout.Session) {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    await fulfilPaidSession(deps3(deps), session.id)
  else if (session.status === 'expired')
    await closeUnpaidSession(deps.database.db, session.id, 'cancelled', 'Checkout session expired')
}

/**
 * Stripe's webhook: the raw body's signature is checked first (400 if wrong); the event id
 * is recorded so a replay is acknowledged without work; the answer is 2xx only after the
 * order is durably updated, so a crash mid-way makes Stripe deliver it again.
 */
export const stripeWebhookRouter = defineRouter('/payments/stripe').handle(
  stripeContract.webhook,
  { bodyLimit: 512 * 1024 },
  async ({ c, deps }) => {
    const { stripe } = deps.payments
    const secret = deps.config.payments.stripeWebhookSecret
    if (!stripe || !secret) throw notFound()
    const signature = c.req.header('stripe-signature')
    const raw = await c.req.text()
    let event: Stripe.Event
    try {
      if (!signature) throw new Error('missing signature')
      event = await stripe.webhooks.constructEventAsync(raw, signature, secret)
    } catch {
      throw new ApiError(400, 'bad_request', 'The webhook signature is not valid.')
    }
    const record = { provider: 'stripe' as const, eventId: event.id, type: event.type }
    if (!(await beginEvent(deps.database.db, record))) return c.json({ received: true as const })
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
        await applySession(deps, event.data.object)
        break
      case 'checkout.session.async_payment_failed':
        await closeUnpaidSession(deps.database.db, event.data.object.id, 'failed', 'Payment failed')
        break
      default:
        // Subscription and invoice events arrive here too; subscriptions are not sold yet.
        deps.logger.info({ type: event.type }, 'stripe event acknowledged without action')
    }
    await finishEvent(deps.database.db, record)
    return c.json({ received: true as const })
  },
)
