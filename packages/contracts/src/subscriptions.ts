import { z } from 'zod'
import { SessionIdSchema } from './checkout'
import { endpoint } from './endpoint'
import { planOfPriceId, SUBSCRIPTION_PRICE_IDS, SUBSCRIPTION_TIERS } from './subscriptions-constants'

/**
 * Monthly plans: the spec's check-subscription, create-subscription and customer-portal
 * (field names kept, decision 010), and the built-in test-mode billing pages.
 */
export const SubscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.enum(SUBSCRIPTION_TIERS).nullable(),
  /** End of the current period: the renewal date, or the last day when cancelled. */
  subscription_end: z.coerce.date().nullable(),
  /** The provider's status (active, past_due, canceled, ...); null with no subscription. */
  subscription_status: z.string().nullable(),
  /** Cancelled by the customer: it ends at `subscription_end` and does not renew. */
  cancel_at_period_end: z.boolean(),
})
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

export const CreateSubscriptionBody = z
  .object({
    priceId: z.enum(SUBSCRIPTION_PRICE_IDS),
    tier: z.enum(SUBSCRIPTION_TIERS),
  })
  .refine((b) => planOfPriceId(b.priceId)?.tier === b.tier, {
    path: ['priceId'],
    message: 'This price is not the price of that plan.',
  })

export const subscriptionsContract = {
  status: endpoint({
    method: 'GET',
    path: '/subscriptions/status',
    access: 'customer',
    summary: 'check-subscription: whether I am subscribed, to which plan, until when',
    response: SubscriptionStatusSchema,
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/subscriptions/checkout',
    access: 'customer',
    summary:
      "create-subscription: the provider's page for a plan; with a live subscription already, the customer portal (change plan) instead",
    description:
      'One live subscription per user (enforced by the database): a second Subscribe never charges twice. `portal` says which page the URL is.',
    body: CreateSubscriptionBody,
    response: z.object({ url: z.string(), portal: z.boolean() }),
  }),
  portal: endpoint({
    method: 'POST',
    path: '/subscriptions/portal',
    access: 'customer',
    answers: { 409: 'No subscription to manage yet, or its page is still being opened (retry in a moment).' },
    summary: "customer-portal: the provider's page to change plan, cancel or resume",
    response: z.object({ url: z.string() }),
  }),
}

const TestCheckoutParams = z.object({ sessionId: SessionIdSchema })

/** The built-in test-mode billing pages (only when test mode is on). */
export const testBillingContract = {
  checkoutPage: endpoint({
    method: 'GET',
    path: '/payments/test-billing/checkout/:sessionId',
    access: 'public',
    summary: 'TEST MODE: the hosted plan page of a subscription checkout (Pay, Cancel)',
    params: TestCheckoutParams,
    produces: 'text/html',
  }),
  checkoutAct: endpoint({
    method: 'POST',
    path: '/payments/test-billing/checkout/:sessionId/:action',
    access: 'public',
    summary: 'TEST MODE: pay or cancel a subscription checkout; redirects like a real provider',
    params: TestCheckoutParams.extend({ action: z.enum(['pay', 'cancel']) }),
    produces: 'redirect',
  }),
  portalPage: endpoint({
    method: 'GET',
    path: '/payments/test-billing/portal',
    access: 'customer',
    summary: 'TEST MODE: the customer portal of the signed-in user (change plan, cancel, resume)',
    produces: 'text/html',
  }),
  portalAct: endpoint({
    method: 'POST',
    path: '/payments/test-billing/portal/:action',
    access: 'customer',
    summary:
      'TEST MODE: cancel at period end, resume, or simulate a paid or failed renewal or the end of the subscription',
    params: z.object({ action: z.enum(['cancel', 'resume', 'renewal-paid', 'renewal-failed', 'end']) }),
    produces: 'redirect',
  }),
  portalChangePlan: endpoint({
    method: 'POST',
    path: '/payments/test-billing/portal/plan/:tier',
    access: 'customer',
    summary: 'TEST MODE: change the plan of the live subscription',
    params: z.object({ tier: z.enum(SUBSCRIPTION_TIERS) }),
    produces: 'redirect',
  }),
}
