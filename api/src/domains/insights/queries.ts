import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { type InsightCountKind, insightDailyCounts } from '../../db/schema'

/**
 * Data access of the Insights (decision 044): one question per function, each over a
 * half-open UTC window [start, end) given as ISO timestamps, grouped by `bucket` (day or
 * week, weeks from Monday, as `date_trunc` cuts them). Every count is cast to int and every
 * sum of cents to float8, so both drivers answer plain numbers.
 */
export type Window = { start: string; end: string }
export type Bucket = 'day' | 'week'

const at = (iso: string) => sql`${iso}::timestamptz`
const truncated = (bucket: Bucket, column: SQL) => sql`date_trunc(${bucket}, ${column} at time zone 'UTC')`
const period = (bucket: Bucket, column: SQL) => sql`to_char(${truncated(bucket, column)}, 'YYYY-MM-DD')`
const periodOfDay = (bucket: Bucket, column: SQL) =>
  sql`to_char(date_trunc(${bucket}, ${column}::timestamp), 'YYYY-MM-DD')`
const dayOf = (iso: string) => sql`(${iso}::timestamptz at time zone 'UTC')::date`

// An order counts as a sale once paid (`paid_at`), whatever came after; an admin grant is
// no sale. A refund counts on the day it was refunded, as a negative.
const SALE = sql`o.provider <> 'admin' and o.paid_at is not null`

export async function revenuePerPeriod(db: Db, w: Window, bucket: Bucket) {
  return queryRows<{ period: string; revenue: number; orders: number; refunds: number }>(
    db,
    // Grouped by the truncated instant and only then written as text: `to_char` for each of
    // the year's periods rather than each of its 80 000 orders (decision 062).
    sql`select to_char(period, 'YYYY-MM-DD') as period, sum(revenue)::float8 as revenue, sum(orders)::int as orders, sum(refunds)::float8 as refunds
      from (
        select ${truncated(bucket, sql`o.paid_at`)} as period, o.amount_cents as revenue, 1 as orders, 0 as refunds
          from orders o where ${SALE} and o.paid_at >= ${at(w.start)} and o.paid_at < ${at(w.end)}
        union all
        select ${truncated(bucket, sql`o.refunded_at`)}, 0, 0, o.amount_cents
          from orders o where ${SALE} and o.refunded_at >= ${at(w.start)} and o.refunded_at < ${at(w.end)}
      ) t group by t.period`,
  )
}

export async function revenueTotals(db: Db, w: Window) {
  const [row] = await queryRows<{ revenue: number; orders: number; refunds: number }>(
    db,
    sql`select paid.revenue, paid.orders, refunded.refunds
      from (select coalesce(sum(o.amount_cents), 0)::float8 as revenue, count(*)::int as orders
          from orders o where ${SALE} and o.paid_at >= ${at(w.start)} and o.paid_at < ${at(w.end)}) paid,
        (select coalesce(sum(o.amount_cents), 0)::float8 as refunds
          from orders o where ${SALE} and o.refunded_at >= ${at(w.start)} and o.refunded_at < ${at(w.end)}) refunded`,
  )
  return row ?? { revenue: 0, orders: 0, refunds: 0 }
}

/**
 * Boxes sold and their revenue, per box, from the orders' lines (issue 32): a quantity counts
 * as that many units, and an order of several boxes counts for each; shipping and tax are not a
 * box's revenue.
 */
export async function topProducts(db: Db, w: Window, limit: number) {
  return queryRows<{ product_id: string; name: string; units: number; revenue: number }>(
    db,
    sql`select p.id::text as product_id, p.name, t.units, t.revenue
      from (
        select i.product_id, sum(i.quantity)::int as units, sum(i.line_total_cents)::float8 as revenue
        from orders o join order_items i on i.order_id = o.id
        where ${SALE} and o.paid_at >= ${at(w.start)} and o.paid_at < ${at(w.end)}
        group by i.product_id
      ) t join products p on p.id = t.product_id
      order by t.revenue desc, t.units desc, p.name limit ${limit}`,
  )
}

// A subscription is counted from its start until it ended, unless it never got past its
// first payment (incomplete, incomplete_expired).
const COUNTED_SUBSCRIPTION = sql`s.status not in ('incomplete', 'incomplete_expired')`

/**
 * Per plan, in one pass: live at the start of the previous period, of this one and at its
 * end; started and ended in each period.
 */
export async function subscriptionTotals(db: Db, previous: Window, current: Window) {
  const liveAt = (instant: string) =>
    sql`s.created_at < ${at(instant)} and (s.ended_at is null or s.ended_at >= ${at(instant)})`
  const within = (column: SQL, w: Window) => sql`${column} >= ${at(w.start)} and ${column} < ${at(w.end)}`
  return queryRows<{
    tier: string
    live_previous_start: number
    live_start: number
    live_end: number
    started_previous: number
    started: number
    ended_previous: number
    ended: number
  }>(
    db,
    sql`select s.tier,
        (count(*) filter (where ${liveAt(previous.start)}))::int as live_previous_start,
        (count(*) filter (where ${liveAt(current.start)}))::int as live_start,
        (count(*) filter (where ${liveAt(current.end)}))::int as live_end,
        (count(*) filter (where ${within(sql`s.created_at`, previous)}))::int as started_previous,
        (count(*) filter (where ${within(sql`s.created_at`, current)}))::int as started,
        (count(*) filter (where ${within(sql`s.ended_at`, previous)}))::int as ended_previous,
        (count(*) filter (where ${within(sql`s.ended_at`, current)}))::int as ended
      from subscriptions s where ${COUNTED_SUBSCRIPTION} and s.created_at < ${at(current.end)}
        and (s.ended_at is null or s.ended_at >= ${at(previous.start)})
      group by s.tier`,
  )
}

/** Starts (+1) and ends (-1) per period and plan within the window. */
export async function subscriptionChanges(db: Db, w: Window, bucket: Bucket) {
  return queryRows<{ period: string; tier: string; started: number; ended: number }>(
    db,
    sql`select period, tier, sum(started)::int as started, sum(ended)::int as ended from (
        select ${period(bucket, sql`s.created_at`)} as period, s.tier, 1 as started, 0 as ended
          from subscriptions s where ${COUNTED_SUBSCRIPTION} and s.created_at >= ${at(w.start)} and s.created_at < ${at(w.end)}
        union all
        select ${period(bucket, sql`s.ended_at`)}, s.tier, 0, 1
          from subscriptions s where ${COUNTED_SUBSCRIPTION} and s.ended_at >= ${at(w.start)} and s.ended_at < ${at(w.end)}
      ) t group by period, tier`,
  )
}

/** Orders made at checkout (payment pages opened), paid, and declined, in the window. */
export async function checkoutOrders(db: Db, w: Window) {
  const [row] = await queryRows<{ created: number; paid: number; declined: number }>(
    db,
    sql`select made.created, made.declined, sold.paid
      from (select count(*)::int as created, (count(*) filter (where o.status = 'failed'))::int as declined
          from orders o where o.provider <> 'admin' and o.created_at >= ${at(w.start)} and o.created_at < ${at(w.end)}) made,
        (select count(*)::int as paid
          from orders o where ${SALE} and o.paid_at >= ${at(w.start)} and o.paid_at < ${at(w.end)}) sold`,
  )
  return row ?? { created: 0, paid: 0, declined: 0 }
}

/** The sum of one counted kind over the window's days. */
export async function countedTotal(db: Db, kind: string, w: Window) {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as total from insight_daily_counts
      where kind = ${kind} and day >= ${dayOf(w.start)} and day < ${dayOf(w.end)}`,
  )
  return row?.total ?? 0
}

/** The first day a kind was counted, or null. */
export async function firstCountedDay(db: Db, kind: string) {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(min(day), 'YYYY-MM-DD') as day from insight_daily_counts where kind = ${kind}`,
  )
  return row?.day ?? null
}

export async function countedPerPeriod(db: Db, kind: string, w: Window, bucket: Bucket) {
  return queryRows<{ period: string; total: number }>(
    db,
    sql`select ${periodOfDay(bucket, sql`day`)} as period, sum(count)::int as total from insight_daily_counts
      where kind = ${kind} and day >= ${dayOf(w.start)} and day < ${dayOf(w.end)}
      group by 1`,
  )
}

/** Each resource's downloads in the window (`t.downloads`), with the resource (`r`) and its category (`c`). */
const resourceDownloads = (w: Window) => sql`(
        select key, sum(count)::int as downloads from insight_daily_counts
        where kind = 'download' and day >= ${dayOf(w.start)} and day < ${dayOf(w.end)}
        group by key
      ) t
      join resources r on r.id::text = t.key
      join categories c on c.id = r.category_id`

export async function topResources(db: Db, w: Window, limit: number) {
  return queryRows<{ resource_id: string; title: string; category: string; downloads: number }>(
    db,
    sql`select r.id::text as resource_id, r.title, c.name as category, t.downloads
      from ${resourceDownloads(w)}
      order by t.downloads desc, r.title limit ${limit}`,
  )
}

export async function topCategories(db: Db, w: Window, limit: number) {
  return queryRows<{ category_id: string; name: string; downloads: number }>(
    db,
    sql`select c.id::text as category_id, c.name, sum(t.downloads)::int as downloads
      from ${resourceDownloads(w)}
      group by c.id, c.name
      order by downloads desc, c.name limit ${limit}`,
  )
}

export async function emptySearches(db: Db, w: Window, limit: number) {
  return queryRows<{ term: string; count: number }>(
    db,
    sql`select key as term, sum(count)::int as count from insight_daily_counts
      where kind = 'search_empty' and day >= ${dayOf(w.start)} and day < ${dayOf(w.end)}
      group by key order by count desc, key limit ${limit}`,
  )
}

/** Per product with puzzle steps: its active steps, players started and finished in the window. */
export async function puzzlePlayers(db: Db, w: Window) {
  return queryRows<{ product_id: string; name: string; steps: number; started: number; finished: number }>(
    db,
    sql`select p.id::text as product_id, p.name,
        (select count(*)::int from puzzle_content pc where pc.product_id = p.id and pc.is_active) as steps,
        (select count(*)::int from user_progress u where u.product_id = p.id
          and u.created_at >= ${at(w.start)} and u.created_at < ${at(w.end)}) as started,
        (select count(*)::int from user_progress u where u.product_id = p.id
          and u.completed_at >= ${at(w.start)} and u.completed_at < ${at(w.end)}) as finished
      from products p
      where exists (select 1 from puzzle_content pc where pc.product_id = p.id)
      order by p.name`,
  )
}

/** Players who started in the window and have not finished, by the step they are on. */
export async function puzzleDropOff(db: Db, w: Window) {
  return queryRows<{ product_id: string; step: number; players: number }>(
    db,
    sql`select u.product_id::text as product_id, u.current_step as step, count(*)::int as players
      from user_progress u
      where u.completed_at is null and u.created_at >= ${at(w.start)} and u.created_at < ${at(w.end)}
      group by u.product_id, u.current_step
      order by u.product_id, u.current_step`,
  )
}

type Writer = Pick<Db, 'insert'>

/**
 * One more of `kind` today (UTC) under `key`: a single upsert, made inside the write the
 * event belongs to when there is one (a download's transaction), so it is counted exactly
 * when that write is. Holds no personal data: ids of our own rows, or search words.
 */
export async function countInsight(db: Writer, kind: InsightCountKind, key: string) {
  await db
    .insert(insightDailyCounts)
    .values({ kind, day: sql`(now() at time zone 'UTC')::date`, key, count: 1 })
    .onConflictDoUpdate({
      target: [insightDailyCounts.kind, insightDailyCounts.day, insightDailyCounts.key],
      set: { count: sql`${insightDailyCounts.count} + 1` },
    })
}

/** Forgets the words of empty searches counted more than `days` days ago (UTC). */
export async function deleteEmptySearchesOlderThan(db: Db, days: number) {
  await db.execute(
    sql`delete from insight_daily_counts where kind = 'search_empty'
      and day < (now() at time zone 'UTC')::date - ${days}::int`,
  )
}
