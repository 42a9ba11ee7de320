import { randomUUID } from 'node:crypto'
import { SUBSCRIPTION_PLANS } from '@lamplight/contracts'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import {
  insightDailyCounts,
  orders,
  products,
  puzzleContent,
  resources,
  subscriptions,
  user,
  userProgress,
} from '../src/db/schema'
import { insertSeedLines } from './order-lines'
import { rng } from './puzzles'

export type DevInsightsSizes = {
  orders: number
  subscribers: number
  downloads: number
  /** How many days back from `now` the history reaches. */
  days: number
  now?: number
}

export const DEV_INSIGHTS_DEFAULTS: DevInsightsSizes = {
  orders: 3000,
  subscribers: 400,
  downloads: 40_000,
  days: 365,
}

const DAY = 86_400_000
const BATCH = 1000
const EMPTY_TERMS = ['noah coloring for toddlers', 'advent calendar', 'jonah maze', 'psalm 23 poster', 'ruth']

/**
 * Development only (and the Insights' tests and bench): a year of made-up orders,
 * subscriptions, downloads, searches and puzzle players, so the Insights page has a story
 * to tell before anyone buys. Rows are marked (`dev_seed_insights_`, `dev_seed_sub_`,
 * `dev-insights-` users): running it again adds no order or subscription twice.
 */
export async function seedDevInsights(db: Db, sizes: DevInsightsSizes = DEV_INSIGHTS_DEFAULTS) {
  // Seeded, so a seed of the same sizes makes the same history.
  const rand = rng(37)
  const now = sizes.now ?? Date.now()
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!
  // Later days are busier: the shop grows over the year.
  const when = () => now - Math.floor((1 - Math.sqrt(rand())) * sizes.days * DAY) - Math.floor(rand() * DAY)
  const catalogue = await db
    .select({ id: products.id, price: products.priceCents })
    .from(products)
    .orderBy(asc(products.name))
  if (!catalogue.length) throw new Error('no products: run `npm run seed -w api` first')

  for (let start = 0; start < sizes.orders; start += BATCH) {
    const rows = []
    for (let i = start; i < Math.min(sizes.orders, start + BATCH); i++) {
      const product = pick(catalogue)
      // A few buy two (a gift, a class): units and revenue per box count the quantity.
      const quantity = rand() < 0.1 ? 2 : 1
      const created = when()
      const roll = rand()
      const status: (typeof orders.$inferInsert)['status'] =
        roll < 0.68
          ? 'completed'
          : roll < 0.73
            ? 'paid'
            : roll < 0.77
              ? 'refunded'
              : roll < 0.87
                ? 'failed'
                : roll < 0.94
                  ? 'cancelled'
                  : 'pending'
      const paid = status === 'completed' || status === 'paid' || status === 'refunded'
      const paidAt = paid ? new Date(created + 5 * 60_000) : null
      rows.push({
        email: `dev-buyer-${i % 500}@example.test`,
        customerName: `Dev Buyer ${i % 500}`,
        productId: product.id,
        amountCents: product.price * quantity,
        subtotalCents: product.price * quantity,
        line: { productId: product.id, quantity, unitPriceCents: product.price },
        status,
        provider: 'test' as const,
        providerSessionId: `dev_seed_insights_${i}`,
        paymentMethod: 'card' as const,
        paidAt,
        refundedAt: status === 'refunded' ? new Date(Math.min(now, created + 3 * DAY)) : null,
        createdAt: new Date(created),
        updatedAt: new Date(created),
      })
    }
    const inserted = await db
      .insert(orders)
      .values(rows.map(({ line: _line, ...order }) => order))
      .onConflictDoNothing()
      .returning({ id: orders.id, session: orders.providerSessionId })
    const lineOf = new Map(rows.map((r) => [r.providerSessionId, r.line]))
    await insertSeedLines(
      db,
      inserted.flatMap((o) => {
        const line = lineOf.get(o.session ?? '')
        return line ? [{ orderId: o.id, ...line }] : []
      }),
    )
  }

  const emails = Array.from({ length: sizes.subscribers }, (_, i) => `dev-insights-${i}@example.test`)
  for (let start = 0; start < emails.length; start += BATCH) {
    await db
      .insert(user)
      .values(
        emails.slice(start, start + BATCH).map((email, i) => ({
          id: randomUUID(),
          email,
          name: `Dev Subscriber ${start + i}`,
          emailVerified: true,
          createdAt: new Date(now - sizes.days * DAY),
        })),
      )
      .onConflictDoNothing()
  }
  const people: { id: string }[] = []
  for (let start = 0; start < emails.length; start += BATCH)
    people.push(
      ...(await db
        .select({ id: user.id })
        .from(user)
        .where(inArray(user.email, emails.slice(start, start + BATCH)))),
    )
  for (let start = 0; start < people.length; start += BATCH) {
    const rows = people.slice(start, start + BATCH).map((person, j) => {
      const plan = pick(SUBSCRIPTION_PLANS)
      const created = when()
      const ended = rand() < 0.3 ? created + Math.floor(rand() * (now - created)) : null
      return {
        userId: person.id,
        provider: 'test' as const,
        providerSubscriptionId: `dev_seed_sub_${start + j}`,
        tier: plan.tier,
        priceId: plan.priceId,
        status: ended ? 'canceled' : 'active',
        endedAt: ended ? new Date(ended) : null,
        currentPeriodEnd: new Date(now + 20 * DAY),
        createdAt: new Date(created),
        updatedAt: new Date(ended ?? created),
      }
    })
    await db.insert(subscriptions).values(rows).onConflictDoNothing()
  }

  // Downloads and counted events go straight into the daily counts, as the writes keep them.
  const library = await db.select({ id: resources.id }).from(resources).orderBy(asc(resources.slug))
  const counts = new Map<
    string,
    { kind: 'download' | 'search_empty' | 'checkout_started'; day: string; key: string; count: number }
  >()
  const bump = (kind: 'download' | 'search_empty' | 'checkout_started', at: number, key: string, by = 1) => {
    const day = new Date(at).toISOString().slice(0, 10)
    const id = `${kind}|${day}|${key}`
    const row = counts.get(id)
    if (row) row.count += by
    else counts.set(id, { kind, day, key, count: by })
  }
  const perResource = new Map<string, number>()
  if (library.length) {
    // Popular resources are popular: a skewed pick.
    for (let i = 0; i < sizes.downloads; i++) {
      const resource = library[Math.floor(rand() ** 2 * library.length)]!
      bump('download', when(), resource.id)
      perResource.set(resource.id, (perResource.get(resource.id) ?? 0) + 1)
    }
  }
  for (let i = 0; i < Math.ceil(sizes.downloads / 200); i++) bump('search_empty', when(), pick(EMPTY_TERMS))
  for (let i = 0; i < Math.ceil(sizes.orders * 1.4); i++) bump('checkout_started', when(), pick(catalogue).id)
  const all = [...counts.values()]
  for (let start = 0; start < all.length; start += BATCH)
    await db
      .insert(insightDailyCounts)
      .values(all.slice(start, start + BATCH))
      .onConflictDoUpdate({
        target: [insightDailyCounts.kind, insightDailyCounts.day, insightDailyCounts.key],
        set: { count: sql`${insightDailyCounts.count} + excluded.count` },
      })
  for (const [id, added] of perResource)
    await db
      .update(resources)
      .set({ downloads: sql`${resources.downloads} + ${added}` })
      .where(eq(resources.id, id))

  // Puzzle players among the subscribers, stuck on a step or finished.
  const steps = await db
    .select({ productId: puzzleContent.productId, count: sql<number>`count(*)::int` })
    .from(puzzleContent)
    .groupBy(puzzleContent.productId)
  if (steps.length) {
    const players = people.slice(0, Math.min(people.length, 2000))
    for (let start = 0; start < players.length; start += BATCH) {
      const rows = players.slice(start, start + BATCH).map((person) => {
        const puzzle = pick(steps)
        const created = when()
        const finished = rand() < 0.4
        const current = finished ? puzzle.count : 1 + Math.floor(rand() ** 1.5 * puzzle.count)
        return {
          userId: person.id,
          productId: puzzle.productId,
          currentStep: current,
          completedSteps: Array.from({ length: finished ? puzzle.count : current - 1 }, (_, k) => k + 1),
          lastActivity: new Date(created),
          completedAt: finished ? new Date(Math.min(now, created + 2 * DAY)) : null,
          createdAt: new Date(created),
        }
      })
      await db.insert(userProgress).values(rows).onConflictDoNothing()
    }
  }
  return { orders: sizes.orders, subscribers: people.length, downloads: library.length ? sizes.downloads : 0 }
}
