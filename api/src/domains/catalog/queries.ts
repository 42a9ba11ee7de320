import { GIFT_CARD_PRODUCT_SLUG, type ProductAvailability, type ProductView } from '@lamplight/contracts'
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { productImages, products, productWatchers } from '../../db/schema'

type ProductRow = typeof products.$inferSelect
type ImageRow = typeof productImages.$inferSelect

/**
 * What visitors are told: the owner's status, except that a counted stock of 0 makes an
 * on-sale box sold out. Derived here, never stored twice, so the two cannot disagree.
 */
export function availabilityOf(p: Pick<ProductRow, 'status' | 'stock'>): ProductAvailability | null {
  if (p.status === 'draft') return null
  if (p.status === 'on_sale' && p.stock !== null && p.stock <= 0) return 'sold_out'
  return p.status
}

/** A picture's public address; `?w=` asks for a smaller copy. */
export const imageUrl = (slug: string, imageId: string) => `/api/products/${slug}/images/${imageId}`

export function imageView(slug: string, image: ImageRow) {
  return {
    id: image.id,
    url: imageUrl(slug, image.id),
    alt: image.alt,
    width: image.width,
    height: image.height,
  }
}

async function imagesOf(db: Db, productIds: string[]) {
  if (!productIds.length) return new Map<string, ImageRow[]>()
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.position), asc(productImages.createdAt))
  const byProduct = new Map<string, ImageRow[]>()
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row])
  return byProduct
}

function publicView(p: ProductRow, images: ImageRow[]): ProductView {
  const pictures = images.map((image) => imageView(p.slug, image))
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    slug: p.slug,
    price: p.priceCents,
    image: pictures[0]?.url ?? p.imageUrl,
    tagline: p.tagline,
    category: p.category,
    compare_at: p.compareAtCents,
    availability: availabilityOf(p) ?? 'coming_soon',
    sku: p.sku,
    featured: p.featured,
    facts: p.facts,
    images: pictures,
  }
}

/** Featured first in the owner's order, then on sale, sold out, coming soon, each by name. */
const publicOrder = [
  desc(products.featured),
  asc(products.featuredOrder),
  sql`case ${products.status} when 'on_sale' then 0 when 'sold_out' then 1 else 2 end`,
  asc(products.name),
]

/** Every product a visitor may see (not drafts). */
export async function listPublicProducts(db: Db): Promise<ProductView[]> {
  const rows = await db
    .select()
    .from(products)
    .where(ne(products.status, 'draft'))
    .orderBy(...publicOrder)
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => publicView(r, images.get(r.id) ?? []))
}

/** One product a visitor may see, or null (unknown or draft). */
export async function findPublicProductBySlug(db: Db, slug: string): Promise<ProductView | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), ne(products.status, 'draft')))
    .limit(1)
  if (!row) return null
  const images = await imagesOf(db, [row.id])
  return publicView(row, images.get(row.id) ?? [])
}

/** A product that is or was sold (on sale or sold out): its puzzle access can be asked about. */
export async function findSoldProductBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), inArray(products.status, ['on_sale', 'sold_out'])))
    .limit(1)
  return row ?? null
}

/** A picture of a product, with whether the product is public. */
export async function findImage(db: Db, slug: string, imageId: string) {
  const [row] = await db
    .select({ key: productImages.key, size: productImages.size, status: products.status })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(products.slug, slug), eq(productImages.id, imageId)))
  return row ?? null
}

// ---- admin -------------------------------------------------------------------------------

function adminRow(p: ProductRow, images: ImageRow[]) {
  const availability = availabilityOf(p)
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category,
    status: p.status,
    availability,
    price_cents: p.priceCents,
    stock: p.stock,
    low_stock_threshold: p.lowStockThreshold,
    low_stock: p.stock !== null && p.stock <= p.lowStockThreshold && p.status !== 'draft',
    featured: p.featured,
    image: images[0] ? imageUrl(p.slug, images[0].id) : p.imageUrl,
    updated_at: p.updatedAt,
  }
}

export type AdminProductFilter = {
  q?: string
  status?: ProductRow['status']
  category?: ProductRow['category']
  lowStock?: boolean
}

export async function listAdminProducts(db: Db, filter: AdminProductFilter) {
  const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        // The gift card's product only gives its orders a line: it is not for the owner to
        // publish, price or ship (it was listed as a $0.00 draft "Mystery" box).
        ne(products.slug, GIFT_CARD_PRODUCT_SLUG),
        like
          ? or(
              ilike(products.name, like),
              ilike(products.slug, like),
              ilike(sql`coalesce(${products.sku}, '')`, like),
            )
          : undefined,
        filter.status ? eq(products.status, filter.status) : undefined,
        filter.category ? eq(products.category, filter.category) : undefined,
        filter.lowStock === undefined
          ? undefined
          : filter.lowStock
            ? sql`${products.stock} is not null and ${products.stock} <= ${products.lowStockThreshold} and ${products.status} <> 'draft'`
            : sql`not (${products.stock} is not null and ${products.stock} <= ${products.lowStockThreshold} and ${products.status} <> 'draft')`,
      ),
    )
    .orderBy(asc(products.name))
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => adminRow(r, images.get(r.id) ?? []))
}

export async function findEditableProduct(db: Db, id: string) {
  const [p] = await db.select().from(products).where(eq(products.id, id))
  if (!p) return null
  const images = (await imagesOf(db, [p.id])).get(p.id) ?? []
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    tagline: p.tagline,
    description: p.description,
    category: p.category,
    price_cents: p.priceCents,
    compare_at_cents: p.compareAtCents,
    status: p.status,
    stock: p.stock,
    low_stock_threshold: p.lowStockThreshold,
    featured: p.featured,
    featured_order: p.featuredOrder,
    facts: p.facts,
    sku: p.sku,
    images: images.map((image) => imageView(p.slug, image)),
    updated_at: p.updatedAt,
  }
}

/** Products at or under their low-stock line (the dashboard's warning). */
export async function lowStockProducts(db: Db) {
  return listAdminProducts(db, { lowStock: true })
}

/** The product a "tell me" token is about, or null for an unknown token. */
export async function findWatcherProduct(db: Db, token: string) {
  const [row] = await db
    .select({ product: products.name })
    .from(productWatchers)
    .innerJoin(products, eq(products.id, productWatchers.productId))
    .where(eq(productWatchers.token, token))
  return row?.product ?? null
}

// ---- the writes' data access (the service holds their transactions, rules and audit) -------

/** Another product holding this slug (or SKU), or null. */
export async function productIdHolding(
  db: DbOrTx,
  field: 'slug' | 'sku',
  value: string,
  excludeId?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products[field], value), excludeId ? ne(products.id, excludeId) : undefined))
  return row?.id ?? null
}

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert): Promise<string> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id })
  return row!.id
}

/** A product's row, locked until the caller's transaction ends. */
export async function lockProduct(db: DbOrTx, id: string) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update')
  return row ?? null
}

export async function updateProductRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof products.$inferInsert>,
) {
  await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
}

/** Marks the confirmed, not yet mailed watchers of a product as mailed, answering whom to mail. */
export async function markWatchersNotified(db: DbOrTx, productId: string) {
  return db
    .update(productWatchers)
    .set({ notifiedAt: new Date() })
    .where(
      and(
        eq(productWatchers.productId, productId),
        isNotNull(productWatchers.confirmedAt),
        isNull(productWatchers.notifiedAt),
      ),
    )
    .returning({ email: productWatchers.email, token: productWatchers.token })
}

export async function productNameAndSlug(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ name: products.name, slug: products.slug })
    .from(products)
    .where(eq(products.id, id))
  return row ?? null
}

/** A product visitors may see (any status but draft), by slug. */
export async function findListedProduct(db: DbOrTx, slug: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), ne(products.status, 'draft')))
  return row ?? null
}

/** An address's request about a product not yet mailed, or null. */
export async function findOpenWatcher(db: DbOrTx, productId: string, email: string) {
  const [row] = await db
    .select()
    .from(productWatchers)
    .where(
      and(
        eq(productWatchers.productId, productId),
        eq(productWatchers.email, email),
        isNull(productWatchers.notifiedAt),
      ),
    )
  return row ?? null
}

export async function insertWatcher(db: DbOrTx, values: typeof productWatchers.$inferInsert) {
  await db.insert(productWatchers).values(values)
}

/** The request a mailed token belongs to, with its product's name, or null. */
export async function findWatcherByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: productWatchers.id, product: products.name })
    .from(productWatchers)
    .innerJoin(products, eq(products.id, productWatchers.productId))
    .where(eq(productWatchers.token, token))
  return row ?? null
}

export async function confirmWatcher(db: DbOrTx, id: string) {
  await db
    .update(productWatchers)
    .set({ confirmedAt: new Date() })
    .where(and(eq(productWatchers.id, id), isNull(productWatchers.confirmedAt)))
}

export async function deleteWatcher(db: DbOrTx, id: string) {
  await db.delete(productWatchers).where(eq(productWatchers.id, id))
}

/** A product's pictures as stored (any order). */
export async function imageRows(db: DbOrTx, productId: string) {
  return db
    .select({ id: productImages.id, alt: productImages.alt, position: productImages.position })
    .from(productImages)
    .where(eq(productImages.productId, productId))
}

export async function insertImage(db: DbOrTx, values: typeof productImages.$inferInsert): Promise<string> {
  const [row] = await db.insert(productImages).values(values).returning({ id: productImages.id })
  return row!.id
}

export async function updateImage(
  db: DbOrTx,
  productId: string,
  imageId: string,
  values: { position: number; alt: string },
) {
  await db
    .update(productImages)
    .set(values)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
}

/** Deletes a picture of a product, answering its file key and alt text (null when none). */
export async function deleteImage(db: DbOrTx, productId: string, imageId: string) {
  const [gone] = await db
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ key: productImages.key, alt: productImages.alt })
  return gone ?? null
}

// Stock (`stock.ts` holds the rules: order of the locks, all or nothing).

/**
 * Takes `quantity` from a product's counted stock when it has that many, in one conditional
 * update (racing callers cannot take it below zero); the stock left, or null when none was
 * taken (short of stock, or not counted).
 */
export async function decrementStock(db: DbOrTx, productId: string, quantity: number) {
  const [taken] = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ stock: products.stock })
  return taken ?? null
}

/** A product's stock (null: not counted), or undefined when there is no such product. */
export async function stockOf(db: DbOrTx, productId: string) {
  const [product] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
  return product
}

/** Puts `quantity` back on a product's counted stock; a stock not counted stays so. */
export async function incrementCountedStock(db: DbOrTx, productId: string, quantity: number) {
  await db
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), sql`${products.stock} is not null`))
}
