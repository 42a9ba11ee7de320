/**
 * Benchmark (not a test): the admin's Insights at 100 000 orders, 10 000 subscribers and
 * 1 000 000 download events (issue 37).
 *
 *   npm run bench:insights -w api                               # embedded PGlite, in memory
 *   DATABASE_URL=postgres://... npm run bench:insights -w api    # a fresh database beside it
 *
 * Loads a year of history with the development seed (`seedDevInsights`) at those sizes
 * into a fresh database (20 products with puzzle steps, 60 resources in 6 categories),
 * then calls every GET /api/admin/insights/* through the real app as a signed-in admin for
 * each range the page offers and reports p50/p95. Budget: p95 ≤ 200 ms per call.
 */

import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { seedDevInsights } from '../seed/dev-insights'
import { categories, products, puzzleContent, resources } from '../src/db/schema'
import { signInListedAdmin } from '../src/test/accounts'
import { createTestApp } from '../src/test/app'
import { runBench } from './bench-database'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000)
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000)
const DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const BUDGET_P95_MS = 200
const DAY = 86_400_000

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

runBench(async (database, driver) => {
  const db = database.db
  let t = performance.now()
  const catalogue = await db
    .insert(products)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        slug: `bench-box-${i}`,
        name: `Bench Box ${i}`,
        priceCents: 2499 + i * 100,
      })),
    )
    .returning({ id: products.id })
  await db.insert(puzzleContent).values(
    catalogue.flatMap(({ id }) =>
      Array.from({ length: 8 }, (_, step) => ({
        productId: id,
        stepNumber: step + 1,
        title: `Step ${step + 1}`,
        content: 'A riddle.',
        answer: 'answer',
      })),
    ),
  )
  const shelves = await db
    .insert(categories)
    .values(Array.from({ length: 6 }, (_, i) => ({ slug: `bench-shelf-${i}`, name: `Shelf ${i}` })))
    .returning({ id: categories.id })
  await db.insert(resources).values(
    Array.from({ length: 60 }, (_, i) => ({
      slug: `bench-resource-${i}`,
      title: `Bench Resource ${i}`,
      categoryId: shelves[i % shelves.length]!.id,
      published: true,
    })),
  )
  const now = Date.now()
  await seedDevInsights(db, {
    orders: ORDERS,
    subscribers: SUBSCRIBERS,
    downloads: DOWNLOADS,
    days: 365,
    now,
  })
  await db.execute(sql`vacuum analyze`)
  console.log(
    `${driver}: loaded ${ORDERS} orders, ${SUBSCRIBERS} subscribers, ${DOWNLOADS} downloads in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  )
  const { app } = createTestApp(database, {
    ADMIN_EMAILS: 'bench-admin@example.com',
    AUTH_RATE_LIMIT: 'false',
  })
  const admin = await signInListedAdmin(app, database, 'bench-admin@example.com', 'bench password 1')
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  const today = day(now)
  const ranges: [string, string][] = [
    ['7 days', `from=${day(now - 6 * DAY)}&to=${today}`],
    ['30 days', `from=${day(now - 29 * DAY)}&to=${today}`],
    ['90 days', `from=${day(now - 89 * DAY)}&to=${today}`],
    ['365 days (weeks)', `from=${day(now - 364 * DAY)}&to=${today}`],
  ]
  let worst = 0
  for (const section of ['revenue', 'subscribers', 'funnel', 'library', 'puzzles']) {
    for (const [label, query] of ranges) {
      const times: number[] = []
      for (let i = 0; i < RUNS + 3; i++) {
        t = performance.now()
        const res = await admin.request(`/api/admin/insights/${section}?${query}`)
        if (res.status !== 200) throw new Error(`${section} ${label}: ${res.status} ${await res.text()}`)
        await res.json()
        if (i >= 3) times.push(performance.now() - t)
      }
      const p95 = percentile(times, 95)
      worst = Math.max(worst, p95)
      console.log(
        `${`${section} ${label}`.padEnd(30)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms`,
      )
    }
  }
  console.log(
    `worst p95 ${worst.toFixed(1)} ms: ${worst <= BUDGET_P95_MS ? 'within' : 'OVER'} the ${BUDGET_P95_MS} ms budget (${driver})`,
  )
  if (worst > BUDGET_P95_MS) process.exitCode = 1
})
