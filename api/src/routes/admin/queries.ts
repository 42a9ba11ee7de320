import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog, user } from '../../db/schema'
import type { UserRole } from '../../types'

/** The spec's customers tab: every profile, newest first, with its role. */
export async function listCustomers(db: Db) {
  return db
    .select({
      id: user.id,
      email: user.email,
      full_name: user.name,
      role: user.role,
      email_verified: user.emailVerified,
      created_at: user.createdAt,
    })
    .from(user)
    .orderBy(desc(user.createdAt), desc(user.id))
}

export async function setUserRole(db: Db, actorId: string, userId: string, role: UserRole) {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({ role, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id, email: user.email, role: user.role })
    if (updated) {
      await tx
        .insert(auditLog)
        .values({ actorId, action: 'user.role_changed', entity: 'user', entityId: userId, data: { role } })
    }
    return updated ?? null
  })
}
