import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, products } from '../../db/schema'

export async function findActiveProductBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      slug: products.slug,
      price: products.priceCents,
      image: products.imageUrl,
    })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isActive, true)))
    .limit(1)
  return row ?? null
}

/** Access to a product is a completed order of it for this user (an admin grant is one too). */
export async function hasCompletedOrder(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.productId, productId), eq(orders.status, 'completed')))
    .limit(1)
  return !!row
}
