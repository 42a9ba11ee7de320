import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamps, timestamptz, timestamptzNow, uuidRef } from './columns'

/** What a box says about itself on its card and page (all optional; shown when given). */
export type ProductFacts = {
  duration?: string
  mysteries?: number
  difficulty?: string
  ages?: string
}

/**
 * A box the shop shows or sells (issue 31). `status` is what the owner chose; a counted
 * `stock` of 0 also makes an on-sale product sold out (read, never stored twice: see
 * `availabilityOf` in domains/catalog). `stock` null means "not counted" (a digital
 * product, or the Scroll as it was sold before stock existed).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    slug: text().notNull().unique('products_slug_key'),
    name: text().notNull(),
    tagline: text().notNull().default(''),
    description: text().notNull().default(''),
    category: text({ enum: ['mystery', 'devotional', 'history'] })
      .notNull()
      .default('mystery'),
    priceCents: integer().notNull(),
    compareAtCents: integer(),
    // On sale unless said otherwise, as `is_active` defaulted to true (the admin always says).
    status: text({ enum: ['draft', 'coming_soon', 'on_sale', 'sold_out'] })
      .notNull()
      .default('on_sale'),
    stock: integer(),
    lowStockThreshold: integer().notNull().default(3),
    featured: boolean().notNull().default(false),
    featuredOrder: integer().notNull().default(0),
    facts: jsonb().$type<ProductFacts>().notNull().default({}),
    sku: text().unique('products_sku_key'),
    imageUrl: text(),
    ...timestamps(),
  },
  (t) => [
    check('products_price_cents_check', sql`${t.priceCents} >= 0 and ${t.priceCents} <= 1000000`),
    check(
      'products_compare_at_check',
      sql`${t.compareAtCents} is null or ${t.compareAtCents} >= ${t.priceCents}`,
    ),
    check('products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_low_stock_check', sql`${t.lowStockThreshold} >= 0`),
    check('products_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('products_category_check', sql`${t.category} in ('mystery', 'devotional', 'history')`),
    check('products_status_check', sql`${t.status} in ('draft', 'coming_soon', 'on_sale', 'sold_out')`),
    // Never on sale without a price (the API says so on the field; this is the last net).
    check('products_on_sale_priced_check', sql`${t.status} <> 'on_sale' or ${t.priceCents} > 0`),
  ],
)

/**
 * A product's pictures, in order: the upload is checked from its bytes and stored as a WebP
 * made on the server (`key`), with its size; smaller copies are made on first request.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    position: integer().notNull().default(0),
    key: text().notNull(),
    alt: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    size: integer().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position),
    check('product_images_alt_check', sql`length(trim(${t.alt})) > 0`),
  ],
)

/**
 * "Tell me when it's ready": an address waiting for a product. Confirmed by a mailed link
 * (until then it is mailed nothing else); `notifiedAt` makes the one mail per opening go
 * once; unsubscribing deletes the row.
 */
export const productWatchers = pgTable(
  'product_watchers',
  {
    id: id(),
    productId: uuidRef(() => products.id, 'cascade').notNull(),
    email: text().notNull(),
    token: text().notNull().unique('product_watchers_token_key'),
    confirmedAt: timestamptz(),
    notifiedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [index('product_watchers_product_email_idx').on(t.productId, t.email)],
)
