import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type StockTaken = 'taken' | 'not-counted' | 'sold-out'

/**
 * Step "take stock" of fulfilling a paid order: one box leaves the counted stock, in the
 * caller's transaction (the order's move to paid), so the two commit together or not at all.
 * One conditional update: however many payments race for the last box, the database lets
 * exactly one decrement through and the stock never goes below zero (the check constraint
 * is the last net). A product whose stock is not counted (null) always has one.
 */
export async function takeStock(tx: Tx, productId: string): Promise<StockTaken> {
  const [taken] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - 1`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), gt(products.stock, 0)))
    .returning({ stock: products.stock })
  if (taken) return 'taken'
  const [product] = await tx
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
  return product && product.stock === null ? 'not-counted' : 'sold-out'
}

/** Whether a box can be sold now, asked before payment (the payment itself is the final word: `takeStock`). */
export const hasStock = (p: { stock: number | null }) => p.stock === null || p.stock > 0
