import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { contactMessages, prayerRequests } from '../../db/schema'
import { recordAudit } from '../../services/audit'

export type NewContactMessage = {
  name: string
  email: string
  subject: string
  message: string
  userId: string | null
}

export type NewPrayerRequest = {
  name: string | null
  email: string | null
  request: string
  userId: string | null
}

export async function insertContactMessage(db: Db, values: NewContactMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values(values)
    .returning({ id: contactMessages.id, created_at: contactMessages.createdAt })
  return row!
}

export async function insertPrayerRequest(db: Db, values: NewPrayerRequest) {
  const [row] = await db
    .insert(prayerRequests)
    .values(values)
    .returning({ id: prayerRequests.id, created_at: prayerRequests.createdAt })
  return row!
}

export type InboxItem =
  | {
      kind: 'contact'
      id: string
      name: string
      email: string
      subject: string
      message: string
      user_id: string | null
      created_at: Date
      handled_at: Date | null
    }
  | {
      kind: 'prayer'
      id: string
      name: string | null
      email: string | null
      subject: null
      request: string
      user_id: string | null
      created_at: Date
      handled_at: Date | null
    }

/** How many of the newest messages the admin inbox lists. */
export const INBOX_LIMIT = 500

/** Contact messages and prayer requests together, newest first. */
export async function listInbox(db: Db, limit = INBOX_LIMIT): Promise<InboxItem[]> {
  const [contacts, prayers] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        user_id: contactMessages.userId,
        created_at: contactMessages.createdAt,
        handled_at: contactMessages.handledAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit),
    db
      .select({
        id: prayerRequests.id,
        name: prayerRequests.name,
        email: prayerRequests.email,
        request: prayerRequests.request,
        user_id: prayerRequests.userId,
        created_at: prayerRequests.createdAt,
        handled_at: prayerRequests.handledAt,
      })
      .from(prayerRequests)
      .orderBy(desc(prayerRequests.createdAt), desc(prayerRequests.id))
      .limit(limit),
  ])
  const items: InboxItem[] = [
    ...contacts.map((row) => ({ kind: 'contact' as const, ...row })),
    ...prayers.map((row) => ({ kind: 'prayer' as const, subject: null, ...row })),
  ]
  items.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
  return items.slice(0, limit)
}

/** Marks a message handled (or not again), recording who did it. */
export async function markHandled(
  db: Db,
  actorId: string,
  kind: 'contact' | 'prayer',
  id: string,
  handled: boolean,
): Promise<{ id: string; handled_at: Date | null } | null> {
  const table = kind === 'contact' ? contactMessages : prayerRequests
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ handledAt: table.handledAt, handledBy: table.handledBy })
      .from(table)
      .where(eq(table.id, id))
      .for('update')
    if (!before) return null
    if (Boolean(before.handledAt) === handled) return { id, handled_at: before.handledAt }
    const handledAt = handled ? new Date() : null
    await tx
      .update(table)
      .set({ handledAt, handledBy: handled ? actorId : null })
      .where(eq(table.id, id))
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
