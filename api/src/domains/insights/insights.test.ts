import { SUBSCRIPTION_PLANS } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedDevInsights } from '../../../seed/dev-insights'
import { queryRows } from '../../db/client'
import { categories, products, puzzleContent, resources } from '../../db/schema'
import { DRIVERS } from '../../test/database'
import { useTestAppWithActors } from '../../test/use-test-app'
import { countInsight } from './service'

// The seed's "now": its year of history ends here, so the ranges below are fixed days.
const NOW = Date.parse('2026-06-30T18:00:00Z')
const RANGES = [
  { from: '2026-06-01', to: '2026-06-30', bucket: 'day' },
  { from: '2026-04-01', to: '2026-06-30', bucket: 'day' },
  { from: '2025-07-01', to: '2026-06-30', bucket: 'week' },
] as const
const SECTIONS = ['revenue', 'subscribers', 'funnel', 'library', 'puzzles'] as const

type Body<T> = { data: T }
type Json = Record<string, any>

/** The window of `from`..`to` and the period before it, as the independent queries read them. */
function windows(from: string, to: string) {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1
  const previousFrom = new Date(Date.parse(`${from}T00:00:00Z`) - days * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return {
    current: { from, to },
    previous: {
      from: previousFrom,
      to: new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    },
  }
}

describe.each(DRIVERS)('insights on %s', (driver) => {
  const setup = useTestAppWithActors(driver, `insights-${driver}`)
  const one = async <T extends Json>(query: ReturnType<typeof sql>) =>
    (await queryRows<T>(setup.database.db, query))[0]!

  beforeAll(async () => {
    const boxes = await setup.database.db
      .insert(products)
      .values([
        { slug: 'scroll-box', name: 'Scroll Box', priceCents: 4999 },
        { slug: 'cipher-box', name: 'Cipher Box', priceCents: 3499 },
        { slug: 'letters-box', name: 'Letters Box', priceCents: 2599 },
      ])
      .returning({ id: products.id })
    await setup.database.db.insert(puzzleContent).values(
      boxes.slice(0, 2).flatMap(({ id }) =>
        [1, 2, 3, 4].map((step) => ({
          productId: id,
          stepNumber: step,
          title: `Step ${step}`,
          content: 'Riddle',
          answer: 'x',
        })),
      ),
    )
    const shelves = await setup.database.db
      .insert(categories)
      .values([
        { slug: 'colouring', name: 'Colouring' },
        { slug: 'devotions', name: 'Devotions' },
      ])
      .returning({ id: categories.id })
    await setup.database.db.insert(resources).values(
      [0, 1, 2, 3, 4].map((i) => ({
        slug: `resource-${i}`,
        title: `Resource ${i}`,
        categoryId: shelves[i % 2]!.id,
        published: true,
      })),
    )
    await seedDevInsights(setup.database.db, {
      orders: 700,
      subscribers: 90,
      downloads: 4000,
      days: 400,
      now: NOW,
    })
  })

  it('answers 401 to a visitor and 403 to a customer or an editor', async () => {
    for (const section of SECTIONS) {
      const path = `/api/admin/insights/${section}?from=2026-06-01&to=2026-06-30`
      expect((await setup.actors.anonymous.request(path)).status, path).toBe(401)
      expect((await setup.actors.customer.request(path)).status, path).toBe(403)
      expect((await setup.actors.editor.request(path)).status, path).toBe(403)
      expect((await setup.actors.admin.request(path)).status, path).toBe(200)
    }
  })

  it('refuses a bad range with 400 on the field at fault', async () => {
    const cases: [string, string][] = [
      ['from=2026-06-30&to=2026-06-01', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-06-01&to=tomorrow', 'to'],
      ['from=2020-01-01&to=2026-06-30', 'from'],
      ['to=2026-06-30', 'from'],
      ['from=1999-12-31&to=2000-01-01', 'from'],
    ]
    for (const section of SECTIONS)
      for (const [query, field] of cases) {
        const res = await setup.actors.admin.json<{ error: { code: string; issues: { path: string }[] } }>(
          `/api/admin/insights/${section}?${query}`,
        )
        expect(res.status, `${section} ${query}`).toBe(400)
        expect(res.body.error.code).toBe('validation_failed')
        expect(res.body.error.issues.map((issue) => String(issue.path))).toContain(field)
      }
  })

  for (const range of RANGES) {
    const { current, previous } = windows(range.from, range.to)
    const query = `from=${range.from}&to=${range.to}`

    it(`revenue ${range.from}..${range.to}: totals, series and top products equal independent queries`, async () => {
      const { body } = await setup.actors.admin.json<Body<Json>>(`/api/admin/insights/revenue?${query}`)
      const data = body.data
      expect(data.range).toEqual({
        from: range.from,
        to: range.to,
        days: expect.any(Number),
        bucket: range.bucket,
        previous_from: previous.from,
        previous_to: previous.to,
      })
      for (const [name, w] of [
        ['current', current],
        ['previous', previous],
      ] as const) {
        const paid = await one<{ cents: string; n: number }>(sql`
          select coalesce(sum(amount_cents), 0)::text as cents, count(*)::int as n from orders
          where provider <> 'admin' and (paid_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date`)
        const refunded = await one<{ cents: string }>(sql`
          select coalesce(sum(amount_cents), 0)::text as cents from orders
          where provider <> 'admin' and paid_at is not null
            and (refunded_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date`)
        const totals = data.totals[name]
        expect(totals.order_revenue_cents, name).toBe(Number(paid.cents))
        expect(totals.orders, name).toBe(paid.n)
        expect(totals.refunds_cents, name).toBe(0 - Number(refunded.cents))
        expect(totals.net_cents, name).toBe(Number(paid.cents) - Number(refunded.cents))
        expect(totals.average_order_cents, name).toBe(paid.n ? Math.round(Number(paid.cents) / paid.n) : null)
      }
      expect(data.totals.current.orders).toBeGreaterThan(0)
      // The series adds up to the totals, and its periods cover the range.
      const series = data.series as Json[]
      expect(series.reduce((s, p) => s + p.order_revenue_cents, 0)).toBe(
        data.totals.current.order_revenue_cents,
      )
      expect(series.reduce((s, p) => s + p.refunds_cents, 0)).toBe(data.totals.current.refunds_cents)
      expect(series.reduce((s, p) => s + p.orders, 0)).toBe(data.totals.current.orders)
      if (range.bucket === 'day') expect(series.map((p) => p.period)[0]).toBe(range.from)
      const top = await queryRows<{ name: string; units: number; cents: string }>(
        setup.database.db,
        sql`select p.name, sum(i.quantity)::int as units, sum(i.quantity * i.unit_price_cents)::text as cents
          from orders o join order_items i on i.order_id = o.id join products p on p.id = i.product_id
          where o.provider <> 'admin' and (o.paid_at at time zone 'UTC')::date between ${current.from}::date and ${current.to}::date
          group by p.name order by sum(i.quantity * i.unit_price_cents) desc, sum(i.quantity) desc, p.name`,
      )
      expect(data.top_products.map((p: Json) => [p.name, p.units, p.revenue_cents])).toEqual(
        top.map((p) => [p.name, p.units, Number(p.cents)]),
      )
      expect(data.not_recorded).toEqual(['Subscription payments'])
    })

    it(`subscribers ${range.from}..${range.to}: active per plan, MRR, new, cancelled and churn equal independent queries`, async () => {
      const { body } = await setup.actors.admin.json<Body<Json>>(`/api/admin/insights/subscribers?${query}`)
      const data = body.data
      const activeOn = async (day: string) =>
        queryRows<{ tier: string; n: number }>(
          setup.database.db,
          sql`select tier, count(*)::int as n from subscriptions
            where status not in ('incomplete', 'incomplete_expired')
              and (created_at at time zone 'UTC')::date <= ${day}::date
              and (ended_at is null or (ended_at at time zone 'UTC')::date > ${day}::date)
            group by tier`,
        )
      const atEnd = await activeOn(range.to)
      const last = (data.series as Json[]).at(-1)!
      for (const plan of SUBSCRIPTION_PLANS)
        expect(last.active[plan.tier], plan.tier).toBe(atEnd.find((r) => r.tier === plan.tier)?.n ?? 0)
      const mrr = atEnd.reduce(
        (s, r) => s + r.n * SUBSCRIPTION_PLANS.find((p) => p.tier === r.tier)!.priceCents,
        0,
      )
      expect(data.totals.current.mrr_cents).toBe(mrr)
      expect(last.mrr_cents).toBe(mrr)
      for (const [name, w] of [
        ['current', current],
        ['previous', previous],
      ] as const) {
        const dayBefore = new Date(Date.parse(`${w.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
        const startActive = (await activeOn(dayBefore)).reduce((s, r) => s + r.n, 0)
        const counts = await one<{ started: number; ended: number }>(sql`
          select count(*) filter (where (created_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date)::int as started,
                 count(*) filter (where (ended_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date)::int as ended
          from subscriptions where status not in ('incomplete', 'incomplete_expired')`)
        const totals = data.totals[name]
        expect(totals.active_at_start, name).toBe(startActive)
        expect(totals.new, name).toBe(counts.started)
        expect(totals.cancelled, name).toBe(counts.ended)
        expect(totals.churn_rate, name).toBe(startActive ? counts.ended / startActive : null)
      }
      expect(data.totals.current.active_at_end).toBeGreaterThan(0)
    })

    it(`funnel ${range.from}..${range.to}: each stage equals an independent query; carts are not recorded`, async () => {
      const { body } = await setup.actors.admin.json<Body<Json>>(`/api/admin/insights/funnel?${query}`)
      const stage = (name: string) => (body.data.stages as Json[]).find((s) => s.stage === name)!
      expect(stage('carts')).toMatchObject({ current: null, previous: null })
      for (const [name, w] of [
        ['current', current],
        ['previous', previous],
      ] as const) {
        const row = await one<{ created: number; paid: number; failed: number; started: number }>(sql`
          select
            (select count(*)::int from orders where provider <> 'admin' and (created_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date) as created,
            (select count(*)::int from orders where provider <> 'admin' and (paid_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date) as paid,
            (select count(*)::int from orders where provider <> 'admin' and status = 'failed' and (created_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date) as failed,
            (select coalesce(sum(count), 0)::int from insight_daily_counts where kind = 'checkout_started' and day between ${w.from}::date and ${w.to}::date) as started`)
        expect(stage('payment_pages')[name], name).toBe(row.created)
        expect(stage('paid_orders')[name], name).toBe(row.paid)
        expect(body.data.declines[name], name).toBe(row.failed)
        const since = stage('checkouts_started').recorded_since as string
        expect(stage('checkouts_started')[name], name).toBe(since <= w.to ? row.started : null)
      }
    })

    it(`library ${range.from}..${range.to}: downloads, top resources and categories, empty searches equal independent queries`, async () => {
      const { body } = await setup.actors.admin.json<Body<Json>>(`/api/admin/insights/library?${query}`)
      const data = body.data
      for (const [name, w] of [
        ['current', current],
        ['previous', previous],
      ] as const) {
        const row = await one<{ downloads: number; empty: number }>(sql`
          select coalesce(sum(count) filter (where kind = 'download'), 0)::int as downloads,
                 coalesce(sum(count) filter (where kind = 'search_empty'), 0)::int as empty
          from insight_daily_counts where day between ${w.from}::date and ${w.to}::date`)
        expect(data.totals[name], name).toEqual({ downloads: row.downloads, empty_searches: row.empty })
      }
      expect(data.totals.current.downloads).toBeGreaterThan(0)
      expect((data.series as Json[]).reduce((s, p) => s + p.downloads, 0)).toBe(data.totals.current.downloads)
      const top = await queryRows<{ title: string; n: number }>(
        setup.database.db,
        sql`select r.title, sum(d.count)::int as n from insight_daily_counts d join resources r on r.id::text = d.key
          where d.kind = 'download' and d.day between ${current.from}::date and ${current.to}::date
          group by r.title order by n desc, r.title limit 10`,
      )
      expect(data.top_resources.map((r: Json) => [r.title, r.downloads])).toEqual(
        top.map((r) => [r.title, r.n]),
      )
      const shelves = await queryRows<{ name: string; n: number }>(
        setup.database.db,
        sql`select c.name, sum(d.count)::int as n from insight_daily_counts d
          join resources r on r.id::text = d.key join categories c on c.id = r.category_id
          where d.kind = 'download' and d.day between ${current.from}::date and ${current.to}::date
          group by c.name order by n desc, c.name`,
      )
      expect(data.top_categories.map((r: Json) => [r.name, r.downloads])).toEqual(
        shelves.map((r) => [r.name, r.n]),
      )
      const terms = await queryRows<{ key: string; n: number }>(
        setup.database.db,
        sql`select key, sum(count)::int as n from insight_daily_counts
          where kind = 'search_empty' and day between ${current.from}::date and ${current.to}::date
          group by key order by n desc, key limit 10`,
      )
      expect(data.empty_searches.map((r: Json) => [r.term, r.count])).toEqual(terms.map((r) => [r.key, r.n]))
    })

    it(`puzzles ${range.from}..${range.to}: started, finished and drop-off equal independent queries`, async () => {
      const { body } = await setup.actors.admin.json<Body<Json>>(`/api/admin/insights/puzzles?${query}`)
      const data = body.data
      expect(data.products).toHaveLength(2)
      for (const product of data.products as Json[]) {
        const row = await one<{ started: number; finished: number; ps: number; pf: number }>(sql`
          select
            count(*) filter (where (created_at at time zone 'UTC')::date between ${current.from}::date and ${current.to}::date)::int as started,
            count(*) filter (where (completed_at at time zone 'UTC')::date between ${current.from}::date and ${current.to}::date)::int as finished,
            count(*) filter (where (created_at at time zone 'UTC')::date between ${previous.from}::date and ${previous.to}::date)::int as ps,
            count(*) filter (where (completed_at at time zone 'UTC')::date between ${previous.from}::date and ${previous.to}::date)::int as pf
          from user_progress where product_id = ${product.product_id}::uuid`)
        expect([
          product.started,
          product.finished,
          product.previous_started,
          product.previous_finished,
        ]).toEqual([row.started, row.finished, row.ps, row.pf])
        expect(product.steps).toBe(4)
      }
      const stuck = await queryRows<{ product_id: string; step: number; players: number }>(
        setup.database.db,
        sql`select product_id::text as product_id, current_step as step, count(*)::int as players from user_progress
          where completed_at is null and (created_at at time zone 'UTC')::date between ${current.from}::date and ${current.to}::date
          group by 1, 2 order by 1, 2`,
      )
      expect(data.drop_off).toEqual(stuck)
    })
  }

  it('counts 80 concurrent events exactly once each, in one row for the day', async () => {
    const today = () => new Date().toISOString().slice(0, 10)
    const first = today()
    await Promise.all(
      Array.from({ length: 80 }, () =>
        countInsight(setup.database.db, 'checkout_started', 'concurrency-probe'),
      ),
    )
    const last = today()
    const rows = await queryRows<{ day: string; n: number }>(
      setup.database.db,
      sql`select day::text as day, count as n from insight_daily_counts
        where kind = 'checkout_started' and key = 'concurrency-probe' order by day`,
    )
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(80)
    // One row for the day (UTC); run across midnight, the counts are split between its two days.
    const possible = first === last ? [[first]] : [[first], [last], [first, last]]
    expect(possible).toContainEqual(rows.map((row) => row.day))
  })

  it('records a library search that found nothing, by its words only', async () => {
    const res = await setup.actors.anonymous.request('/api/resources?q=%20Zebra%20%20Quilts%20')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { data: unknown[] }).data).toEqual([])
    let count = 0
    for (let i = 0; i < 50 && count === 0; i++) {
      const row = await one<{ n: number }>(sql`
        select coalesce(sum(count), 0)::int as n from insight_daily_counts where kind = 'search_empty' and key = 'zebra quilts'`)
      count = row.n
      if (!count) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(count).toBe(1)
  })
})
