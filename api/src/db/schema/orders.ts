import { FULFILMENT_STATUSES } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { id, timestamps, timestamptz, timestamptzNow, userRef, uuidRef } from './columns'

export const ORDER_STATUSES = ['pending', 'paid', 'completed', 'failed', 'cancelled', 'refunded'] as const
export const PAYMENT_METHODS = ['apple_pay', 'google_pay', 'card'] as const
// 'gift_card': an order paid entirely by gift card, completed without a payment provider (issue 33).
export const PAYMENT_PROVIDERS = ['stripe', 'test', 'admin', 'gift_card'] as const
export const SUBSCRIPTION_TIERS = ['Basic', 'Premium', 'Family'] as const
/** Where an order is on its way to the buyer (issue 35; `not_required`: a gift card): the contracts' list. */
export { FULFILMENT_STATUSES }
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'Canada Post', 'other'] as const

export type ShippingAddress = {
  firstName: string
  lastName: string
  address: string
  city: string
  state: string
  zipCode: string
  country: string
}

// The spec's "purchases" and the admin's "orders" are one table. An admin grant is a
// completed order of 0 with provider 'admin' and no payment session.
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: userRef('set null'),
    email: text().notNull(),
    customerName: text(),
    productId: uuidRef(() => products.id, 'restrict').notNull(),
    // The total charged: subtotal - discount + shipping + tax, all computed on the server
    // (issue 32). `productId` is the first line's product (access, insights, old readers).
    amountCents: integer().notNull(),
    subtotalCents: integer().notNull().default(0),
    discountCents: integer().notNull().default(0),
    shippingCents: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    // Paid by gift card (issue 33): `amountCents` is what the payment provider charges, so
    // total = amountCents + giftCardCents, and a refund returns each part to where it came from.
    giftCardCents: integer().notNull().default(0),
    // A hash of the client address that started it: the checkout limit counts pending ones.
    checkoutAddress: text(),
    // The cart it was checked out from (none for a one-box checkout): its paid lines leave it.
    cartId: uuid(),
    currency: text().notNull().default('usd'),
    status: text({ enum: ORDER_STATUSES }).notNull().default('pending'),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text().unique('orders_provider_session_id_key'),
    paymentMethod: text({ enum: PAYMENT_METHODS }),
    shippingAddress: jsonb().$type<ShippingAddress>(),
    paidAt: timestamptz(),
    // Fulfilment, set from the admin console: shipping is not a payment status.
    // The latest shipment's tracking number and the first shipment's day (old readers, the
    // CSV); the shipments themselves are in `shipments`.
    trackingNumber: text(),
    shippedAt: timestamptz(),
    // Stored, not derived on read: the queue and the list filter on it at 100 000 orders. It
    // changes only in the transaction that locks the order and writes its shipment.
    fulfilmentStatus: text({ enum: FULFILMENT_STATUSES }).notNull().default('unfulfilled'),
    refundedAt: timestamptz(),
    // What has gone back to the buyer so far (issue 35: partial refunds); the order is
    // `refunded` when it reaches the amount.
    refundedCents: integer().notNull().default(0),
    // A subscription's monthly shipment (issue 34): 0 to the buyer here (the month's payment
    // is in `subscription_periods`), its lines the month's box(es), in the queue like any order.
    subscriptionId: uuid().references((): AnyPgColumn => subscriptions.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('orders_amount_cents_check', sql`${t.amountCents} >= 0`),
    check('orders_gift_card_cents_check', sql`${t.giftCardCents} >= 0`),
    check('orders_refunded_cents_check', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending', 'paid', 'completed', 'failed', 'cancelled', 'refunded')`,
    ),
    check('orders_provider_check', sql`${t.provider} in ('stripe', 'test', 'admin', 'gift_card')`),
    check(
      'orders_fulfilment_status_check',
      sql`${t.fulfilmentStatus} in ('unfulfilled', 'partially_shipped', 'shipped', 'delivered', 'not_required')`,
    ),
    check(
      'orders_payment_method_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('apple_pay', 'google_pay', 'card')`,
    ),
    // Access to a product is "a completed order for this user and product": at most one.
    uniqueIndex('orders_one_completed_per_user_product')
      .on(t.userId, t.productId)
      .where(sql`${t.status} = 'completed' and ${t.userId} is not null`),
    // No lone created_at or status index: (created_at, id) and (status, created_at, id) below
    // serve every query that would use one (a leading column), for one write less per order.
    index('orders_email_idx').on(t.email),
    index('orders_user_id_idx').on(t.userId),
    // The admin list's sorts and its search (substring of email or name) at 100 000 orders.
    // (column, id): the list's order by and its deep pages walk the index alone.
    index('orders_created_at_id_idx').on(t.createdAt, t.id),
    index('orders_amount_cents_idx').on(t.amountCents, t.id),
    index('orders_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('orders_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // The Insights (decision 044): sales per day and per product, and checkouts per day,
    // read from the index alone (a year of 100 000 orders within the 200 ms budget). The id
    // last: top products join the year's orders to their lines from the index (decision 062).
    index('orders_insights_sales_idx')
      .on(t.paidAt, t.amountCents, t.productId, t.id)
      .where(sql`${t.paidAt} is not null and ${t.provider} <> 'admin'`),
    index('orders_insights_checkouts_idx').on(t.createdAt, t.status).where(sql`${t.provider} <> 'admin'`),
    // The checkout limit: pending checkouts of one address in the last hour (decision 053).
    index('orders_checkout_address_idx')
      .on(t.checkoutAddress, t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.checkoutAddress} is not null`),
    index('orders_refunded_at_idx').on(t.refundedAt).where(sql`${t.refundedAt} is not null`),
    index('orders_customer_name_trgm_idx').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
    // The admin search by the number the buyer was shown: `orderNumber` of the contracts
    // (the same expression as `orderNumberSql` in domains/orders/admin-queries.ts).
    // text_pattern_ops: the same index serves `= 'EMZOSODM'` and the prefix `like 'EMZO%'`
    // whatever the database's collation (issue 35: a partial number finds the order).
    index('orders_order_number_idx').on(
      sql`upper(right(coalesce(${t.providerSessionId}, ${t.id}::text), 8)) text_pattern_ops`,
    ),
    // The fulfilment queue: paid orders with something left to ship, oldest first. Partial,
    // so its size is the queue's, not the shop's history.
    index('orders_fulfilment_queue_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`${t.status} in ('paid', 'completed') and ${t.provider} <> 'admin' and ${t.fulfilmentStatus} in ('unfulfilled', 'partially_shipped')`,
      ),
    index('orders_fulfilment_status_idx').on(t.fulfilmentStatus, t.createdAt, t.id),
    index('orders_subscription_id_idx').on(t.subscriptionId).where(sql`${t.subscriptionId} is not null`),
  ],
)

/**
 * A parcel sent for an order (issue 35): carrier, tracking number, when it left and when it
 * arrived. An order ships in one or more of them; `shipment_items` says which lines and how
 * many of each went in it.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuidRef(() => orders.id, 'cascade').notNull(),
    carrier: text({ enum: CARRIERS }).notNull(),
    trackingNumber: text().notNull(),
    shippedAt: timestamptzNow(),
    deliveredAt: timestamptz(),
    createdBy: userRef('set null'),
  },
  (t) => [
    check('shipments_carrier_check', sql`${t.carrier} in ('USPS', 'UPS', 'FedEx', 'Canada Post', 'other')`),
    index('shipments_order_id_idx').on(t.orderId, t.shippedAt),
  ],
)

export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: uuidRef(() => shipments.id, 'cascade').notNull(),
    orderItemId: uuidRef(() => orderItems.id, 'cascade').notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderItemId] }),
    index('shipment_items_order_item_id_idx').on(t.orderItemId),
    check('shipment_items_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
)

/**
 * An order's lines: what was bought, at the unit price of the moment (quantity pricing
 * applied), so a later price change never changes an order.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuidRef(() => orders.id, 'cascade').notNull(),
    productId: uuidRef(() => products.id, 'restrict').notNull(),
    position: integer().notNull().default(0),
    productName: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    lineTotalCents: integer().notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_product_key').on(t.orderId, t.productId),
    index('order_items_product_id_idx').on(t.productId),
    check('order_items_quantity_check', sql`${t.quantity} between 1 and 99`),
    check('order_items_unit_price_check', sql`${t.unitPriceCents} >= 0`),
    check('order_items_line_total_check', sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`),
  ],
)

/**
 * Money given back for an order (issue 35): the whole rest, some lines, or an amount. `seq`
 * numbers an order's refunds (1, 2, ...): the unique pair is what makes each one happen once,
 * and its claim and the provider's idempotency key are derived from it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuidRef(() => orders.id, 'cascade').notNull(),
    seq: integer().notNull(),
    amountCents: integer().notNull(),
    restocked: boolean().notNull().default(false),
    reference: text(),
    actorId: userRef('set null'),
    createdAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('refunds_order_seq_key').on(t.orderId, t.seq),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
)

export const refundItems = pgTable(
  'refund_items',
  {
    refundId: uuidRef(() => refunds.id, 'cascade').notNull(),
    orderItemId: uuidRef(() => orderItems.id, 'cascade').notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    index('refund_items_order_item_id_idx').on(t.orderItemId),
    check('refund_items_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
)

export const ORDER_HISTORY_EVENTS = [
  'created',
  'status',
  'shipped',
  'delivered',
  'refunded',
  'granted',
] as const

// What happened to an order and who did it: the status history of the admin's order page.
export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderId: uuidRef(() => orders.id, 'cascade').notNull(),
    event: text({ enum: ORDER_HISTORY_EVENTS }).notNull(),
    fromStatus: text(),
    toStatus: text(),
    note: text(),
    actorId: userRef('set null'),
    createdAt: timestamptzNow(),
  },
  (t) => [
    check(
      'order_history_event_check',
      sql`${t.event} in ('created', 'status', 'shipped', 'delivered', 'refunded', 'granted')`,
    ),
    index('order_history_order_id_idx').on(t.orderId, t.createdAt),
  ],
)

// Each provider event is processed once: the unique event id makes a replayed webhook a no-op.
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    payload: jsonb(),
    receivedAt: timestamptzNow(),
    processedAt: timestamptz(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_id_key').on(t.provider, t.eventId)],
)

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: userRef('cascade').notNull(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerCustomerId: text(),
    providerSubscriptionId: text().notNull().unique('subscriptions_provider_subscription_id_key'),
    tier: text({ enum: SUBSCRIPTION_TIERS }).notNull(),
    priceId: text().notNull(),
    status: text().notNull(),
    currentPeriodEnd: timestamptz(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    // Where the boxes go (issue 34): given when subscribing, changed from /account; each
    // month's shipment copies it when it is made.
    shippingAddress: jsonb().$type<ShippingAddress>(),
    // When it stopped being live (canceled, incomplete_expired): the Insights' churn and
    // active-per-day read it (decision 044).
    endedAt: timestamptz(),
    // Self-service and retries (issue 34, decision 065): paused (no box, no charge) until this
    // moment; test mode's credit (cents) taken off the next renewal; the failed tries of the
    // renewal being retried and when the next one is.
    pausedUntil: timestamptz(),
    creditCents: integer().notNull().default(0),
    failedAttempts: integer().notNull().default(0),
    nextPaymentAttemptAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    check('subscriptions_credit_check', sql`${t.creditCents} >= 0`),
    check('subscriptions_tier_check', sql`${t.tier} in ('Basic', 'Premium', 'Family')`),
    index('subscriptions_user_id_idx').on(t.userId),
    // One live subscription per user: a second Subscribe goes to the portal, never a second charge.
    uniqueIndex('subscriptions_one_live_per_user')
      .on(t.userId)
      .where(sql`${t.status} not in ('canceled', 'incomplete_expired')`),
  ],
)

export const SUBSCRIPTION_CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const

// A provider page for a plan, opened by Subscribe. At most one open per user, so two
// Subscribe presses (two tabs, a double click) can never lead to two paid subscriptions.
export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    id: id(),
    userId: userRef('cascade').notNull(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text().unique('subscription_checkouts_provider_session_id_key'),
    url: text(),
    tier: text({ enum: SUBSCRIPTION_TIERS }).notNull(),
    priceId: text().notNull(),
    status: text({ enum: SUBSCRIPTION_CHECKOUT_STATUSES }).notNull().default('open'),
    // The address given on the plan page (test mode) or collected by Stripe Checkout.
    shippingAddress: jsonb().$type<ShippingAddress>(),
    ...timestamps(),
  },
  (t) => [
    check('subscription_checkouts_tier_check', sql`${t.tier} in ('Basic', 'Premium', 'Family')`),
    check('subscription_checkouts_status_check', sql`${t.status} in ('open', 'completed', 'expired')`),
    uniqueIndex('subscription_checkouts_one_open_per_user').on(t.userId).where(sql`${t.status} = 'open'`),
  ],
)

// The provider's customer of each user (one Stripe customer per user, made on first Subscribe).
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: userRef('cascade').notNull(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerCustomerId: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_provider_customer_id_key').on(t.provider, t.providerCustomerId),
  ],
)

export const SUBSCRIPTION_PERIOD_STATUSES = ['shipped', 'skipped', 'awaiting_box', 'paused'] as const

/**
 * One paid (or skipped) month of a subscription (issue 34). `period` is the month the period
 * starts in (`2026-12`); the unique pair is what makes a period ship exactly once, whichever
 * of a replayed `invoice.paid`, a second instance or a test renewal arrives first, and what
 * makes a skip and a renewal racing each other end one way. `shipped`: its order is
 * `orderId`; `skipped`: no box, no charge; `awaiting_box`: paid before the admin chose the
 * month's box, shipped when it is chosen.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: id(),
    subscriptionId: uuidRef(() => subscriptions.id, 'cascade').notNull(),
    period: text().notNull(),
    status: text({ enum: SUBSCRIPTION_PERIOD_STATUSES }).notNull(),
    tier: text({ enum: SUBSCRIPTION_TIERS }).notNull(),
    /** What the subscriber paid for this period (0 when skipped): subscription revenue. */
    amountCents: integer().notNull().default(0),
    /** The provider's invoice (Stripe `in_...`; a test renewal's own id). */
    invoiceId: text(),
    orderId: uuidRef(() => orders.id, 'set null'),
    // A month skipped with a credit (decision 065): charged as usual, this much credited to
    // the next payment, once (granted when the month is charged).
    creditCents: integer().notNull().default(0),
    creditGrantedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subscription_periods_subscription_period_key').on(t.subscriptionId, t.period),
    uniqueIndex('subscription_periods_order_id_key').on(t.orderId),
    index('subscription_periods_period_idx').on(t.period, t.status),
    check('subscription_periods_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'subscription_periods_status_check',
      sql`${t.status} in ('shipped', 'skipped', 'awaiting_box', 'paused')`,
    ),
    check('subscription_periods_amount_check', sql`${t.amountCents} >= 0`),
  ],
)

/** The box every subscriber gets in a month, chosen by the admin from the catalogue (issue 34). */
export const subscriptionBoxes = pgTable(
  'subscription_boxes',
  {
    month: text().primaryKey(),
    productId: uuidRef(() => products.id, 'restrict').notNull(),
    updatedBy: userRef('set null'),
    updatedAt: timestamptzNow(),
  },
  (t) => [check('subscription_boxes_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
)

/** What happened to a subscription and who did it (issue 34): the admin's history. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: id(),
    subscriptionId: uuidRef(() => subscriptions.id, 'cascade').notNull(),
    event: text().notNull(),
    note: text(),
    actorId: userRef('set null'),
    createdAt: timestamptzNow(),
  },
  (t) => [index('subscription_events_subscription_id_idx').on(t.subscriptionId, t.createdAt)],
)
