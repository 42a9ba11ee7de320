import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, products } from '../../db/schema'

/** A product that is sold (on sale or sold out), with its database price and stock. */
export async function findBuyableProduct(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      slug: products.slug,
      status: products.status,
      stock: products.stock,
    })
    .from(products)
    .where(and(eq(products.slug, slug), inArray(products.status, ['on_sale', 'sold_out'])))
  return row ?? null
}

/** What the test-mode payment page shows of a session. */
export async function findTestSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      status: orders.status,
      amountCents: orders.amountCents,
      email: orders.email,
      product: products.name,
      provider: orders.provider,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.providerSessionId, sessionId))
  return row?.provider === 'test' ? row : null
}
