import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'

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
