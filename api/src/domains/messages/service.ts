import type { Db } from '../../db/client'
import { recordAudit } from '../../services/audit'
import { lockHandling, setHandling } from './queries'

// A submission is one insert with no rule around it (the route validates and rate-limits):
// the service hands it on.
export { insertContactMessage, insertPrayerRequest } from './queries'

/** Marks a message handled (or not again), recording who did it. */
export async function markHandled(
  db: Db,
  actorId: string,
  kind: 'contact' | 'prayer',
  id: string,
  handled: boolean,
): Promise<{ id: string; handled_at: Date | null } | null> {
  return db.transaction(async (tx) => {
    const before = await lockHandling(tx, kind, id)
    if (!before) return null
    if (Boolean(before.handledAt) === handled) return { id, handled_at: before.handledAt }
    const handledAt = handled ? new Date() : null
    await setHandling(tx, kind, id, { handledAt, handledBy: handled ? actorId : null })
    await recordAudit(tx, {
      actorId,
      action: handled ? 'message.handled' : 'message.reopened',
      entity: kind === 'contact' ? 'contact_message' : 'prayer_request',
      entityId: id,
      before,
      after: { handledAt, handledBy: handled ? actorId : null },
    })
    return { id, handled_at: handledAt }
  })
}
