import type { SessionUser } from '@lamplight/contracts'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderItems, orders, products } from '../../db/schema'

/**
 * Who owns a product: the one rule the catalogue (sales page), the puzzles and the admin
 * grant all read. Access is a paid order with the product among its lines for this user (an
 * admin grant is a completed order of 0); admins own every product (spec, section 6).
 * "Paid" counts as well as "completed": an order whose first box the buyer already owned is
 * `paid` (at most one `completed` per user and first product), and its other boxes are theirs
 * too (issue 32). A refunded order gives nothing.
 */
export async function hasPaidOrder(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, ['paid', 'completed']),
        // The order's first product, or any of its lines (an order of several boxes, issue 32).
        or(
          eq(orders.productId, productId),
          sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productId} = ${productId})`,
        ),
      ),
    )
    .limit(1)
  return !!row
}

export async function ownsProduct(
  db: Db,
  user: Pick<SessionUser, 'id' | 'role'> | null | undefined,
  productId: string,
): Promise<boolean> {
  if (!user) return false
  if (user.role === 'admin') return true
  return hasPaidOrder(db, user.id, productId)
}

/** A product by slug (active or not: a buyer keeps playing a box that is no longer sold). */
export async function findProductBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: products.id, slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.slug, slug))
    .limit(1)
  return row ?? null
}
