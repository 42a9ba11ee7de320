import {
  formatCount,
  formatMoney,
  INSIGHTS_MAX_DAYS,
  type InsightsRange,
  InsightsRangeSchema,
} from '@lamplight/contracts'
import { Button, ErrorState, Input, Label, LoadingState } from '@lamplight/ui'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  funnelInsightsQuery,
  libraryInsightsQuery,
  puzzleInsightsQuery,
  revenueInsightsQuery,
  subscriberInsightsQuery,
} from '../../api/insights'
import { AdminPage } from '../../components/admin-page'
import { ChartCard, csvFile, type FigureSpec, Figures } from './chart-card'
import { PeriodChart, periodLabel, RankedBars, RankedCard } from './charts'

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const PRESETS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'year', label: 'This year' },
] as const

/** A preset's days, ending today (UTC, as the API counts days). */
function presetRange(preset: string, now = Date.now()): InsightsRange {
  const today = iso(now)
  if (preset === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today }
  const days = Number(preset) || 30
  return { from: iso(now - (days - 1) * DAY), to: today }
}

const money = (cents: number) => formatMoney(cents)
// An axis's money is short, whatever the size ($750, $3.6K, -$1.2K): a long tick crowded the
// axis's own label, and a minus sign came after the dollar sign.
const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
})
const axisMoney = (cents: number) => compactDollars.format(Math.round(cents / 100))
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`

type Totals<K extends string> = Record<K, number | null>

const REVENUE_FIGURES: FigureSpec<
  Totals<'net_cents' | 'orders' | 'average_order_cents' | 'refunds_cents'>
>[] = [
  { of: 'net_cents', label: 'Net revenue', format: money },
  { of: 'orders', label: 'Orders', format: formatCount },
  { of: 'average_order_cents', label: 'Average order', format: money },
  { of: 'refunds_cents', label: 'Refunds', format: money },
]

const SUBSCRIBER_FIGURES: FigureSpec<
  Totals<'active_at_end' | 'mrr_cents' | 'new' | 'cancelled' | 'churn_rate'>
>[] = [
  { of: 'active_at_end', label: 'Active at the end', format: formatCount },
  { of: 'mrr_cents', label: 'Monthly recurring revenue', format: money },
  { of: 'new', label: 'New', format: formatCount },
  { of: 'cancelled', label: 'Cancelled', format: formatCount, lowerIsBetter: true },
  {
    of: 'churn_rate',
    label: 'Churn rate',
    format: percent,
    lowerIsBetter: true,
    none: 'No subscribers at the start',
  },
]

const LIBRARY_FIGURES: FigureSpec<Totals<'downloads' | 'empty_searches'>>[] = [
  { of: 'downloads', label: 'Downloads', format: formatCount },
  { of: 'empty_searches', label: 'Searches that found nothing', format: formatCount, lowerIsBetter: true },
]

export function InsightsPage() {
  return (
    <AdminPage
      title="Insights"
      lead="Sales, subscribers, checkout, the library and the puzzles, against the period before."
    >
      <Insights />
    </AdminPage>
  )
}

function Insights() {
  const [params, setParams] = useSearchParams()
  const preset = params.get('range') ?? '30'
  const custom = InsightsRangeSchema.safeParse({ from: params.get('from'), to: params.get('to') })
  const range = preset === 'custom' && custom.success ? custom.data : presetRange(preset)
  return (
    <div className="space-y-8">
      <RangePicker preset={preset} range={range} onChange={(next) => setParams(next, { replace: true })} />
      <RevenueSection range={range} />
      <SubscriberSection range={range} />
      <FunnelSection range={range} />
      <LibrarySection range={range} />
      <PuzzleSection range={range} />
    </div>
  )
}

function RangePicker({
  preset,
  range,
  onChange,
}: {
  preset: string
  range: InsightsRange
  onChange: (params: Record<string, string>) => void
}) {
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})
  return (
    <section aria-label="Period" className="space-y-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Period</legend>
        {PRESETS.map((option) => (
          <Button
            key={option.value}
            type="button"
            size="sm"
            variant={preset === option.value ? 'default' : 'outline'}
            aria-pressed={preset === option.value}
            onClick={() => {
              const next = presetRange(option.value)
              setFrom(next.from)
              setTo(next.to)
              setErrors({})
              onChange({ range: option.value })
            }}
          >
            {option.label}
          </Button>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <DateField id="insights-from" label="From" value={from} onChange={setFrom} error={errors.from} />
        <DateField id="insights-to" label="To" value={to} onChange={setTo} error={errors.to} />
        <Button
          type="button"
          size="sm"
          variant={preset === 'custom' ? 'default' : 'outline'}
          onClick={() => {
            const parsed = InsightsRangeSchema.safeParse({ from, to })
            if (!parsed.success) {
              const next: { from?: string; to?: string } = {}
              for (const issue of parsed.error.issues) {
                const field = issue.path[0] === 'to' ? 'to' : 'from'
                next[field] ??= issue.message
              }
              setErrors(next)
              return
            }
            setErrors({})
            onChange({ range: 'custom', from, to })
          }}
        >
          Show this period
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">
        {range.from} to {range.to} (UTC days, at most {INSIGHTS_MAX_DAYS}), compared with the same number of
        days just before.
      </p>
    </section>
  )
}

function DateField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-44"
      />
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A section's three states: loading, failed with Retry, or its content. */
function Section<T>({
  title,
  query,
  children,
}: {
  title: string
  query: UseQueryResult<T, unknown>
  children: (data: T) => ReactNode
}) {
  const id = title.toLowerCase().replace(/\W+/g, '-')
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="font-semibold text-xl">
        {title}
      </h2>
      {query.data ? (
        children(query.data)
      ) : query.isError ? (
        <ErrorState
          title={`${title} did not load`}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <LoadingState label={`Loading ${title.toLowerCase()}`} />
      )}
    </section>
  )
}

function RevenueSection({ range }: { range: InsightsRange }) {
  const query = useQuery(revenueInsightsQuery(range))
  return (
    <Section title="Revenue" query={query}>
      {(data) => (
        <>
          <Figures totals={data.totals} figures={REVENUE_FIGURES} />
          <p className="text-muted-foreground text-sm">
            Not recorded yet: {data.not_recorded.join(', ')} (shown when the shop records them, never as a
            zero).
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard
              id="revenue-chart"
              title={`Revenue per ${data.range.bucket}`}
              description="Paid orders by the day they were paid; refunds as negative on the day refunded."
              csvName={csvFile('revenue', data.range)}
              rows={data.series}
              columns={[
                { key: 'period', label: periodLabel(data.range.bucket) },
                {
                  key: 'order_revenue_cents',
                  label: 'Order revenue',
                  csvLabel: 'Order revenue (cents)',
                  format: (v) => money(Number(v)),
                },
                {
                  key: 'refunds_cents',
                  label: 'Refunds',
                  csvLabel: 'Refunds (cents)',
                  format: (v) => money(Number(v)),
                },
                { key: 'net_cents', label: 'Net', csvLabel: 'Net (cents)', format: (v) => money(Number(v)) },
                { key: 'orders', label: 'Orders' },
              ]}
            >
              <PeriodChart
                kind="bars"
                rows={data.series}
                bucket={data.range.bucket}
                valueLabel="Dollars"
                valueWidth={64}
                format={money}
                axisFormat={axisMoney}
                series={[
                  { key: 'order_revenue_cents', name: 'Orders', stack: 'r' },
                  { key: 'refunds_cents', name: 'Refunds', stack: 'r' },
                ]}
              />
            </ChartCard>
            <RankedCard
              id="top-products"
              title="Top products"
              description="By revenue in this period, with units sold."
              csvName={csvFile('top-products', data.range)}
              rows={data.top_products}
              columns={[
                { key: 'name', label: 'Product' },
                { key: 'units', label: 'Units' },
                {
                  key: 'revenue_cents',
                  label: 'Revenue',
                  csvLabel: 'Revenue (cents)',
                  format: (v) => money(Number(v)),
                },
              ]}
              bars={{
                category: 'name',
                categoryWidth: 110,
                valueLabel: 'Revenue (dollars)',
                format: money,
                axisFormat: axisMoney,
                series: [{ key: 'revenue_cents', name: 'Revenue' }],
              }}
            />
          </div>
        </>
      )}
    </Section>
  )
}

function SubscriberSection({ range }: { range: InsightsRange }) {
  const query = useQuery(subscriberInsightsQuery(range))
  return (
    <Section title="Subscribers" query={query}>
      {(data) => {
        const rows = data.series.map((point) => ({
          period: point.period,
          ...Object.fromEntries(data.tiers.map(({ tier }) => [tier, point.active[tier] ?? 0])),
          total: point.total,
          mrr_cents: point.mrr_cents,
          new: point.new,
          cancelled: point.cancelled,
        })) as Record<string, string | number>[]
        return (
          <>
            <Figures totals={data.totals} figures={SUBSCRIBER_FIGURES} />
            <ChartCard
              id="subscribers-chart"
              title="Active subscribers per plan"
              description={`At the end of each ${data.range.bucket}; churn is cancelled over active at the start of the period.`}
              csvName={csvFile('subscribers', data.range)}
              rows={rows}
              columns={[
                { key: 'period', label: periodLabel(data.range.bucket) },
                ...data.tiers.map(({ tier }) => ({ key: tier, label: `${tier} active` })),
                { key: 'total', label: 'Total active' },
                {
                  key: 'mrr_cents',
                  label: 'MRR',
                  csvLabel: 'MRR (cents)',
                  format: (v: unknown) => money(Number(v)),
                },
                { key: 'new', label: 'New' },
                { key: 'cancelled', label: 'Cancelled' },
              ]}
            >
              <PeriodChart
                kind="areas"
                rows={rows}
                bucket={data.range.bucket}
                valueLabel="Subscribers"
                series={data.tiers.map(({ tier }) => ({ key: tier, name: tier, stack: 'tiers' }))}
              />
            </ChartCard>
          </>
        )
      }}
    </Section>
  )
}

function FunnelSection({ range }: { range: InsightsRange }) {
  const query = useQuery(funnelInsightsQuery(range))
  return (
    <Section title="Checkout funnel" query={query}>
      {(data) => {
        let before: number | null = null
        const rows = data.stages.map((stage) => {
          const rate = stage.current !== null && before ? stage.current / before : null
          if (stage.current !== null) before = stage.current
          return {
            label: stage.label,
            current: stage.current ?? 'Not recorded yet',
            previous: stage.previous ?? 'Not recorded yet',
            conversion: rate === null ? '' : percent(rate),
            count: stage.current ?? 0,
          }
        })
        const started = data.stages.find((stage) => stage.stage === 'checkouts_started')?.recorded_since
        return (
          <ChartCard
            id="funnel-chart"
            title="From checkout to paid order"
            description={
              <>
                Carts are not counted yet. Checkouts started (boxes and gift cards) are counted
                {started ? ` since ${started}` : ' from the first one'}. Declined payments:{' '}
                {formatCount(data.declines.current)} (previous period {formatCount(data.declines.previous)}).
              </>
            }
            csvName={csvFile('funnel', data.range)}
            rows={rows}
            columns={[
              { key: 'label', label: 'Stage' },
              { key: 'current', label: 'This period' },
              { key: 'previous', label: 'Previous period' },
              { key: 'conversion', label: 'From the stage before' },
            ]}
          >
            <RankedBars
              rows={rows.filter((row) => typeof row.current === 'number')}
              category="label"
              valueLabel="Count"
              series={[{ key: 'count', name: 'This period' }]}
            />
          </ChartCard>
        )
      }}
    </Section>
  )
}

function LibrarySection({ range }: { range: InsightsRange }) {
  const query = useQuery(libraryInsightsQuery(range))
  return (
    <Section title="Library" query={query}>
      {(data) => (
        <>
          <Figures totals={data.totals} figures={LIBRARY_FIGURES} />
          {data.recorded_since && data.recorded_since > data.range.from ? (
            <p className="text-muted-foreground text-sm">
              Downloads per day are counted since {data.recorded_since}.
            </p>
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard
              id="downloads-chart"
              title={`Downloads per ${data.range.bucket}`}
              description="Counted downloads (a repeat by the same visitor within a minute counts once)."
              csvName={csvFile('downloads', data.range)}
              rows={data.series}
              columns={[
                { key: 'period', label: periodLabel(data.range.bucket) },
                { key: 'downloads', label: 'Downloads' },
              ]}
            >
              <PeriodChart
                kind="lines"
                rows={data.series}
                bucket={data.range.bucket}
                valueLabel="Downloads"
                series={[{ key: 'downloads', name: 'Downloads' }]}
              />
            </ChartCard>
            <RankedCard
              id="top-categories"
              title="Top categories"
              description="Downloads of each category's resources in this period."
              csvName={csvFile('top-categories', data.range)}
              rows={data.top_categories}
              columns={[
                { key: 'name', label: 'Category' },
                { key: 'downloads', label: 'Downloads' },
              ]}
              bars={{
                category: 'name',
                categoryWidth: 110,
                valueLabel: 'Downloads',
                series: [{ key: 'downloads', name: 'Downloads', colour: 1 }],
              }}
            />
            <RankedCard
              id="top-resources"
              title="Top resources"
              description="The most downloaded resources in this period."
              csvName={csvFile('top-resources', data.range)}
              rows={data.top_resources}
              columns={[
                { key: 'title', label: 'Resource' },
                { key: 'category', label: 'Category' },
                { key: 'downloads', label: 'Downloads' },
              ]}
              bars={{
                category: 'title',
                categoryWidth: 130,
                valueLabel: 'Downloads',
                series: [{ key: 'downloads', name: 'Downloads' }],
              }}
            />
            <RankedCard
              id="empty-searches"
              title="Searches that found nothing"
              description="What families looked for and the library did not have: ideas for what to write next. Words are kept 400 days."
              csvName={csvFile('empty-searches', data.range)}
              rows={data.empty_searches}
              columns={[
                { key: 'term', label: 'Search' },
                { key: 'count', label: 'Times' },
              ]}
              bars={{
                category: 'term',
                categoryWidth: 130,
                valueLabel: 'Times searched',
                series: [{ key: 'count', name: 'Times', colour: 2 }],
              }}
            />
          </div>
        </>
      )}
    </Section>
  )
}

function PuzzleSection({ range }: { range: InsightsRange }) {
  const query = useQuery(puzzleInsightsQuery(range))
  return (
    <Section title="Puzzles" query={query}>
      {(data) => {
        const names = new Map(data.products.map((product) => [product.product_id, product.name]))
        const dropOff = data.drop_off.map((row) => ({
          product: names.get(row.product_id) ?? row.product_id,
          step: row.step,
          players: row.players,
        }))
        return (
          <div className="grid gap-4 lg:grid-cols-2">
            <RankedCard
              id="puzzle-players"
              title="Players started and finished"
              description="Per puzzle box, in this period (previous period in the table)."
              csvName={csvFile('puzzle-players', data.range)}
              rows={data.products}
              columns={[
                { key: 'name', label: 'Puzzle' },
                { key: 'steps', label: 'Steps' },
                { key: 'started', label: 'Started' },
                { key: 'finished', label: 'Finished' },
                { key: 'previous_started', label: 'Started (previous)' },
                { key: 'previous_finished', label: 'Finished (previous)' },
              ]}
              bars={{
                category: 'name',
                valueLabel: 'Players',
                series: [
                  { key: 'started', name: 'Started', colour: 1 },
                  { key: 'finished', name: 'Finished', colour: 0 },
                ],
              }}
            />
            <ChartCard
              id="puzzle-drop-off"
              title="Where players are stuck"
              description="Players who started in this period and have not finished, by the step they are on."
              csvName={csvFile('puzzle-drop-off', data.range)}
              rows={dropOff}
              columns={[
                { key: 'product', label: 'Puzzle' },
                { key: 'step', label: 'Step' },
                { key: 'players', label: 'Players' },
              ]}
            />
          </div>
        )
      }}
    </Section>
  )
}
