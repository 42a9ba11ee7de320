import { inArray } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { orderItems, products } from '../src/db/schema'

export type SeedLine = { orderId: string; productId: string; quantity: number; unitPriceCents: number }

/**
 * The lines of made-up orders (development seeds, the Insights' tests and benches): every
 * order a shop makes has its lines (issue 32), and the admin, the account and the Insights
 * read them, so a seeded order without one would show an empty order.
 */
export async function insertSeedLines(db: Db, lines: SeedLine[]) {
  if (!lines.length) return
  const ids = [...new Set(lines.map((l) => l.productId))]
  const names = new Map(
    (
      await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, ids))
    ).map((p) => [p.id, p.name]),
  )
  await db
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        ...l,
        position: 0,
        productName: names.get(l.productId) ?? 'A box',
        lineTotalCents: l.unitPriceCents * l.quantity,
      })),
    )
    .onConflictDoNothing()
}
