import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, products } from '../../db/schema'

/** A product that can be bought now: active, with its database price. */
export async function findBuyableProduct(db: Db, slug: string) {
  const [row] = await db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents, slug: products.slug })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isActive, true)))
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
