import type { Db } from '../../db/client'
import { decrementStock, incrementCountedStock, stockOf } from './queries'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type StockTaken = 'taken' | 'not-counted' | 'sold-out'

/**
 * Step "take stock" of fulfilling a paid order: one box leaves the counted stock, in the
 * caller's transaction (the order's move to paid), so the two commit together or not at all.
 * One conditional update: however many payments race for the last box, the database lets
 * exactly one decrement through and the stock never goes below zero (the check constraint
 * is the last net). A product whose stock is not counted (null) always has one.
 */
export async function takeStock(tx: Tx, productId: string, quantity = 1): Promise<StockTaken> {
  if (await decrementStock(tx, productId, quantity)) return 'taken'
  const product = await stockOf(tx, productId)
  return product && product.stock === null ? 'not-counted' : 'sold-out'
}

class ShortOfStock extends Error {}

/**
 * Takes the stock of every line of an order, all or nothing: in a savepoint of the caller's
 * transaction, so a line short of stock undoes the lines taken before it and the order is
 * refunded whole (issue 32). Products are updated in id order, so two orders sharing boxes
 * lock them in the same order and never deadlock. 'taken' when any counted stock moved.
 */
export async function takeStockOfLines(
  tx: Tx,
  lines: { productId: string; quantity: number }[],
): Promise<StockTaken> {
  const sorted = [...lines].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
  )
  try {
    return await tx.transaction(async (sp) => {
      let moved = false
      for (const line of sorted) {
        const taken = await takeStock(sp as unknown as Tx, line.productId, line.quantity)
        if (taken === 'sold-out') throw new ShortOfStock()
        moved ||= taken === 'taken'
      }
      return moved ? 'taken' : 'not-counted'
    })
  } catch (err) {
    if (err instanceof ShortOfStock) return 'sold-out'
    throw err
  }
}

/** Whether a box can be sold now, asked before payment (the payment itself is the final word: `takeStock`). */
export const hasStock = (p: { stock: number | null }) => p.stock === null || p.stock > 0

/**
 * Returned boxes back on the shelf (a refund with restock, issue 35): counted stock grows by
 * the quantity; a product whose stock is not counted stays so. In the caller's transaction.
 */
export async function returnStock(tx: Tx, lines: { productId: string; quantity: number }[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1)))
    await incrementCountedStock(tx, line.productId, line.quantity)
}
