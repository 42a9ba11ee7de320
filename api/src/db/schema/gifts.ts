import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps, timestamptz, userRef, uuidRef } from './columns'
import { orders, PAYMENT_PROVIDERS, type ShippingAddress, SUBSCRIPTION_TIERS } from './orders'

/**
 * `pending`: made, not paid yet; `awaiting_address`: paid, the recipient has not given their
 * address yet (nothing ships, no month counts); `active`: months ship; `completed`: every
 * month shipped and the last one's period is over; `expired`: never paid.
 */
export const GIFT_SUBSCRIPTION_STATUSES = [
  'pending',
  'awaiting_address',
  'active',
  'completed',
  'expired',
] as const

/**
 * A prepaid gift of 3, 6 or 12 months of a plan (issue 34 item 7, decision 064): bought once by
 * someone (signed in or a guest) for someone else, who may have no account. Not a row of
 * `subscriptions` (one per user, renewed by a provider): it never renews and is owned by
 * two people. Its months are `gift_subscription_months`, shipped by the same code as a
 * subscription's months.
 */
export const giftSubscriptions = pgTable(
  'gift_subscriptions',
  {
    id: id(),
    buyerUserId: userRef('set null'),
    buyerEmail: text().notNull(),
    buyerName: text(),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    message: text(),
    tier: text({ enum: SUBSCRIPTION_TIERS }).notNull(),
    months: integer().notNull(),
    /** The plan's monthly price times the months, computed by the server at purchase. */
    amountCents: integer().notNull(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text().unique('gift_subscriptions_provider_session_id_key'),
    checkoutUrl: text(),
    status: text({ enum: GIFT_SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    /** Given by the buyer, or by the recipient through the mailed link. */
    shippingAddress: jsonb().$type<ShippingAddress>(),
    /** The recipient's link: sha-256 of its token (the token itself is only in the mail). */
    addressTokenHash: text().unique('gift_subscriptions_address_token_hash_key'),
    addressTokenExpiresAt: timestamptz(),
    addressTokenUsedAt: timestamptz(),
    /** When the next month is due (the test clock, like a subscription's renewal). */
    currentPeriodEnd: timestamptz(),
    paidAt: timestamptz(),
    startedAt: timestamptz(),
    endedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    check('gift_subscriptions_tier_check', sql`${t.tier} in ('Basic', 'Premium', 'Family')`),
    check('gift_subscriptions_months_check', sql`${t.months} in (3, 6, 12)`),
    check('gift_subscriptions_amount_check', sql`${t.amountCents} > 0`),
    check(
      'gift_subscriptions_status_check',
      sql`${t.status} in ('pending', 'awaiting_address', 'active', 'completed', 'expired')`,
    ),
    index('gift_subscriptions_buyer_user_id_idx').on(t.buyerUserId),
    index('gift_subscriptions_recipient_email_idx').on(sql`lower(${t.recipientEmail})`),
    index('gift_subscriptions_status_idx').on(t.status, t.currentPeriodEnd),
  ],
)

export const GIFT_MONTH_STATUSES = ['shipped', 'awaiting_box'] as const

/**
 * One month of a gift: unique per (gift, month), the same guard as `subscription_periods`,
 * so each month ships once whatever runs the clock and however often.
 */
export const giftSubscriptionMonths = pgTable(
  'gift_subscription_months',
  {
    id: id(),
    giftId: uuidRef(() => giftSubscriptions.id, 'cascade').notNull(),
    period: text().notNull(),
    status: text({ enum: GIFT_MONTH_STATUSES }).notNull(),
    tier: text({ enum: SUBSCRIPTION_TIERS }).notNull(),
    orderId: uuidRef(() => orders.id, 'set null'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('gift_subscription_months_gift_period_key').on(t.giftId, t.period),
    uniqueIndex('gift_subscription_months_order_id_key').on(t.orderId),
    index('gift_subscription_months_period_idx').on(t.period, t.status),
    check('gift_subscription_months_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('gift_subscription_months_status_check', sql`${t.status} in ('shipped', 'awaiting_box')`),
  ],
)
