import { z } from 'zod'
import { DeliveryAddressSchema, SessionIdSchema } from './checkout'
import { endpoint } from './endpoint'
import { adminPageOf, ShippingAddressSchema } from './order-parts'
import {
  MAX_PAUSE_MONTHS,
  planOfPriceId,
  SUBSCRIPTION_PRICE_IDS,
  SUBSCRIPTION_TIERS,
} from './subscriptions-constants'

/**
 * Monthly plans: the spec's check-subscription, create-subscription and customer-portal
 * (field names kept, decision 010), and the built-in test-mode billing pages.
 */
export const SubscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.enum(SUBSCRIPTION_TIERS).nullable(),
  /** End of the current period: the renewal date, or the last day when cancelled. */
  subscription_end: z.iso.datetime({ offset: true }).nullable(),
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

const MonthSchema = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM.')

export const SubscriptionPeriodSchema = z.object({
  /** The month the period starts in (2026-12). */
  period: MonthSchema,
  status: z.enum(['shipped', 'skipped', 'awaiting_box', 'paused']),
  tier: z.enum(SUBSCRIPTION_TIERS),
  amount_cents: z.number().int(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  boxes: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  fulfilment_status: z.string().nullable(),
  /** Skipped with a credit: this much taken off the next payment (0: skipped with no charge). */
  credit_cents: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
})
export type SubscriptionPeriod = z.infer<typeof SubscriptionPeriodSchema>

/** Pause, credit and retries (decision 065), on the subscriber's and the admin's views. */
const SelfServiceFields = {
  /** How next month's skip is taken: no charge, or charged and credited to the next payment. */
  next_period_skip: z.enum(['no_charge', 'credit']).nullable(),
  /** Paused: no box and no charge until this moment (null: not paused). */
  paused_until: z.iso.datetime({ offset: true }).nullable(),
  /** Credit (cents) taken off the next payment (test mode; Stripe keeps it on the customer). */
  credit_cents: z.number().int(),
  /** Failed tries of the renewal being retried, and when the next try is (null: none left). */
  failed_attempts: z.number().int(),
  next_payment_attempt_at: z.iso.datetime({ offset: true }).nullable(),
}

/** The subscriber's own view (/account, issue 34). */
export const MySubscriptionSchema = z.object({
  id: z.string(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  /** The next payment (the end of the current period) and what it will be. */
  next_payment_at: z.iso.datetime({ offset: true }).nullable(),
  next_payment_cents: z.number().int(),
  /** The month of the next shipment, and its box when the shop has chosen it. */
  next_period: MonthSchema.nullable(),
  next_period_skipped: z.boolean(),
  next_box: z.object({ name: z.string(), quantity: z.number().int() }).nullable(),
  shipping_address: ShippingAddressSchema.nullable(),
  provider: z.string(),
  since: z.iso.datetime({ offset: true }),
  periods: z.array(SubscriptionPeriodSchema),
  ...SelfServiceFields,
})
export type MySubscription = z.infer<typeof MySubscriptionSchema>

/** Skip (no charge, or charged and credited to the next payment), undo, cancel, resume. */
export const SUBSCRIPTION_ACTIONS = ['skip', 'skip-with-credit', 'unskip', 'cancel', 'resume'] as const

export const PlanQuoteSchema = z.object({
  from: z.enum(SUBSCRIPTION_TIERS),
  to: z.enum(SUBSCRIPTION_TIERS),
  provider: z.string(),
  /** Days left in the current period, of its days: the share of the difference due now. */
  days_left: z.number().int(),
  days_in_period: z.number().int(),
  /** Positive: paid now (an upgrade); negative: credited to the next payment (a downgrade). */
  prorated_cents: z.number().int(),
  /** The new plan's monthly price, paid from `from_date` (the next renewal). */
  new_price_cents: z.number().int(),
  from_date: z.iso.datetime({ offset: true }).nullable(),
  /** The rule in words, as the page and the mail say it. */
  summary: z.string(),
})
export type PlanQuote = z.infer<typeof PlanQuoteSchema>

export const ChangePlanBody = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS, { error: 'Please choose Basic, Premium or Family.' }),
})

export const PauseBody = z.object({
  months: z
    .number({ error: 'Choose 1, 2 or 3 months.' })
    .int('Choose 1, 2 or 3 months.')
    .min(1, 'Choose 1, 2 or 3 months.')
    .max(MAX_PAUSE_MONTHS, `A pause is at most ${MAX_PAUSE_MONTHS} months.`),
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
  mine: endpoint({
    method: 'GET',
    path: '/subscriptions/mine',
    access: 'customer',
    summary:
      'My live subscription (else the latest): plan, next payment, next box, address, months shipped and skipped',
    response: z.object({ data: MySubscriptionSchema.nullable() }),
  }),
  address: endpoint({
    method: 'PUT',
    path: '/subscriptions/address',
    access: 'customer',
    summary: "Change where my boxes go: from the next shipment (the answer says which month's)",
    body: DeliveryAddressSchema,
    response: z.object({ data: MySubscriptionSchema, from_period: MonthSchema.nullable() }),
  }),
  act: endpoint({
    method: 'POST',
    path: '/subscriptions/mine/:action',
    access: 'customer',
    summary: "Skip next month's box (no charge for it), cancel at the period's end, or resume; each mailed",
    params: z.object({ action: z.enum(SUBSCRIPTION_ACTIONS) }),
    response: z.object({ data: MySubscriptionSchema }),
  }),
  planQuote: endpoint({
    method: 'GET',
    path: '/subscriptions/mine/plan-quote',
    access: 'customer',
    summary: 'What changing to another plan costs now and from the next payment (computed here, in cents)',
    answers: { 409: 'No live subscription whose plan can change (past due, ending, or already that plan).' },
    query: z.object({ tier: z.enum(SUBSCRIPTION_TIERS) }),
    response: z.object({ data: PlanQuoteSchema }),
  }),
  changePlan: endpoint({
    method: 'PUT',
    path: '/subscriptions/mine/plan',
    access: 'customer',
    summary:
      'Change plan: prorated by the days left in this period (test mode) or by Stripe (create_prorations); mailed',
    answers: { 409: 'No live subscription whose plan can change (past due, ending, or already that plan).' },
    body: ChangePlanBody,
    response: z.object({ data: MySubscriptionSchema, quote: PlanQuoteSchema }),
  }),
  pause: endpoint({
    method: 'PUT',
    path: '/subscriptions/mine/pause',
    access: 'customer',
    summary: 'Pause for 1, 2 or 3 months: no box and no charge in those months; mailed',
    answers: { 409: 'Past due, cancelled, ending or already paused: it cannot be paused.' },
    body: PauseBody,
    response: z.object({ data: MySubscriptionSchema }),
  }),
  unpause: endpoint({
    method: 'DELETE',
    path: '/subscriptions/mine/pause',
    access: 'customer',
    summary: 'Resume a paused subscription early: the next month ships and is charged again; mailed',
    response: z.object({ data: MySubscriptionSchema }),
  }),
}

const idParams = z.object({ id: z.string().uuid('Not a subscription id.') })

export const SUBSCRIBER_FILTER_STATUSES = ['active', 'paused', 'past_due', 'cancelling', 'canceled'] as const

export const SubscriberListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIBER_FILTER_STATUSES).optional(),
  plan: z.enum(SUBSCRIPTION_TIERS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type SubscriberListQuery = z.input<typeof SubscriberListQuerySchema>

export const AdminSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  provider: z.string(),
  since: z.iso.datetime({ offset: true }),
  next_shipment: MonthSchema.nullable(),
  next_payment_at: z.iso.datetime({ offset: true }).nullable(),
  /** Set while a pause runs (decision 065): no box and no charge until then. */
  paused_until: z.iso.datetime({ offset: true }).nullable(),
  city: z.string().nullable(),
})
export type AdminSubscriber = z.infer<typeof AdminSubscriberSchema>

export const AdminSubscriberDetailSchema = AdminSubscriberSchema.extend({
  ...SelfServiceFields,
  shipping_address: ShippingAddressSchema.nullable(),
  periods: z.array(SubscriptionPeriodSchema),
  history: z.array(
    z.object({
      at: z.iso.datetime({ offset: true }),
      event: z.string(),
      note: z.string().nullable(),
      actor_email: z.string().nullable(),
    }),
  ),
})
export type AdminSubscriberDetail = z.infer<typeof AdminSubscriberDetailSchema>

export const SubscriptionBoxSchema = z.object({
  month: MonthSchema,
  product_id: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
  stock: z.number().int().nullable(),
})
export type SubscriptionBox = z.infer<typeof SubscriptionBoxSchema>

export const SubscriptionFiguresSchema = z.object({
  active_per_plan: z.array(z.object({ tier: z.enum(SUBSCRIPTION_TIERS), count: z.number().int() })),
  active: z.number().int(),
  past_due: z.number().int(),
  mrr_cents: z.number().int(),
  new_this_month: z.number().int(),
  cancelled_this_month: z.number().int(),
  subscription_revenue_this_month_cents: z.number().int(),
  order_revenue_this_month_cents: z.number().int(),
  gift_revenue_this_month_cents: z.number().int(),
  revenue_this_month_cents: z.number().int(),
  /** Paid months waiting for their box (none chosen, sold out, or no address), per month. */
  awaiting_box: z.array(z.object({ period: MonthSchema, count: z.number().int(), box_set: z.boolean() })),
})
export type SubscriptionFigures = z.infer<typeof SubscriptionFiguresSchema>

export const SetSubscriptionBoxBody = z.object({
  productId: z.string({ error: 'Please choose a box.' }).uuid('Please choose a box.'),
})

export const TestRenewalBody = z.object({
  /** Renew every test subscription due by the end of this month (the test clock). */
  month: MonthSchema,
  /**
   * How the cards answer in this run (decision 065): true, due renewals and retries decline;
   * false, retries due go through; omitted, renewals are paid and retries wait.
   */
  decline: z.boolean().optional(),
})

/** The admin's subscribers (issue 34). */
export const adminSubscriptionsContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/subscriptions',
    access: 'admin',
    summary:
      'Subscribers: status, plan, since, next shipment, city; search by email or name, filter by status and plan',
    query: SubscriberListQuerySchema,
    response: adminPageOf(AdminSubscriberSchema),
  }),
  figures: endpoint({
    method: 'GET',
    path: '/admin/subscriptions/figures',
    access: 'admin',
    summary:
      'Active subscribers per plan, monthly recurring revenue, new and cancelled this month, revenue with subscriptions',
    response: z.object({ data: SubscriptionFiguresSchema }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/subscriptions/:id',
    access: 'admin',
    summary: 'A subscriber with their months (payments, shipments) and history',
    params: idParams,
    response: z.object({ data: AdminSubscriberDetailSchema }),
  }),
  act: endpoint({
    method: 'POST',
    path: '/admin/subscriptions/:id/:action',
    access: 'admin',
    summary: "Skip the subscriber's next month, cancel at period end, or resume (audited, mailed)",
    params: idParams.extend({ action: z.enum(SUBSCRIPTION_ACTIONS) }),
    response: z.object({ data: AdminSubscriberDetailSchema }),
  }),
  boxes: endpoint({
    method: 'GET',
    path: '/admin/subscription-boxes',
    access: 'admin',
    summary: 'The box of each month, as set',
    response: z.object({ data: z.array(SubscriptionBoxSchema) }),
  }),
  setBox: endpoint({
    method: 'PUT',
    path: '/admin/subscription-boxes/:month',
    access: 'admin',
    summary:
      "Set a month's box from the catalogue (audited); months already paid and waiting for a box ship now",
    params: z.object({ month: MonthSchema }),
    body: SetSubscriptionBoxBody,
    response: z.object({ data: SubscriptionBoxSchema, shipped: z.number().int() }),
  }),
  testRenewals: endpoint({
    method: 'POST',
    path: '/admin/subscriptions/test-renewals',
    access: 'admin',
    summary:
      'TEST MODE: the test clock moves to the end of a month; every test subscription due by then renews (paid, or skipped)',
    body: TestRenewalBody,
    response: z.object({
      renewed: z.number().int(),
      shipped: z.number().int(),
      skipped: z.number().int(),
      paused: z.number().int(),
      failed: z.number().int(),
      ended: z.number().int(),
    }),
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
