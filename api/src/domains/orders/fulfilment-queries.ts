import { type FulfilmentQueueEntry, type FulfilmentQueueQuerySchema, orderNumber } from '@lamplight/contracts'
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { orderItems, orders, products, shipmentItems, user } from '../../db/schema'

export type QueueQuery = z.output<typeof FulfilmentQueueQuerySchema>

/**
 * What is waiting to be shipped: paid (or completed) orders of real payments with something
 * left to ship. The same condition as the partial index `orders_fulfilment_queue_idx`, so the
 * queue is read from that index (its size is the queue's, whatever the shop's history).
 */
/*
 * Written as literals, never as bound parameters: the drivers prepare their statements, and
 * once PostgreSQL switches a prepared statement to its generic plan it cannot prove that
 * `status in ($1, $2)` implies the partial index's `status in ('paid', 'completed')`, and
 * reads the whole table instead (measured: 60-100 ms at 100 000 orders against 1 ms; decision 062).
 */
export const inQueue = sql`(${orders.status} in ('paid', 'completed') and ${orders.provider} <> 'admin' and ${orders.fulfilmentStatus} in ('unfulfilled', 'partially_shipped'))`

function queueWhere(query: QueueQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inQueue]
  if (query.product_id)
    conditions.push(
      sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.productId} = ${query.product_id})`,
    )
  if (query.country) conditions.push(sql`${orders.shippingAddress}->>'country' = ${query.country}`)
  if (query.month) {
    const start = new Date(`${query.month}-01T00:00:00Z`)
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
    conditions.push(gte(orders.createdAt, start), lt(orders.createdAt, end))
  }
  return and(...conditions)
}

/** What is left of each line of some orders: the quantity less what shipments took. */
async function linesLeft(db: Db, orderIds: string[]) {
  if (!orderIds.length) return []
  return db
    .select({
      order_id: orderItems.orderId,
      product_id: orderItems.productId,
      product_title: orderItems.productName,
      product_sku: products.sku,
      quantity: orderItems.quantity,
      remaining: sql<number>`(${orderItems.quantity} - coalesce((select sum(${shipmentItems.quantity}) from ${shipmentItems} where ${shipmentItems.orderItemId} = ${orderItems.id}), 0))::int`,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position))
}

const entryColumns = {
  order_id: orders.id,
  session_id: orders.providerSessionId,
  created_at: orders.createdAt,
  customer_name: sql<string | null>`coalesce(${orders.customerName}, ${user.name})`,
  customer_email: orders.email,
  fulfilment_status: orders.fulfilmentStatus,
  shipping_address: orders.shippingAddress,
}

type EntryRow = { order_id: string; session_id: string | null; created_at: Date } & Omit<
  FulfilmentQueueEntry,
  'order_number' | 'lines' | 'order_id' | 'created_at'
>

async function withLines(db: Db, rows: EntryRow[]): Promise<FulfilmentQueueEntry[]> {
  const lines = await linesLeft(
    db,
    rows.map((row) => row.order_id),
  )
  return rows.map(({ session_id, ...row }) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    order_number: orderNumber(session_id, row.order_id),
    lines: lines
      .filter((line) => line.order_id === row.order_id)
      .map(({ order_id: _, product_sku: __, ...line }) => line),
  }))
}

/** One page of the queue, oldest first (first come, first shipped), and its size. */
export async function fulfilmentQueue(
  db: Db,
  query: QueueQuery,
): Promise<{ data: FulfilmentQueueEntry[]; total: number }> {
  const where = queueWhere(query)
  const [rows, [counted]] = await Promise.all([
    db
      .select(entryColumns)
      .from(orders)
      .leftJoin(user, eq(user.id, orders.userId))
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(orders).where(where),
  ])
  return { data: await withLines(db, rows as EntryRow[]), total: counted?.total ?? 0 }
}

/**
 * The selected orders, whatever their state, oldest first, with what is left of their lines:
 * the packing slips and the label CSV. Unknown ids are left out.
 */
export async function selectedOrders(db: Db, ids: string[]): Promise<FulfilmentQueueEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.createdAt), asc(orders.id))
  return withLines(db, rows as EntryRow[])
}

/** How many of each product the selected orders still need, most first: the pick list. */
export async function pickList(db: Db, ids: string[]) {
  const lines = await linesLeft(db, ids)
  const totals = new Map<
    string,
    { product_id: string; product_title: string; product_sku: string | null; quantity: number }
  >()
  for (const line of lines) {
    if (line.remaining <= 0) continue
    const entry = totals.get(line.product_id) ?? {
      product_id: line.product_id,
      product_title: line.product_title,
      product_sku: line.product_sku,
      quantity: 0,
    }
    entry.quantity += line.remaining
    totals.set(line.product_id, entry)
  }
  return [...totals.values()].sort(
    (a, b) => b.quantity - a.quantity || a.product_title.localeCompare(b.product_title),
  )
}
