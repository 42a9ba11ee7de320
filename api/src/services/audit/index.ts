import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema'

/** A database handle or an open transaction: record the audit entry in the same transaction as the change. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export type AuditEntry = {
  /** Who: the signed-in user who made the change (null for the system). */
  actorId: string | null
  /** What: a verb on an entity, e.g. `order.refunded`, `resource.published`. */
  action: string
  entity: string
  entityId: string | null
  /** The record as it was (null when created) and as it became (null when deleted). */
  before: unknown
  after: unknown
  /** Anything else worth keeping (the reason, the provider's reference). */
  data?: unknown
}

/**
 * Every admin write records one entry: who, what, when (the row's created_at), before and
 * after. Call it with the transaction that makes the change, so the two land together or
 * not at all. Values are stored as JSON (dates become ISO strings).
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: toJson(entry.before),
    after: toJson(entry.after),
    data: toJson(entry.data),
  })
}

/** The audit entries of one record, newest first. */
export async function auditTrail(db: Db, entity: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt))
}

function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null
  return JSON.parse(JSON.stringify(value))
}
