import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { paymentEvents } from '../../db/schema'

export type EventRecord = { provider: 'stripe'; eventId: string; type: string }

/**
 * Records a provider event; answers false when it was already processed (a replay), so the
 * caller can acknowledge it without doing anything. Processing is idempotent in any case:
 * two deliveries racing both reach fulfilment, and only one moves the order.
 */
export async function beginEvent(db: Db, event: EventRecord): Promise<boolean> {
  await db
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.eventId, type: event.type })
    .onConflictDoNothing()
  const [row] = await db
    .select({ processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)))
  return !row?.processedAt
}

export async function finishEvent(db: Db, event: EventRecord) {
  await db
    .update(paymentEvents)
    .set({ processedAt: new Date() })
    .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId)))
}
