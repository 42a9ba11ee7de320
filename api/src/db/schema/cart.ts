import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { id, timestamps, timestamptzNow, userRef, uuidRef } from './columns'

/** The most of one box a cart or an order line holds (stock may allow fewer). */
export const MAX_LINE_QUANTITY = 99

/**
 * A cart (issue 32): a visitor's, found by the signed id in its cookie (`userId` null), or a
 * signed-in user's (one per user). A visitor's cart is merged into the user's on the first
 * cart request after sign-in, then deleted. Lines hold a product and a quantity only: prices
 * are read live from the catalogue every time the cart is read or checked out.
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    userId: userRef('cascade'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('carts_user_id_key').on(t.userId).where(sql`${t.userId} is not null`),
    // Visitors' carts left alone are purged by age.
    index('carts_updated_at_idx').on(t.updatedAt),
  ],
)

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: uuidRef(() => carts.id, 'cascade').notNull(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    quantity: integer().notNull(),
    addedAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
)

/**
 * Quantity pricing (the FAQ's group pricing): from `minQuantity` of one box in one order,
 * each costs `unitPriceCents`. The highest tier reached applies; set by an admin.
 */
export const productQuantityPrices = pgTable(
  'product_quantity_prices',
  {
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    minQuantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.minQuantity] }),
    check('product_quantity_prices_min_check', sql`${t.minQuantity} between 2 and 99`),
    check(
      'product_quantity_prices_price_check',
      sql`${t.unitPriceCents} > 0 and ${t.unitPriceCents} <= 1000000`,
    ),
  ],
)

/** Where the shop ships: one zone per country, with its standard rate (`shippingRates`). */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: id(),
    country: text().notNull().unique('shipping_zones_country_key'),
    name: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [check('shipping_zones_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`)],
)

/**
 * A zone's rate: `amountCents` per order, free when the order's subtotal (after quantity
 * pricing) reaches `freeOverCents` (null: never free). One standard rate per zone for now.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: id(),
    zoneId: uuidRef(() => shippingZones.id, 'cascade').notNull(),
    name: text().notNull(),
    amountCents: integer().notNull(),
    freeOverCents: integer(),
    updatedAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('shipping_rates_zone_id_key').on(t.zoneId),
    check('shipping_rates_amount_check', sql`${t.amountCents} >= 0 and ${t.amountCents} <= 100000`),
    check(
      'shipping_rates_free_over_check',
      sql`${t.freeOverCents} is null or (${t.freeOverCents} >= 0 and ${t.freeOverCents} <= 1000000)`,
    ),
  ],
)
