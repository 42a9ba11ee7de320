import { addBillingMonths, stripeContract } from '@lamplight/contracts'
import type Stripe from 'stripe'
import type { ShippingAddress } from '../../../db/schema'
import { ApiError, notFound } from '../../../lib/errors'
import { defineRouter } from '../../../lib/router'
import type { AppDeps } from '../../../types'
import { GIFT_METADATA_KEY } from '../../subscriptions/service'
import { beginEvent, finishEvent } from '../event-log'
import { handlePaymentEvent } from '../events'

/**
 * Stripe's side of payments: its webhook, and the success page's look-up, translate what
 * Stripe says into our `PaymentEvent`s for the one handler (`../events.ts`).
 */

/** Brings one Checkout Session's outcome into our order (the success page, before the webhook). */
export async function refreshStripeSession(deps: AppDeps, sessionId: string) {
  const stripe = deps.payments.stripe
  if (!stripe) return
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  await applySession(deps, session)
}

async function applySession(deps: AppDeps, session: Stripe.Checkout.Session) {
  if (session.mode === 'subscription') {
    if (session.status === 'complete') {
      await handlePaymentEvent(deps, {
        type: 'subscription-checkout.closed',
        sessionId: session.id,
        status: 'completed',
        shippingAddress: collectedAddress(session),
      })
      const id = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id
      if (id) await syncStripeSubscription(deps, id)
    } else if (session.status === 'expired')
      await handlePaymentEvent(deps, {
        type: 'subscription-checkout.closed',
        sessionId: session.id,
        status: 'expired',
      })
    return
  }
  // A gift subscription's one-time page (decision 064): its own events, the same handler.
  if (session.metadata?.[GIFT_METADATA_KEY]) {
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
      await handlePaymentEvent(deps, { type: 'gift.paid', sessionId: session.id })
    else if (session.status === 'expired')
      await handlePaymentEvent(deps, { type: 'gift.closed', sessionId: session.id })
    return
  }
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    await handlePaymentEvent(deps, {
      type: 'checkout.paid',
      sessionId: session.id,
      charged:
        typeof session.amount_total === 'number'
          ? { totalCents: session.amount_total, taxCents: session.total_details?.amount_tax ?? 0 }
          : undefined,
    })
  else if (session.status === 'expired')
    await handlePaymentEvent(deps, {
      type: 'checkout.cancelled',
      sessionId: session.id,
      note: 'Checkout session expired',
    })
}

/** The address Stripe Checkout collected (`shipping_address_collection`), in our shape. */
function collectedAddress(session: Stripe.Checkout.Session): ShippingAddress | null {
  const legacy = session as unknown as {
    shipping_details?: Stripe.Checkout.Session.CollectedInformation.ShippingDetails | null
  }
  const details = session.collected_information?.shipping_details ?? legacy.shipping_details
  const a = details?.address
  if (!a?.line1 || !a.city || !a.postal_code) return null
  const [firstName = '', ...rest] = (details?.name ?? '').trim().split(/\s+/)
  return {
    firstName,
    lastName: rest.join(' '),
    address: [a.line1, a.line2].filter(Boolean).join(', '),
    city: a.city,
    state: a.state ?? '',
    zipCode: a.postal_code,
    country: a.country ?? 'US',
  }
}

/**
 * Brings one Stripe subscription into ours. Whatever event named it, the subscription is
 * read from Stripe now, so events arriving late or out of order cannot move it backwards.
 * A second live subscription for a user (paid on two pages at once, which our one open
 * checkout per user makes all but impossible) is cancelled at Stripe straight away.
 */
async function syncStripeSubscription(deps: AppDeps, subscriptionId: string) {
  const { stripe, stripeProvider } = deps.payments
  if (!stripe || !stripeProvider) return null
  const subscription = await stripe.subscriptions.retrieve(subscriptionId)
  const snapshot = stripeProvider.snapshotOf(subscription)
  if (!snapshot) {
    deps.logger.warn({ subscriptionId }, 'stripe subscription of a price that is none of our plans: ignored')
    return null
  }
  const outcome = await handlePaymentEvent(deps, { type: 'subscription.changed', subscription: snapshot })
  if (outcome === 'unknown-user')
    deps.logger.warn({ subscriptionId }, 'stripe subscription of no user of ours: ignored')
  if (outcome === 'duplicate') {
    deps.logger.error(
      { subscriptionId, customer: snapshot.customerId },
      'second live subscription for one user: cancelled at Stripe; refund its first invoice in the Stripe dashboard',
    )
    await stripe.subscriptions.cancel(
      subscriptionId,
      {},
      { idempotencyKey: `cancel-duplicate-${subscriptionId}` },
    )
  }
  return snapshot
}

const monthBefore = (date: Date) => addBillingMonths(date, -1)

type InvoiceLine = Stripe.InvoiceLineItem & {
  /** Older API versions: the flag and the price on the line itself. */
  proration?: boolean
  price?: string | Stripe.Price | null
}

/**
 * The line of an invoice that pays for its period (not a proration of a plan change, which
 * comes first when it is billed with the renewal), and the Stripe price it charged.
 */
function periodLineOf(invoice: Stripe.Invoice) {
  const lines = (invoice.lines?.data ?? []) as InvoiceLine[]
  const proration = (l: InvoiceLine) => !!(l.parent?.subscription_item_details?.proration ?? l.proration)
  const line = lines.find((l) => !proration(l)) ?? lines[0]
  return line ? { line, price: line.pricing?.price_details?.price ?? line.price ?? null } : null
}

const subscriptionOfInvoice = (invoice: Stripe.Invoice) => {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null }
  const ref = invoice.parent?.subscription_details?.subscription ?? legacy.subscription
  return typeof ref === 'string' ? ref : (ref?.id ?? null)
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
        await handlePaymentEvent(deps, {
          type: 'checkout.failed',
          sessionId: event.data.object.id,
          note: 'Payment failed',
        })
        break
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await syncStripeSubscription(deps, event.data.object.id)
        break
      case 'invoice.payment_failed': {
        // Stripe's try count and next try (none after the last): counted once, mailed with
        // the date; the ending after the last comes as customer.subscription.deleted.
        const invoice = event.data.object
        const id = subscriptionOfInvoice(invoice)
        if (id && (await syncStripeSubscription(deps, id)))
          await handlePaymentEvent(deps, {
            type: 'subscription.payment-failed',
            subscriptionId: id,
            attempt: Math.max(1, invoice.attempt_count ?? 1),
            nextAttemptAt: invoice.next_payment_attempt
              ? new Date(invoice.next_payment_attempt * 1000)
              : null,
          })
        break
      }
      case 'invoice.paid': {
        // The subscription as Stripe has it now, then the period this invoice paid: its month
        // ships once (the period's unique row), however often or wherever this arrives.
        const invoice = event.data.object
        const id = subscriptionOfInvoice(invoice)
        const snapshot = id ? await syncStripeSubscription(deps, id) : null
        const period = periodLineOf(invoice)
        const start = period?.line.period?.start
        if (id && snapshot && (start || snapshot.currentPeriodEnd))
          await handlePaymentEvent(deps, {
            type: 'subscription.period-paid',
            subscriptionId: id,
            periodStart: start ? new Date(start * 1000) : monthBefore(snapshot.currentPeriodEnd!),
            amountCents: invoice.amount_paid ?? null,
            invoiceId: invoice.id ?? null,
            // The plan this invoice charged for, which the month ships: the subscription's own
            // may have moved since Stripe drafted it (an upgrade in the hour before payment).
            tier: (await deps.payments.stripeProvider?.tierOfPrice(period?.price)) ?? null,
          })
        break
      }
      default:
        deps.logger.info({ type: event.type }, 'stripe event acknowledged without action')
    }
    await finishEvent(deps.database.db, record)
    return c.json({ received: true as const })
  },
)
