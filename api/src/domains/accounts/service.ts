import { ADMIN_LIST_TEXT_LIMIT, type PuzzleContentUpdate, type UserRole } from '@lamplight/contracts'
import { and, asc, count, desc, eq, gte, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  orderHistory,
  orderItems,
  orders,
  products,
  puzzleContent,
  subscriptionPeriods,
  user,
  userProgress,
} from '../../db/schema'
import { conflict, forbidden } from '../../lib/errors'
import { clipped, containsPattern } from '../../lib/sql-text'
import { recordAudit } from '../../services/audit'

const TEXT = ADMIN_LIST_TEXT_LIMIT

type Page = { page: number; page_size: number }
const offsetOf = ({ page, page_size }: Page) => (page - 1) * page_size

/** The spec's customers tab: profiles newest first, searched by email or name, a page at a time. */
export async function listCustomers(db: Db, query: Page & { q?: string }) {
  const where = query.q
    ? or(
        sql`lower(${user.email}) like ${containsPattern(query.q)}`,
        sql`lower(${user.name}) like ${containsPattern(query.q)}`,
      )
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        email: clipped(user.email, TEXT),
        full_name: clipped(user.name, TEXT),
        role: user.role,
        email_verified: user.emailVerified,
        created_at: user.createdAt,
        // Written out: inside a subquery drizzle leaves column names unqualified.
        // Paid orders only: checkout attempts never paid (pending, failed, cancelled) are not orders.
        orders: sql<number>`(select count(*)::int from "orders" o where o."user_id" = "user"."id" and o."status" in ('paid', 'completed', 'refunded'))`,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(user).where(where),
  ])
  return { data: rows, total: total?.total ?? 0 }
}

/**
 * Changes a user's role (audited). The shop always keeps an admin: the last one is never
 * demoted (409), and an actor who is no longer an admin changes nothing (403). The admins'
 * rows are locked first, in id order, so two admins demoting each other at once are one after
 * the other (the second finds the first's change), never both, and never a deadlock.
 */
export async function setUserRole(db: Db, actorId: string, userId: string, role: UserRole) {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.role, 'admin'))
      .orderBy(asc(user.id))
      .for('update')
    if (!admins.some((admin) => admin.id === actorId)) throw forbidden('You are no longer an admin.')
    const [before] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(user.id, userId))
      .for('update')
    if (!before) return null
    // Setting the role a user already has changes nothing: no write, no audit entry to read past.
    if (before.role === role) return { ...before, previousRole: before.role }
    if (before.role === 'admin' && admins.length <= 1)
      throw conflict(`${before.email} is the only admin. Make someone else an admin first.`)
    const [updated] = await tx
      .update(user)
      .set({ role, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id, email: user.email, role: user.role })
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

/**
 * The dashboard's cards. Revenue counts completed and paid orders created this calendar month
 * (UTC) and the subscriptions' months paid this month (issue 34: a subscription's shipment
 * order is 0, its payment is the period's).
 */
export async function summary(db: Db) {
  const monthStart = new Date()
  monthStart.setUTCDate(1)
  monthStart.setUTCHours(0, 0, 0, 0)
  const [[customers], [completed], [revenue], [players], [subscriptionRevenue]] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'completed')),
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)::bigint` })
      .from(orders)
      .where(
        and(or(eq(orders.status, 'completed'), eq(orders.status, 'paid')), gte(orders.createdAt, monthStart)),
      ),
    db.select({ n: count() }).from(userProgress).where(isNull(userProgress.completedAt)),
    db
      .select({ cents: sql<number>`coalesce(sum(${subscriptionPeriods.amountCents}), 0)::bigint` })
      .from(subscriptionPeriods)
      .where(gte(subscriptionPeriods.createdAt, monthStart)),
  ])
  return {
    customers: customers?.n ?? 0,
    completedOrders: completed?.n ?? 0,
    revenueThisMonthCents: Number(revenue?.cents ?? 0) + Number(subscriptionRevenue?.cents ?? 0),
    activePlayers: players?.n ?? 0,
  }
}

/** The spec's default for a grant: the product of the first puzzle content. */
async function firstPuzzleProduct(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ productId: puzzleContent.productId })
    .from(puzzleContent)
    .orderBy(asc(puzzleContent.stepNumber), asc(puzzleContent.createdAt))
    .limit(1)
  return row?.productId ?? null
}

export type GrantResult =
  | { ok: true; order_id: string; product_id: string; created: boolean }
  | { ok: false; reason: 'no_user' | 'no_product' }

/**
 * Gives a customer a product: a completed order of 0 by provider `admin`. The partial
 * unique index (one completed order per user and product) makes a second grant, or a
 * grant to someone who bought it, change nothing, even when two arrive at once.
 */
export async function grantAccess(
  db: Db,
  actorId: string,
  userId: string,
  productId: string | undefined,
): Promise<GrantResult> {
  const [customer] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
  if (!customer) return { ok: false, reason: 'no_user' }
  const chosen = productId ?? (await firstPuzzleProduct(db))
  if (!chosen) return { ok: false, reason: 'no_product' }
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, chosen))
  if (!product) return { ok: false, reason: 'no_product' }

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(orders)
      .values({
        userId: customer.id,
        email: customer.email,
        customerName: customer.name.slice(0, TEXT) || null,
        productId: product.id,
        amountCents: 0,
        status: 'completed',
        provider: 'admin',
        paidAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: orders.id })
    if (created) {
      // A grant is an order of one line at 0, like every order (issue 32).
      const [named] = await tx
        .select({ name: products.name })
        .from(products)
        .where(eq(products.id, product.id))
      await tx.insert(orderItems).values({
        orderId: created.id,
        productId: product.id,
        productName: named?.name ?? '',
        quantity: 1,
        unitPriceCents: 0,
        lineTotalCents: 0,
      })
      await tx.insert(orderHistory).values({
        orderId: created.id,
        event: 'granted',
        toStatus: 'completed',
        note: 'Access granted by an admin',
        actorId,
      })
      await recordAudit(tx, {
        actorId,
        action: 'order.access_granted',
        entity: 'order',
        entityId: created.id,
        before: null,
        after: { userId: customer.id, productId: product.id, amountCents: 0, status: 'completed' },
      })
      return { ok: true as const, order_id: created.id, product_id: product.id, created: true }
    }
    const [existing] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.userId, customer.id), eq(orders.productId, product.id), eq(orders.status, 'completed')),
      )
    return { ok: true as const, order_id: existing?.id ?? '', product_id: product.id, created: false }
  })
}

const puzzleColumns = {
  id: puzzleContent.id,
  product_id: puzzleContent.productId,
  product_name: products.name,
  step_number: puzzleContent.stepNumber,
  title: puzzleContent.title,
  content: puzzleContent.content,
  hint: puzzleContent.hint,
  answer: puzzleContent.answer,
  unlock_message: puzzleContent.unlockMessage,
  is_active: puzzleContent.isActive,
}

export async function listPuzzleContent(db: Db) {
  return db
    .select(puzzleColumns)
    .from(puzzleContent)
    .innerJoin(products, eq(products.id, puzzleContent.productId))
    .orderBy(asc(products.name), asc(puzzleContent.stepNumber))
}

async function puzzleStep(db: Db, id: string) {
  const [row] = await db
    .select(puzzleColumns)
    .from(puzzleContent)
    .innerJoin(products, eq(products.id, puzzleContent.productId))
    .where(eq(puzzleContent.id, id))
  return row ?? null
}

type PuzzleUpdate = {
  [K in keyof PuzzleContentUpdate]-?: Exclude<PuzzleContentUpdate[K], undefined>
}

export async function updatePuzzleContent(db: Db, actorId: string, id: string, values: PuzzleUpdate) {
  const before = await puzzleStep(db, id)
  if (!before) return null
  await db.transaction(async (tx) => {
    await tx
      .update(puzzleContent)
      .set({
        title: values.title,
        content: values.content,
        hint: values.hint,
        answer: values.answer,
        unlockMessage: values.unlock_message,
        isActive: values.is_active,
        updatedAt: new Date(),
      })
      .where(eq(puzzleContent.id, id))
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

/** The spec's User Progress: with customer and product, newest activity first. */
export async function listProgress(db: Db, query: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        user_id: userProgress.userId,
        customer_email: clipped(user.email, TEXT),
        customer_name: clipped(user.name, TEXT),
        product_id: userProgress.productId,
        product_name: products.name,
        current_step: userProgress.currentStep,
        completed_steps: userProgress.completedSteps,
        last_activity: userProgress.lastActivity,
        completed_at: userProgress.completedAt,
      })
      .from(userProgress)
      .innerJoin(products, eq(products.id, userProgress.productId))
      .leftJoin(user, eq(user.id, userProgress.userId))
      .orderBy(desc(userProgress.lastActivity), asc(userProgress.userId))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(userProgress),
  ])
  return { data: rows, total: total?.total ?? 0 }
}

/**
 * Starts a player's puzzle again: their progress record on the product goes (the next visit
 * makes a new one at step 1), with what it was in the audit log. False when there was none.
 */
export async function resetProgress(db: Db, actorId: string, userId: string, productId: string) {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userProgress)
      .where(and(eq(userProgress.userId, userId), eq(userProgress.productId, productId)))
      .returning({
        currentStep: userProgress.currentStep,
        completedSteps: userProgress.completedSteps,
        completedAt: userProgress.completedAt,
        lastActivity: userProgress.lastActivity,
      })
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
