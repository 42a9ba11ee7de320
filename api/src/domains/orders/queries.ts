import { createHash } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderItems, orders } from '../../db/schema'

/** What the test-mode payment page shows of a session. */
export async function findTestSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      status: orders.status,
      amountCents: orders.amountCents,
      shippingCents: orders.shippingCents,
      email: orders.email,
      provider: orders.provider,
    })
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId))
  if (row?.provider !== 'test') return null
  const lines = await db
    .select({ name: orderItems.productName, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.providerSessionId, sessionId))
    .orderBy(orderItems.position)
  // "The Scroll of Antioch", or "3 × The Scroll of Antioch, 1 × Pilgrim's Cipher".
  const product =
    lines.length === 1 && lines[0]!.quantity === 1
      ? lines[0]!.name
      : lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')
  return { ...row, product }
}

/** The client address as stored on an order: hashed, never the address itself. */
export const addressHash = (ip: string | undefined) =>
  createHash('sha256')
    .update(`checkout-address\n${ip ?? 'unknown'}`)
    .digest('base64url')
    .slice(0, 22)

/** Unpaid checkouts one address started in the last `minutes` (decision 053). */
export async function countPendingFrom(db: Db, checkoutAddress: string, minutes: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.checkoutAddress, checkoutAddress),
        eq(orders.status, 'pending'),
        gt(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
  return row?.n ?? 0
}

/**
 * The shipping address of a user's last paid order (their own, not a guest order of their
 * email), offered at their next checkout; null when they have none. Only the address: the
 * email is the account's.
 */
export async function lastShippingAddressOf(db: Db, userId: string) {
  const [row] = await db
    .select({ address: orders.shippingAddress })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, ['paid', 'completed']),
        isNotNull(orders.shippingAddress),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  const a = row?.address
  if (!a || (a.country !== 'US' && a.country !== 'CA')) return null
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    address: a.address,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    country: a.country as 'US' | 'CA',
  }
}
