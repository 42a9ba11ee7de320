import { eq } from 'drizzle-orm'
import { subscriptions, user } from '../../db/schema'
import type { Tx } from './apply'

/**
 * Holds one subscription for a change, in the order `applySubscription` takes its locks (the
 * user's row, then the subscription's), so a webhook and a renewal for one subscriber queue
 * rather than deadlock (an order's foreign key to the user also waits on the user's row).
 */
export async function lockSubscription(tx: Tx, where: ReturnType<typeof eq>) {
  const [found] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(where)
  if (!found) return null
  await tx.select({ id: user.id }).from(user).where(eq(user.id, found.userId)).for('update')
  const [row] = await tx.select().from(subscriptions).where(where).for('update')
  return row ?? null
}

export async function ownerOf(tx: Tx, userId: string) {
  const [owner] = await tx
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
  return owner!
}
