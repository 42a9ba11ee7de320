import { ADMIN_LIST_TEXT_LIMIT } from '@lamplight/contracts'
import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog, user } from '../../db/schema'
import { clipped } from '../../lib/sql-text'

const TEXT = ADMIN_LIST_TEXT_LIMIT

/** The audit log, newest first, a page at a time (the created_at index serves the order). */
export async function listAudit(db: Db, query: { entity?: string; page: number; page_size: number }) {
  const where = query.entity ? eq(auditLog.entity, query.entity) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        created_at: auditLog.createdAt,
        actor_id: auditLog.actorId,
        actor_email: clipped(user.email, TEXT),
        actor_name: clipped(user.name, TEXT),
        action: auditLog.action,
        entity: auditLog.entity,
        entity_id: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        data: auditLog.data,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(auditLog).where(where),
  ])
  return { data: rows, total: total?.total ?? 0 }
}
