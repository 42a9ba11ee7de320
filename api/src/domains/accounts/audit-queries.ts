import { ADMIN_LIST_TEXT_LIMIT, orderNumber } from '@lamplight/contracts'
import { count, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  auditLog,
  contactMessages,
  orders,
  prayerRequests,
  products,
  puzzleContent,
  resources,
  user,
} from '../../db/schema'
import { clipped } from '../../lib/sql-text'

const TEXT = ADMIN_LIST_TEXT_LIMIT
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

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
  const subjects = await describeSubjects(db, rows)
  return {
    data: rows.map((row) => {
      const subject = row.entity_id ? subjects.get(`${row.entity}:${row.entity_id}`) : undefined
      return { ...row, subject: subject?.label ?? null, subject_href: subject?.href ?? null }
    }),
    total: total?.total ?? 0,
  }
}

type Subject = { label: string; href: string | null }

/**
 * What each entry is about, in the words an owner knows (the order number the buyer was
 * shown, the resource's title, the account's name and email) instead of its id, and where
 * the console shows it. One small query per kind of record on the page, by primary key; a
 * record since deleted has no subject (the entry keeps its id and its before and after).
 */
async function describeSubjects(
  db: Db,
  rows: { entity: string; entity_id: string | null }[],
): Promise<Map<string, Subject>> {
  const ids = (entity: string) => [
    ...new Set(rows.filter((r) => r.entity === entity && r.entity_id).map((r) => r.entity_id as string)),
  ]
  const uuids = (entity: string) => ids(entity).filter((id) => UUID.test(id))
  // user_progress is `<user id>:<product id>`: the player and the box.
  const progress = ids('user_progress').map((id) => {
    const at = id.lastIndexOf(':')
    return { id, userId: id.slice(0, at), productId: id.slice(at + 1) }
  })
  const userIds = [...new Set([...ids('user'), ...ids('scroll_progress'), ...progress.map((p) => p.userId)])]
  const productIds = [...new Set(progress.map((p) => p.productId).filter((id) => UUID.test(id)))]
  const none = Promise.resolve([])

  const [orderRows, resourceRows, userRows, productRows, stepRows, contactRows, prayerRows] =
    await Promise.all([
      uuids('order').length
        ? db
            .select({
              id: orders.id,
              session: orders.providerSessionId,
              product: clipped(products.name, TEXT),
            })
            .from(orders)
            .innerJoin(products, eq(products.id, orders.productId))
            .where(inArray(orders.id, uuids('order')))
        : none,
      uuids('resource').length
        ? db
            .select({ id: resources.id, title: clipped(resources.title, TEXT) })
            .from(resources)
            .where(inArray(resources.id, uuids('resource')))
        : none,
      userIds.length
        ? db
            .select({ id: user.id, name: clipped(user.name, TEXT), email: clipped(user.email, TEXT) })
            .from(user)
            .where(inArray(user.id, userIds))
        : none,
      productIds.length
        ? db
            .select({ id: products.id, name: clipped(products.name, TEXT) })
            .from(products)
            .where(inArray(products.id, productIds))
        : none,
      uuids('puzzle_content').length
        ? db
            .select({
              id: puzzleContent.id,
              step: puzzleContent.stepNumber,
              title: clipped(puzzleContent.title, TEXT),
            })
            .from(puzzleContent)
            .where(inArray(puzzleContent.id, uuids('puzzle_content')))
        : none,
      uuids('contact_message').length
        ? db
            .select({
              id: contactMessages.id,
              name: clipped(contactMessages.name, TEXT),
              subject: clipped(contactMessages.subject, TEXT),
            })
            .from(contactMessages)
            .where(inArray(contactMessages.id, uuids('contact_message')))
        : none,
      uuids('prayer_request').length
        ? db
            .select({ id: prayerRequests.id, name: clipped(prayerRequests.name, TEXT) })
            .from(prayerRequests)
            .where(inArray(prayerRequests.id, uuids('prayer_request')))
        : none,
    ])

  const subjects = new Map<string, Subject>()
  const person = (u: { name: string | null; email: string }) => (u.name ? `${u.name} (${u.email})` : u.email)
  const users = new Map(userRows.map((u) => [u.id, u]))
  for (const o of orderRows)
    subjects.set(`order:${o.id}`, {
      label: `Order #${orderNumber(o.session, o.id)} · ${o.product}`,
      href: `/admin/orders/${o.id}`,
    })
  for (const r of resourceRows)
    subjects.set(`resource:${r.id}`, { label: r.title, href: `/admin/resources/${r.id}/edit` })
  for (const u of userRows) {
    subjects.set(`user:${u.id}`, { label: person(u), href: null })
    subjects.set(`scroll_progress:${u.id}`, { label: person(u), href: null })
  }
  const productNames = new Map(productRows.map((p) => [p.id, p.name]))
  for (const p of progress) {
    const player = users.get(p.userId)
    const box = productNames.get(p.productId)
    if (player || box)
      subjects.set(`user_progress:${p.id}`, {
        label: [player ? person(player) : 'A removed account', box].filter(Boolean).join(' · '),
        href: null,
      })
  }
  for (const s of stepRows)
    subjects.set(`puzzle_content:${s.id}`, { label: `Step ${s.step}: ${s.title}`, href: null })
  for (const m of contactRows)
    subjects.set(`contact_message:${m.id}`, { label: `“${m.subject}” from ${m.name}`, href: null })
  for (const remote of ids('remote'))
    subjects.set(`remote:${remote}`, { label: remote, href: '/admin/deployments' })
  for (const p of prayerRows)
    subjects.set(`prayer_request:${p.id}`, {
      label: `Prayer request from ${p.name ?? 'someone anonymous'}`,
      href: null,
    })
  return subjects
}
