import type { PuzzleContentUpdate, UserRole } from '@lamplight/contracts'
import type { Db } from '../../db/client'
import { conflict, forbidden } from '../../lib/errors'
import { recordAudit } from '../../services/audit'
import { revenueSince } from '../subscriptions/service'
import {
  deleteProgress,
  findCompletedOrderId,
  findCustomer,
  findProductId,
  firstPuzzleProduct,
  insertGrantLine,
  insertGrantOrder,
  lockAdmins,
  lockUserRole,
  productNameOf,
  puzzleStep,
  summaryCounts,
  updatePuzzleStep,
  updateUserRole,
} from './queries'

/**
 * Changes a user's role (audited). The shop always keeps an admin: the last one is never
 * demoted (409), and an actor who is no longer an admin changes nothing (403). The admins'
 * rows are locked first, in id order, so two admins demoting each other at once are one after
 * the other (the second finds the first's change), never both, and never a deadlock.
 */
export async function setUserRole(db: Db, actorId: string, userId: string, role: UserRole) {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx)
    if (!admins.some((admin) => admin.id === actorId)) throw forbidden('You are no longer an admin.')
    const before = await lockUserRole(tx, userId)
    if (!before) return null
    // Setting the role a user already has changes nothing: no write, no audit entry to read past.
    if (before.role === role) return { ...before, previousRole: before.role }
    if (before.role === 'admin' && admins.length <= 1)
      throw conflict(`${before.email} is the only admin. Make someone else an admin first.`)
    const updated = await updateUserRole(tx, userId, role)
    await recordAudit(tx, {
      actorId,
      action: 'user.role_changed',
      entity: 'user',
      entityId: userId,
      before: { role: before.role },
      after: { role },
    })
    return updated ? { ...updated, previousRole: before.role } : null
  })
}

export type GrantResult =
  | { ok: true; order_id: string; product_id: string; created: boolean }
  | { ok: false; reason: 'no_user' | 'no_product' }

/**
 * Gives a customer a product: a completed order of 0 by provider `admin`. The partial
 * unique index (one completed order per user and product) makes a second grant, or a
 * grant to someone who bought it, change nothing, even when two arrive at once.
 * The spec's default product is the one of the first puzzle content.
 */
export async function grantAccess(
  db: Db,
  actorId: string,
  userId: string,
  productId: string | undefined,
): Promise<GrantResult> {
  const customer = await findCustomer(db, userId)
  if (!customer) return { ok: false, reason: 'no_user' }
  const chosen = productId ?? (await firstPuzzleProduct(db))
  if (!chosen) return { ok: false, reason: 'no_product' }
  const product = await findProductId(db, chosen)
  if (!product) return { ok: false, reason: 'no_product' }

  return db.transaction(async (tx) => {
    const created = await insertGrantOrder(tx, customer, product)
    if (created) {
      // A grant is an order of one line at 0, like every order (issue 32).
      const name = await productNameOf(tx, product)
      await insertGrantLine(tx, created, { id: product, name: name ?? '' }, actorId)
      await recordAudit(tx, {
        actorId,
        action: 'order.access_granted',
        entity: 'order',
        entityId: created,
        before: null,
        after: { userId: customer.id, productId: product, amountCents: 0, status: 'completed' },
      })
      return { ok: true as const, order_id: created, product_id: product, created: true }
    }
    const existing = await findCompletedOrderId(tx, customer.id, product)
    return { ok: true as const, order_id: existing ?? '', product_id: product, created: false }
  })
}

type PuzzleUpdate = {
  [K in keyof PuzzleContentUpdate]-?: Exclude<PuzzleContentUpdate[K], undefined>
}

export async function updatePuzzleContent(db: Db, actorId: string, id: string, values: PuzzleUpdate) {
  const before = await puzzleStep(db, id)
  if (!before) return null
  await db.transaction(async (tx) => {
    await updatePuzzleStep(tx, id, {
      title: values.title,
      content: values.content,
      hint: values.hint,
      answer: values.answer,
      unlockMessage: values.unlock_message,
      isActive: values.is_active,
    })
    const { product_name: _name, ...after } = { ...before, ...values }
    const { product_name: _before, ...was } = before
    await recordAudit(tx, {
      actorId,
      action: 'puzzle_content.updated',
      entity: 'puzzle_content',
      entityId: id,
      before: was,
      after,
    })
  })
  return puzzleStep(db, id)
}

/**
 * Starts a player's puzzle again: their progress record on the product goes (the next visit
 * makes a new one at step 1), with what it was in the audit log. False when there was none.
 */
export async function resetProgress(db: Db, actorId: string, userId: string, productId: string) {
  return db.transaction(async (tx) => {
    const removed = await deleteProgress(tx, userId, productId)
    if (!removed) return false
    await recordAudit(tx, {
      actorId,
      action: 'user_progress.reset',
      entity: 'user_progress',
      entityId: `${userId}:${productId}`,
      before: removed,
      after: null,
      data: { userId, productId },
    })
    return true
  })
}

/**
 * The dashboard's cards. Revenue is what the shop took this calendar month (UTC): orders,
 * subscription months and gifts, the same sum as the subscribers' figures.
 */
export async function dashboardSummary(db: Db) {
  const monthStart = new Date()
  monthStart.setUTCDate(1)
  monthStart.setUTCHours(0, 0, 0, 0)
  const [counts, revenue] = await Promise.all([summaryCounts(db), revenueSince(db, monthStart)])
  return { ...counts, revenueThisMonthCents: revenue.total }
}
