import { ADMIN_LIST_TEXT_LIMIT } from '@lamplight/contracts'
import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import {
  orderHistory,
  orderItems,
  orders,
  products,
  puzzleContent,
  user,
  userProgress,
} from '../../db/schema'
import { clipped, containsPattern } from '../../lib/sql-text'

// The admin accounts screens' data access (issue 30; see the README's "How we build").

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

/** The admins, in id order, their rows locked until the caller's transaction ends. */
export async function lockAdmins(db: DbOrTx) {
  return db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.id))
    .for('update')
}

/** A user's email and role, the row locked until the caller's transaction ends. */
export async function lockUserRole(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, userId))
    .for('update')
  return row ?? null
}

export async function updateUserRole(db: DbOrTx, userId: string, role: (typeof user.$inferSelect)['role']) {
  const [row] = await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id, email: user.email, role: user.role })
  return row ?? null
}

/** The dashboard's counts (its revenue is the subscriptions domain's `revenueSince`). */
export async function summaryCounts(db: Db) {
  const [[customers], [completed], [players]] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'completed')),
    db.select({ n: count() }).from(userProgress).where(isNull(userProgress.completedAt)),
  ])
  return {
    customers: customers?.n ?? 0,
    completedOrders: completed?.n ?? 0,
    activePlayers: players?.n ?? 0,
  }
}

/** The spec's default for a grant: the product of the first puzzle content. */
export async function firstPuzzleProduct(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ productId: puzzleContent.productId })
    .from(puzzleContent)
    .orderBy(asc(puzzleContent.stepNumber), asc(puzzleContent.createdAt))
    .limit(1)
  return row?.productId ?? null
}

export async function findCustomer(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
  return row ?? null
}

export async function findProductId(db: DbOrTx, productId: string) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId))
  return row?.id ?? null
}

export async function productNameOf(db: DbOrTx, productId: string) {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId))
  return row?.name ?? null
}

/**
 * A completed order of 0 by provider `admin`; null when the partial unique index (one
 * completed order per user and product) says there is one already.
 */
export async function insertGrantOrder(
  db: DbOrTx,
  customer: { id: string; email: string; name: string },
  productId: string,
) {
  const [created] = await db
    .insert(orders)
    .values({
      userId: customer.id,
      email: customer.email,
      customerName: customer.name.slice(0, TEXT) || null,
      productId,
      amountCents: 0,
      status: 'completed',
      provider: 'admin',
      paidAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: orders.id })
  return created?.id ?? null
}

/** A grant's one line at 0, like every order (issue 32), and its history entry. */
export async function insertGrantLine(
  db: DbOrTx,
  orderId: string,
  product: { id: string; name: string },
  actorId: string,
) {
  await db.insert(orderItems).values({
    orderId,
    productId: product.id,
    productName: product.name,
    quantity: 1,
    unitPriceCents: 0,
    lineTotalCents: 0,
  })
  await db.insert(orderHistory).values({
    orderId,
    event: 'granted',
    toStatus: 'completed',
    note: 'Access granted by an admin',
    actorId,
  })
}

export async function findCompletedOrderId(db: DbOrTx, userId: string, productId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.productId, productId), eq(orders.status, 'completed')))
  return row?.id ?? null
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

export async function puzzleStep(db: DbOrTx, id: string) {
  const [row] = await db
    .select(puzzleColumns)
    .from(puzzleContent)
    .innerJoin(products, eq(products.id, puzzleContent.productId))
    .where(eq(puzzleContent.id, id))
  return row ?? null
}

export async function updatePuzzleStep(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      typeof puzzleContent.$inferInsert,
      'title' | 'content' | 'hint' | 'answer' | 'unlockMessage' | 'isActive'
    >
  >,
) {
  await db
    .update(puzzleContent)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(puzzleContent.id, id))
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

/** Deletes a player's progress on a product, answering what it held (null when none). */
export async function deleteProgress(db: DbOrTx, userId: string, productId: string) {
  const [removed] = await db
    .delete(userProgress)
    .where(and(eq(userProgress.userId, userId), eq(userProgress.productId, productId)))
    .returning({
      currentStep: userProgress.currentStep,
      completedSteps: userProgress.completedSteps,
      completedAt: userProgress.completedAt,
      lastActivity: userProgress.lastActivity,
    })
  return removed ?? null
}
