import { desc, eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { contactMessages, prayerRequests } from '../../db/schema'

// The contact form's, prayer requests' and inbox's data access (issue 30).

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

const tableOf = (kind: 'contact' | 'prayer') => (kind === 'contact' ? contactMessages : prayerRequests)

/** Who handled a message and when, the row locked until the caller's transaction ends. */
export async function lockHandling(db: DbOrTx, kind: 'contact' | 'prayer', id: string) {
  const table = tableOf(kind)
  const [row] = await db
    .select({ handledAt: table.handledAt, handledBy: table.handledBy })
    .from(table)
    .where(eq(table.id, id))
    .for('update')
  return row ?? null
}

export async function setHandling(
  db: DbOrTx,
  kind: 'contact' | 'prayer',
  id: string,
  values: { handledAt: Date | null; handledBy: string | null },
) {
  const table = tableOf(kind)
  await db.update(table).set(values).where(eq(table.id, id))
}
