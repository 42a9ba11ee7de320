import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { id, timestamps, timestamptz, timestamptzNow, userRef, uuidRef } from './columns'
import { orders } from './orders'

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const
export const DISCOUNT_STATUSES = ['active', 'paused'] as const

/**
 * A discount code (issue 33): percent or a fixed amount off the whole order or off chosen
 * products (`discountCodeProducts`), with an optional minimum subtotal, a window, a total
 * usage limit and a once-per-customer rule. `usedCount` is the number of live redemptions
 * (reserved by a pending checkout or used by a paid order): the usage limit is one
 * conditional update on it (decision 057). Codes are not secrets ("EASTER15"): stored as
 * typed, found by their upper case.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    code: text().notNull(),
    description: text().notNull().default(''),
    kind: text({ enum: DISCOUNT_KINDS }).notNull(),
    /** Percent (1-100) for `percent`, cents for `fixed`. */
    value: integer().notNull(),
    /** Whole order when false; only the lines of `discount_code_products` when true. */
    productsOnly: boolean().notNull().default(false),
    minSubtotalCents: integer(),
    startsAt: timestamptz(),
    endsAt: timestamptz(),
    usageLimit: integer(),
    usedCount: integer().notNull().default(0),
    oncePerCustomer: boolean().notNull().default(false),
    status: text({ enum: DISCOUNT_STATUSES }).notNull().default('active'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(sql`upper(${t.code})`),
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('discount_codes_status_check', sql`${t.status} in ('active', 'paused')`),
    check(
      'discount_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} between 1 and 1000000)`,
    ),
    check('discount_codes_code_check', sql`${t.code} ~ '^[A-Za-z0-9_-]{3,32}$'`),
    check('discount_codes_usage_check', sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`),
    // The last net under the conditional update: never more live uses than the limit.
    check(
      'discount_codes_used_count_check',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
    check(
      'discount_codes_window_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
)

export const discountCodeProducts = pgTable(
  'discount_code_products',
  {
    discountCodeId: uuidRef(() => discountCodes.id, 'cascade').notNull(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.productId] })],
)

/**
 * One use of a code by one order: written in the checkout's transaction (with the usage
 * count), released (`releasedAt`) when the checkout ends unpaid. One per order; with a
 * once-per-customer code, one live use per email and per account (partial unique indexes,
 * so two browsers at once cannot both use it).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: id(),
    discountCodeId: uuidRef(() => discountCodes.id, 'restrict').notNull(),
    orderId: uuidRef(() => orders.id, 'cascade').notNull(),
    userId: userRef('set null'),
    email: text().notNull(),
    oncePerCustomer: boolean().notNull(),
    amountCents: integer().notNull(),
    createdAt: timestamptzNow(),
    releasedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_key').on(t.orderId),
    uniqueIndex('discount_redemptions_once_per_email')
      .on(t.discountCodeId, sql`lower(${t.email})`)
      .where(sql`${t.oncePerCustomer} and ${t.releasedAt} is null`),
    uniqueIndex('discount_redemptions_once_per_user')
      .on(t.discountCodeId, t.userId)
      .where(sql`${t.oncePerCustomer} and ${t.releasedAt} is null and ${t.userId} is not null`),
    index('discount_redemptions_code_idx').on(t.discountCodeId),
    check('discount_redemptions_amount_check', sql`${t.amountCents} >= 0`),
  ],
)

export const GIFT_CARD_STATUSES = ['pending', 'active', 'disabled'] as const
export const GIFT_CARD_ENTRY_KINDS = ['issue', 'debit', 'release', 'refund', 'adjust'] as const

/**
 * A gift card (issue 33). The code exists in clear only in the answer or mail that hands it
 * out: stored as an HMAC-SHA256 under the server secret (`codeHash`) with its last four
 * characters for people to recognise it. `balanceCents` is the sum of its ledger, kept on
 * the row so a debit is one conditional update (`balance >= amount`, and a check constraint
 * as the last net); every change writes a ledger entry in the same transaction.
 * `pending`: bought, not yet delivered (its code is mailed on the delivery date).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: id(),
    codeHash: text().notNull().unique('gift_cards_code_hash_key'),
    last4: text().notNull(),
    initialCents: integer().notNull(),
    balanceCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: text({ enum: GIFT_CARD_STATUSES }).notNull().default('active'),
    recipientEmail: text(),
    recipientName: text(),
    giverName: text(),
    message: text(),
    deliverOn: timestamptz(),
    /** The order that bought it (none for one issued by hand). */
    orderId: uuidRef(() => orders.id, 'set null'),
    issuedBy: userRef('set null'),
    note: text(),
    ...timestamps(),
  },
  (t) => [
    check('gift_cards_balance_check', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
    check('gift_cards_initial_check', sql`${t.initialCents} between 100 and 100000`),
    check('gift_cards_status_check', sql`${t.status} in ('pending', 'active', 'disabled')`),
    uniqueIndex('gift_cards_order_key').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('gift_cards_created_at_idx').on(t.createdAt, t.id),
  ],
)

/**
 * Every change of a gift card's balance: `issue` (+), `debit` (- by a checkout), `release`
 * (+ when that checkout ends unpaid), `refund` (+ when that order is refunded), `adjust`.
 * At most one debit, one release and one refund per (card, order): a replayed event changes
 * nothing twice.
 */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: id(),
    giftCardId: uuidRef(() => giftCards.id, 'cascade').notNull(),
    kind: text({ enum: GIFT_CARD_ENTRY_KINDS }).notNull(),
    amountCents: integer().notNull(),
    orderId: uuidRef(() => orders.id, 'set null'),
    actorId: userRef('set null'),
    note: text(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    check('gift_card_ledger_kind_check', sql`${t.kind} in ('issue', 'debit', 'release', 'refund', 'adjust')`),
    check(
      'gift_card_ledger_sign_check',
      sql`(${t.kind} = 'debit' and ${t.amountCents} < 0) or (${t.kind} in ('issue', 'release', 'refund') and ${t.amountCents} > 0) or ${t.kind} = 'adjust'`,
    ),
    uniqueIndex('gift_card_ledger_once_per_order')
      .on(t.giftCardId, t.orderId, t.kind)
      .where(sql`${t.orderId} is not null and ${t.kind} in ('debit', 'release', 'refund')`),
    index('gift_card_ledger_card_idx').on(t.giftCardId, t.createdAt),
    index('gift_card_ledger_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
)
