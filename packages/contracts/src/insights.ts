import { z } from 'zod'
import { DAY_MS } from './constants'
import { endpoint } from './endpoint'

/**
 * The admin's Insights (issue 37, decision 044): charts of the business over a range of UTC
 * days, each figure beside the same figure for the period of equal length just before.
 */

/** The longest range one request may ask for (two years and a day: "this year" and more). */
export const INSIGHTS_MAX_DAYS = 732
/** Ranges up to this many days are drawn per day; longer ones per week (Monday to Sunday). */
export const INSIGHTS_DAILY_MAX_DAYS = 92
/** How many products, resources, categories and searches a top list holds. */
export const INSIGHTS_TOP = 10

/** `YYYY-MM-DD`, a real day in UTC between 2000 and 2100. */
const insightDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
  }, 'Not a real date.')
  .refine((value) => value >= '2000-01-01' && value <= '2100-12-31', 'Use a date between 2000 and 2100.')

/** Days from `from` to `to`, both included. */
export function insightDays(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1
}

export const InsightsRangeSchema = z
  .object({ from: insightDay, to: insightDay })
  .superRefine((range, ctx) => {
    if (range.to < range.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date.' })
    else if (insightDays(range.from, range.to) > INSIGHTS_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `Choose at most ${INSIGHTS_MAX_DAYS} days.`,
      })
  })
export type InsightsRange = z.input<typeof InsightsRangeSchema>

const RangeEcho = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  bucket: z.enum(['day', 'week']),
  /** The period of equal length just before: what every `previous` figure is of. */
  previous_from: z.string(),
  previous_to: z.string(),
})
export type InsightsRangeEcho = z.infer<typeof RangeEcho>

const count = z.number().int()
const cents = z.number().int()

const RevenueTotals = z.object({
  order_revenue_cents: cents,
  refunds_cents: cents,
  net_cents: cents,
  orders: count,
  /** Order revenue over paid orders, rounded to a cent; null with no order. */
  average_order_cents: cents.nullable(),
})
export type RevenueTotals = z.infer<typeof RevenueTotals>

export const RevenueInsightsSchema = z.object({
  range: RangeEcho,
  series: z.array(
    z.object({
      period: z.string(),
      order_revenue_cents: cents,
      /** Refunded in this period, negative. */
      refunds_cents: cents,
      net_cents: cents,
      orders: count,
    }),
  ),
  totals: z.object({ current: RevenueTotals, previous: RevenueTotals }),
  top_products: z.array(
    z.object({ product_id: z.string(), name: z.string(), units: count, revenue_cents: cents }),
  ),
  /** Sources of revenue the shop does not record yet (shown as such, never as a zero). */
  not_recorded: z.array(z.string()),
})
export type RevenueInsights = z.infer<typeof RevenueInsightsSchema>

const SubscriberTotals = z.object({
  active_at_start: count,
  active_at_end: count,
  mrr_cents: cents,
  new: count,
  cancelled: count,
  /** Cancelled in the period over active at its start; null when none was active. */
  churn_rate: z.number().nullable(),
})
export type SubscriberTotals = z.infer<typeof SubscriberTotals>

export const SubscriberInsightsSchema = z.object({
  range: RangeEcho,
  tiers: z.array(z.object({ tier: z.string(), price_cents: cents })),
  /** Active at the end of each period, per plan (keyed by tier), and the recurring revenue then. */
  series: z.array(
    z.object({
      period: z.string(),
      active: z.record(z.string(), count),
      total: count,
      mrr_cents: cents,
      new: count,
      cancelled: count,
    }),
  ),
  totals: z.object({ current: SubscriberTotals, previous: SubscriberTotals }),
})
export type SubscriberInsights = z.infer<typeof SubscriberInsightsSchema>

export const FUNNEL_STAGES = ['carts', 'checkouts_started', 'payment_pages', 'paid_orders'] as const
export type FunnelStage = (typeof FUNNEL_STAGES)[number]

export const FunnelInsightsSchema = z.object({
  range: RangeEcho,
  stages: z.array(
    z.object({
      stage: z.enum(FUNNEL_STAGES),
      label: z.string(),
      /** Null: not recorded (yet) for this period. */
      current: count.nullable(),
      previous: count.nullable(),
      /** The first day this stage was counted, when it is counted from a day on; null otherwise. */
      recorded_since: z.string().nullable(),
    }),
  ),
  declines: z.object({ current: count, previous: count }),
})
export type FunnelInsights = z.infer<typeof FunnelInsightsSchema>

export const LibraryInsightsSchema = z.object({
  range: RangeEcho,
  series: z.array(z.object({ period: z.string(), downloads: count })),
  totals: z.object({
    current: z.object({ downloads: count, empty_searches: count }),
    previous: z.object({ downloads: count, empty_searches: count }),
  }),
  top_resources: z.array(
    z.object({ resource_id: z.string(), title: z.string(), category: z.string(), downloads: count }),
  ),
  top_categories: z.array(z.object({ category_id: z.string(), name: z.string(), downloads: count })),
  empty_searches: z.array(z.object({ term: z.string(), count })),
  /** Downloads per day are counted from this day on; null before any was. */
  recorded_since: z.string().nullable(),
})
export type LibraryInsights = z.infer<typeof LibraryInsightsSchema>

export const PuzzleInsightsSchema = z.object({
  range: RangeEcho,
  products: z.array(
    z.object({
      product_id: z.string(),
      name: z.string(),
      steps: count,
      started: count,
      finished: count,
      previous_started: count,
      previous_finished: count,
    }),
  ),
  /** Players who started in the range and have not finished, by the step they are on. */
  drop_off: z.array(z.object({ product_id: z.string(), step: count, players: count })),
})
export type PuzzleInsights = z.infer<typeof PuzzleInsightsSchema>

const section = <S extends z.ZodType>(path: string, summary: string, schema: S) =>
  endpoint({
    method: 'GET',
    path: `/admin/insights/${path}`,
    access: 'admin',
    summary,
    query: InsightsRangeSchema,
    response: z.object({ data: schema }),
  })

export const insightsContract = {
  revenue: section(
    'revenue',
    'Revenue per day or week (orders, refunds negative), orders, average order value and top products, with the previous period',
    RevenueInsightsSchema,
  ),
  subscribers: section(
    'subscribers',
    'Active subscribers per plan over time, monthly recurring revenue, new, cancelled and churn, with the previous period',
    SubscriberInsightsSchema,
  ),
  funnel: section(
    'funnel',
    'Checkout funnel: checkouts started, payment pages, paid orders and declines, with the previous period',
    FunnelInsightsSchema,
  ),
  library: section(
    'library',
    'Library downloads per day or week, top resources and categories, searches that found nothing',
    LibraryInsightsSchema,
  ),
  puzzles: section(
    'puzzles',
    'Puzzle players started and finished per product, and the step unfinished players are on',
    PuzzleInsightsSchema,
  ),
}
