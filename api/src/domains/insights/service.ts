import {
  DAY_MS,
  type FunnelInsights,
  INSIGHTS_DAILY_MAX_DAYS,
  INSIGHTS_TOP,
  type InsightsRangeEcho,
  insightDays,
  type LibraryInsights,
  type PuzzleInsights,
  type RevenueInsights,
  type RevenueTotals,
  SUBSCRIPTION_PLANS,
  type SubscriberInsights,
  type SubscriberTotals,
} from '@lamplight/contracts'
import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import * as q from './queries'

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The range asked for, the previous period of equal length, and how to group them. */
export type Periods = {
  echo: InsightsRangeEcho
  current: q.Window
  previous: q.Window
  bucket: q.Bucket
  /** Each period's first day (for weeks, its Monday), in order. */
  labels: string[]
}

export function periodsOf(from: string, to: string): Periods {
  const days = insightDays(from, to)
  const start = dayMs(from)
  const end = dayMs(to) + DAY_MS
  const previousStart = start - days * DAY_MS
  const bucket: q.Bucket = days <= INSIGHTS_DAILY_MAX_DAYS ? 'day' : 'week'
  const labels: string[] = []
  // Weeks as date_trunc cuts them: from Monday (getUTCDay: Sunday 0).
  const first = bucket === 'day' ? start : start - ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS
  for (let ms = first; ms < end; ms += (bucket === 'day' ? 1 : 7) * DAY_MS) labels.push(isoDay(ms))
  return {
    echo: {
      from,
      to,
      days,
      bucket,
      previous_from: isoDay(previousStart),
      previous_to: isoDay(start - DAY_MS),
    },
    current: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
    previous: { start: new Date(previousStart).toISOString(), end: new Date(start).toISOString() },
    bucket,
    labels,
  }
}

const round = (value: number) => Math.round(value)

function revenueTotalsOf(row: { revenue: number; orders: number; refunds: number }): RevenueTotals {
  return {
    order_revenue_cents: round(row.revenue),
    refunds_cents: 0 - round(row.refunds),
    net_cents: round(row.revenue) - round(row.refunds),
    orders: row.orders,
    average_order_cents: row.orders ? round(row.revenue / row.orders) : null,
  }
}

export async function revenueInsights(db: Db, p: Periods): Promise<RevenueInsights> {
  const [rows, previous, top] = await Promise.all([
    q.revenuePerPeriod(db, p.current, p.bucket),
    q.revenueTotals(db, p.previous),
    q.topProducts(db, p.current, INSIGHTS_TOP),
  ])
  // This period's totals are its periods' sums (the same rows), the previous one's a query.
  const current = rows.reduce(
    (total, row) => ({
      revenue: total.revenue + row.revenue,
      orders: total.orders + row.orders,
      refunds: total.refunds + row.refunds,
    }),
    { revenue: 0, orders: 0, refunds: 0 },
  )
  const byPeriod = new Map(rows.map((row) => [row.period, row]))
  return {
    range: p.echo,
    series: p.labels.map((period) => {
      const row = byPeriod.get(period)
      const revenue = round(row?.revenue ?? 0)
      const refunds = round(row?.refunds ?? 0)
      return {
        period,
        order_revenue_cents: revenue,
        refunds_cents: 0 - refunds,
        net_cents: revenue - refunds,
        orders: row?.orders ?? 0,
      }
    }),
    totals: { current: revenueTotalsOf(current), previous: revenueTotalsOf(previous) },
    top_products: top.map((row) => ({
      product_id: row.product_id,
      name: row.name,
      units: row.units,
      revenue_cents: round(row.revenue),
    })),
    // Subscription charges are taken by the provider and not stored per payment yet (issue 37
    // notes). Gift cards bought are orders, counted above.
    not_recorded: ['Subscription payments'],
  }
}

const TIERS = SUBSCRIPTION_PLANS.map((plan) => ({ tier: plan.tier as string, price_cents: plan.priceCents }))
const mrrOf = (active: Record<string, number>) =>
  TIERS.reduce((sum, { tier, price_cents }) => sum + (active[tier] ?? 0) * price_cents, 0)
const activeRecord = (rows: { tier: string; active: number }[]) => {
  const record: Record<string, number> = Object.fromEntries(TIERS.map(({ tier }) => [tier, 0]))
  for (const row of rows) record[row.tier] = row.active
  return record
}
const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0)

export async function subscriberInsights(db: Db, p: Periods): Promise<SubscriberInsights> {
  const [totals, changes] = await Promise.all([
    q.subscriptionTotals(db, p.previous, p.current),
    q.subscriptionChanges(db, p.current, p.bucket),
  ])
  const per = (column: Exclude<keyof (typeof totals)[number], 'tier'>) =>
    activeRecord(totals.map((row) => ({ tier: row.tier, active: row[column] })))
  const totalsOf = (
    start: Record<string, number>,
    end: Record<string, number>,
    started: number,
    cancelled: number,
  ): SubscriberTotals => ({
    active_at_start: sum(start),
    active_at_end: sum(end),
    mrr_cents: mrrOf(end),
    new: started,
    cancelled,
    churn_rate: sum(start) ? cancelled / sum(start) : null,
  })
  // Active at the end of each period: those live at the start, plus each period's starts
  // less its ends, summed as the periods go by.
  const running = per('live_start')
  const series = p.labels.map((period) => {
    let started = 0
    let ended = 0
    for (const row of changes)
      if (row.period === period) {
        running[row.tier] = (running[row.tier] ?? 0) + row.started - row.ended
        started += row.started
        ended += row.ended
      }
    const active = { ...running }
    return { period, active, total: sum(active), mrr_cents: mrrOf(active), new: started, cancelled: ended }
  })
  return {
    range: p.echo,
    tiers: TIERS,
    series,
    totals: {
      current: totalsOf(per('live_start'), per('live_end'), sum(per('started')), sum(per('ended'))),
      previous: totalsOf(
        per('live_previous_start'),
        per('live_start'),
        sum(per('started_previous')),
        sum(per('ended_previous')),
      ),
    },
  }
}

export async function funnelInsights(db: Db, p: Periods): Promise<FunnelInsights> {
  const [current, previous, startedNow, startedBefore, since] = await Promise.all([
    q.checkoutOrders(db, p.current),
    q.checkoutOrders(db, p.previous),
    q.countedTotal(db, 'checkout_started', p.current),
    q.countedTotal(db, 'checkout_started', p.previous),
    q.firstCountedDay(db, 'checkout_started'),
  ])
  // A period that ended before the first counted day was not recorded: null, not a zero.
  // One that began before it is shown with `recorded_since`, which the page states.
  const counted = (window: q.Window, value: number) =>
    since !== null && since < window.end.slice(0, 10) ? value : null
  return {
    range: p.echo,
    stages: [
      { stage: 'carts', label: 'Carts', current: null, previous: null, recorded_since: null },
      {
        stage: 'checkouts_started',
        label: 'Checkouts started',
        current: counted(p.current, startedNow),
        previous: counted(p.previous, startedBefore),
        recorded_since: since,
      },
      {
        stage: 'payment_pages',
        label: 'Payment pages opened',
        current: current.created,
        previous: previous.created,
        recorded_since: null,
      },
      {
        stage: 'paid_orders',
        label: 'Paid orders',
        current: current.paid,
        previous: previous.paid,
        recorded_since: null,
      },
    ],
    declines: { current: current.declined, previous: previous.declined },
  }
}

export async function libraryInsights(db: Db, p: Periods): Promise<LibraryInsights> {
  const [rows, now, before, emptyNow, emptyBefore, resources, categories, searches, since] =
    await Promise.all([
      q.countedPerPeriod(db, 'download', p.current, p.bucket),
      q.countedTotal(db, 'download', p.current),
      q.countedTotal(db, 'download', p.previous),
      q.countedTotal(db, 'search_empty', p.current),
      q.countedTotal(db, 'search_empty', p.previous),
      q.topResources(db, p.current, INSIGHTS_TOP),
      q.topCategories(db, p.current, INSIGHTS_TOP),
      q.emptySearches(db, p.current, INSIGHTS_TOP),
      q.firstCountedDay(db, 'download'),
    ])
  const byPeriod = new Map(rows.map((row) => [row.period, row.total]))
  return {
    range: p.echo,
    series: p.labels.map((period) => ({ period, downloads: byPeriod.get(period) ?? 0 })),
    totals: {
      current: { downloads: now, empty_searches: emptyNow },
      previous: { downloads: before, empty_searches: emptyBefore },
    },
    top_resources: resources,
    top_categories: categories,
    empty_searches: searches,
    recorded_since: since,
  }
}

export async function puzzleInsights(db: Db, p: Periods): Promise<PuzzleInsights> {
  const [current, previous, dropOff] = await Promise.all([
    q.puzzlePlayers(db, p.current),
    q.puzzlePlayers(db, p.previous),
    q.puzzleDropOff(db, p.current),
  ])
  const before = new Map(previous.map((row) => [row.product_id, row]))
  return {
    range: p.echo,
    products: current.map((row) => ({
      ...row,
      previous_started: before.get(row.product_id)?.started ?? 0,
      previous_finished: before.get(row.product_id)?.finished ?? 0,
    })),
    drop_off: dropOff,
  }
}

// Counting is one upsert, made inside the write the event belongs to: other domains count
// through here.
export { countInsight } from './queries'

/** Search words as counted: trimmed, lower case, spaces folded, at most 100 characters. */
export function searchTermKey(words: string) {
  return words.split('\u0000').join('').trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 100)
}

/** Forget what visitors typed after this many days (the other counts are kept). */
export const EMPTY_SEARCH_RETENTION_DAYS = 400

export async function pruneEmptySearches(db: Db) {
  await q.deleteEmptySearchesOlderThan(db, EMPTY_SEARCH_RETENTION_DAYS)
}

/**
 * A library search found nothing: counted without holding up the answer (not awaited; a
 * failure is logged, never the visitor's problem). Now and then, words past retention go.
 */
export function countEmptySearch(db: Db, words: string, log: Logger) {
  const key = searchTermKey(words)
  if (!key) return
  void (async () => {
    await q.countInsight(db, 'search_empty', key)
    if (Math.random() < 0.01) await pruneEmptySearches(db)
  })().catch((error: unknown) => log.warn({ err: error }, 'could not count an empty search'))
}
