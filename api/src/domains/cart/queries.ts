import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartItems, carts, productQuantityPrices, products } from '../../db/schema'

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export async function findUserCartId(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))
  return row?.id ?? null
}

/** A visitor's cart (no user): a signed id whose cart was merged or purged answers null. */
export async function findVisitorCartId(db: DbOrTx, cartId: string) {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), isNull(carts.userId)))
  return row?.id ?? null
}

/** The user's cart, made on first use; two first uses at once make one (the unique index). */
export async function ensureUserCart(db: DbOrTx, userId: string) {
  await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId, where: sql`${carts.userId} is not null` })
  return (await findUserCartId(db, userId))!
}

export async function createVisitorCart(db: DbOrTx) {
  const [row] = await db.insert(carts).values({}).returning({ id: carts.id })
  return row!.id
}

/** Moves a visitor's lines into the user's cart (quantities added, at most 99), then drops it. */
export async function mergeCartInto(db: DbOrTx, fromCartId: string, intoCartId: string) {
  await db.execute(sql`
    insert into cart_items (cart_id, product_id, quantity, added_at)
    select ${intoCartId}, product_id, quantity, added_at from cart_items where cart_id = ${fromCartId}
    on conflict (cart_id, product_id) do update set quantity = least(99, cart_items.quantity + excluded.quantity)`)
  await db.delete(carts).where(eq(carts.id, fromCartId))
}

export async function findLine(db: DbOrTx, cartId: string, productId: string) {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
  return row ?? null
}

export async function upsertLine(db: DbOrTx, cartId: string, productId: string, quantity: number) {
  await db
    .insert(cartItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.productId], set: { quantity } })
  await touchCart(db, cartId)
}

export async function deleteLine(db: DbOrTx, cartId: string, productId: string) {
  const gone = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId })
  await touchCart(db, cartId)
  return gone.length > 0
}

export async function deleteLines(db: DbOrTx, cartId: string, productIds: string[]) {
  if (!productIds.length) return
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, productIds)))
}

const touchCart = (db: DbOrTx, cartId: string) =>
  db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId))

/** The lines of a cart, in the order they were added. */
export async function listLines(db: DbOrTx, cartId: string) {
  return db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId))
}

/** What pricing needs of products: live price, status, stock, first picture. */
export async function findPricedProducts(db: DbOrTx, where: { ids: string[] } | { slugs: string[] }) {
  const filter =
    'ids' in where
      ? inArray(products.id, where.ids.length ? where.ids : ['00000000-0000-0000-0000-000000000000'])
      : inArray(products.slug, where.slugs.length ? where.slugs : [''])
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      priceCents: products.priceCents,
      status: products.status,
      stock: products.stock,
      imageUrl: products.imageUrl,
      // Written out with its table names: drizzle leaves the columns of a subquery unqualified,
      // and "id" then meant the picture's own id, so no cart line ever found its picture.
      imageId: sql<string | null>`(select pi.id from product_images pi
        where pi.product_id = products.id order by pi.position, pi.id limit 1)`,
    })
    .from(products)
    .where(filter)
  const tiers = rows.length
    ? await db
        .select()
        .from(productQuantityPrices)
        .where(
          inArray(
            productQuantityPrices.productId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(productQuantityPrices.minQuantity))
    : []
  return rows.map((r) => ({
    ...r,
    tiers: tiers
      .filter((t) => t.productId === r.id)
      .map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: t.unitPriceCents })),
  }))
}

export async function listQuantityPrices(db: DbOrTx, productId: string) {
  return db
    .select({
      minQuantity: productQuantityPrices.minQuantity,
      unitPriceCents: productQuantityPrices.unitPriceCents,
    })
    .from(productQuantityPrices)
    .where(eq(productQuantityPrices.productId, productId))
    .orderBy(asc(productQuantityPrices.minQuantity))
}

export async function replaceQuantityPrices(
  db: DbOrTx,
  productId: string,
  tiers: { minQuantity: number; unitPriceCents: number }[],
) {
  await db.delete(productQuantityPrices).where(eq(productQuantityPrices.productId, productId))
  if (tiers.length) await db.insert(productQuantityPrices).values(tiers.map((t) => ({ ...t, productId })))
}

export async function findProductPrice(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId))
  return row ?? null
}

/** Visitors' carts untouched for `days`: forgotten (a user's cart stays). */
export async function purgeVisitorCarts(db: DbOrTx, days: number) {
  const gone = await db
    .delete(carts)
    .where(and(isNull(carts.userId), sql`${carts.updatedAt} < now() - make_interval(days => ${days})`))
    .returning({ id: carts.id })
  return gone.length
}
