import { randomUUID } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import { orderHistory, orders, products, user } from '../src/db/schema'
import { insertSeedLines } from './order-lines'

const FIRST = [
  'Lydia',
  'Priscilla',
  'Aquila',
  'Tabitha',
  'Barnabas',
  'Phoebe',
  'Silas',
  'Junia',
  'Apollos',
  'Rhoda',
]
const LAST = ['of Thyatira', 'Tentmaker', 'Dorcas', 'Cyprian', 'Deacon', 'Berean', 'Romana', 'Alexandrian']
const STATUSES = [
  'completed',
  'completed',
  'completed',
  'paid',
  'pending',
  'failed',
  'cancelled',
  'refunded',
] as const
const CITIES = [
  ['Springfield', 'IL', '62701'],
  ['Denver', 'CO', '80202'],
  ['Tucson', 'AZ', '85701'],
  ['Hartford', 'CT', '06103'],
] as const

/**
 * Development only: `count` made-up orders (and their customers) over the last 90 days, so
 * the admin console has something to show before anyone buys. Every order's session id
 * starts with `dev_seed_`, so running it again adds nothing.
 */
export async function seedDevOrders(db: Db, count = 40): Promise<{ customers: number; orders: number }> {
  const catalogue = await db
    .select({ id: products.id, price: products.priceCents })
    .from(products)
    .orderBy(asc(products.name))
  if (!catalogue.length) throw new Error('no products: run `npm run seed -w api` first')

  const emails = Array.from({ length: 12 }, (_, i) => `dev-buyer-${i + 1}@example.test`)
  await db
    .insert(user)
    .values(
      emails.map((email, i) => ({
        id: randomUUID(),
        email,
        name: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
        emailVerified: true,
        createdAt: new Date(Date.now() - (120 - i) * 86_400_000),
      })),
    )
    .onConflictDoNothing()
  const customers = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.email, emails))

  const now = Date.now()
  const rows = Array.from({ length: count }, (_, i) => {
    const customer = customers[i % customers.length]!
    const product = catalogue[i % catalogue.length]!
    const [city, state, zipCode] = CITIES[i % CITIES.length]!
    const status = STATUSES[i % STATUSES.length]!
    const created = new Date(now - ((i * 53) % 90) * 86_400_000 - i * 3_600_000)
    const [firstName = '', lastName = ''] = customer.name.split(' ')
    return {
      userId: customer.id,
      email: customer.email,
      customerName: customer.name,
      productId: product.id,
      amountCents: product.price,
      subtotalCents: product.price,
      status,
      provider: 'test' as const,
      providerSessionId: `dev_seed_${String(i + 1).padStart(4, '0')}`,
      paymentMethod: (['card', 'apple_pay', 'google_pay'] as const)[i % 3],
      shippingAddress: {
        firstName,
        lastName,
        address: `${10 + i} Market Street`,
        city,
        state,
        zipCode,
        country: 'US',
      },
      paidAt: status === 'pending' || status === 'failed' || status === 'cancelled' ? null : created,
      refundedAt: status === 'refunded' ? new Date(created.getTime() + 86_400_000) : null,
      createdAt: created,
      updatedAt: created,
    }
  })
  // One completed order per customer and product: later duplicates become "paid" instead.
  const seen = new Set<string>()
  for (const row of rows) {
    const key = `${row.userId}:${row.productId}`
    if (row.status !== 'completed') continue
    if (seen.has(key)) row.status = 'paid'
    seen.add(key)
  }
  const existing = await db
    .select({ userId: orders.userId, productId: orders.productId })
    .from(orders)
    .where(eq(orders.status, 'completed'))
  const owned = new Set(existing.map((o) => `${o.userId}:${o.productId}`))
  for (const row of rows)
    if (row.status === 'completed' && owned.has(`${row.userId}:${row.productId}`)) row.status = 'paid'

  const inserted = await db.insert(orders).values(rows).onConflictDoNothing().returning({
    id: orders.id,
    status: orders.status,
    createdAt: orders.createdAt,
    productId: orders.productId,
    amountCents: orders.amountCents,
  })
  // One box each, at the price it was charged.
  await insertSeedLines(
    db,
    inserted.map((o) => ({
      orderId: o.id,
      productId: o.productId,
      quantity: 1,
      unitPriceCents: o.amountCents,
    })),
  )
  if (inserted.length) {
    await db.insert(orderHistory).values(
      inserted.flatMap((order) => [
        { orderId: order.id, event: 'created' as const, toStatus: 'pending', createdAt: order.createdAt },
        ...(order.status === 'pending'
          ? []
          : [
              {
                orderId: order.id,
                event: 'status' as const,
                fromStatus: 'pending',
                toStatus: order.status,
                createdAt: new Date(order.createdAt.getTime() + 60_000),
              },
            ]),
      ]),
    )
  }
  return { customers: customers.length, orders: inserted.length }
}
