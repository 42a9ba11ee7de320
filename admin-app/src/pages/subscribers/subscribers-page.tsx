import {
  type AdminSubscriber,
  formatCount,
  formatMoney,
  monthName,
  SUBSCRIBER_FILTER_STATUSES,
  SUBSCRIPTION_TIERS,
  type SubscriptionTier,
} from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ErrorState,
  Form,
  Input,
  Label,
  NativeSelect,
  Skeleton,
  toast,
} from '@lamplight/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { adminProductsQuery } from '../../api/products'
import {
  setBoxMutation,
  subscriberActionMutation,
  subscriberKeys,
  subscriberQuery,
  subscribersQuery,
  subscriptionBoxesQuery,
  subscriptionFiguresQuery,
  testRenewalsMutation,
} from '../../api/subscriptions'
import { AdminListFrame, ChoiceFilter } from '../../components/admin-list-frame'
import type { AdminColumn } from '../../components/data-table'
import { addressLine, Detail, DetailCard } from '../../components/detail-card'
import { LinkButton } from '../../components/link-button'
import { QueryTable } from '../../components/query-table'
import { guarded } from '../../components/require-role'
import { SearchBox } from '../../components/search-box'
import { formatDate } from '../../lib/format'
import { useUrlFilters } from '../../lib/use-url-filters'
import { AwaitingBoxAlert } from './awaiting-box-alert'
import { GiftSubscriptions } from './gift-subscriptions'
import { MonthsList } from './months-list'

export const SubscribersPage = guarded(Subscribers)

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelling: 'Cancelling',
  past_due: 'Past due',
  canceled: 'Cancelled',
}

const statusOf = (s: { status: string; cancel_at_period_end: boolean; paused_until: string | null }) =>
  s.status === 'canceled' || s.status === 'incomplete_expired'
    ? 'Cancelled'
    : s.status === 'past_due' || s.status === 'unpaid'
      ? 'Past due'
      : s.cancel_at_period_end
        ? 'Cancelling'
        : s.paused_until
          ? 'Paused'
          : 'Active'

type SubscriberFilters = {
  q?: string
  status?: (typeof SUBSCRIBER_FILTER_STATUSES)[number]
  plan?: SubscriptionTier
  page: number
  /** The subscriber whose detail is open: a selection, not a filter. */
  id?: string
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  (list as readonly (string | null)[]).includes(value)

/** Search, status, plan and page (and the open subscriber) from the address; what does not parse is ignored. */
function parseSubscriberFilters(params: URLSearchParams): SubscriberFilters {
  const status = params.get('status')
  const plan = params.get('plan')
  const page = Number(params.get('page'))
  return {
    q: params.get('q') || undefined,
    status: isOneOf(SUBSCRIBER_FILTER_STATUSES, status) ? status : undefined,
    plan: isOneOf(SUBSCRIPTION_TIERS, plan) ? plan : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    id: params.get('id') || undefined,
  }
}

const LIST_DEFAULTS = { page: 1 } as const
const SELECTION = ['id'] as const

function Subscribers() {
  const { query, update, clear, filtered } = useUrlFilters(parseSubscriberFilters, {
    defaults: LIST_DEFAULTS,
    selection: SELECTION,
  })
  const { id: selected, ...listQuery } = query
  const list = useQuery(subscribersQuery(listQuery))
  const columns = useMemo<AdminColumn<AdminSubscriber>[]>(
    () => [
      {
        header: 'Subscriber',
        cell: ({ row }) => (
          <button
            type="button"
            className="text-left font-medium text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
            onClick={() => update({ id: row.original.id })}
          >
            {row.original.email}
            {row.original.name && (
              <span className="block text-muted-foreground text-xs">{row.original.name}</span>
            )}
          </button>
        ),
      },
      { header: 'Plan', accessorKey: 'tier' },
      {
        header: 'Status',
        cell: ({ row }) => {
          const label = statusOf(row.original)
          return (
            <Badge
              variant={label === 'Active' ? 'default' : label === 'Past due' ? 'destructive' : 'secondary'}
            >
              {label}
            </Badge>
          )
        },
      },
      { header: 'Since', cell: ({ row }) => formatDate(row.original.since) },
      {
        header: 'Next shipment',
        cell: ({ row }) => (row.original.next_shipment ? monthName(row.original.next_shipment) : '—'),
      },
      { header: 'City', cell: ({ row }) => row.original.city ?? '—' },
    ],
    [update],
  )
  return (
    <AdminListFrame
      eyebrow="Admin"
      title="Subscribers"
      lead="Monthly plans: who gets boxes, when, and where."
      actions={
        <LinkButton to="/admin/fulfilment" variant="outline" size="sm">
          Fulfilment queue
        </LinkButton>
      }
      beforeList={
        <>
          <SubscriberFigures />
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <MonthBox />
            <TestClock />
          </div>
          {selected && <SubscriberDetail id={selected} onClose={() => update({ id: undefined })} />}
          <h2 id="subscribers-list" className="mt-8 mb-4 font-serif text-2xl">
            All subscribers
          </h2>
        </>
      }
      filtersClassName="sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      filtering={{ filtered, clear }}
      list={list}
      filters={
        <>
          <SearchBox
            label="Search by email or name"
            value={query.q ?? ''}
            onSearch={(q) => update({ q: q || undefined })}
            placeholder="Search by email or name"
          />
          <ChoiceFilter
            id="subscriber-status"
            label="Status"
            all="Every status"
            options={SUBSCRIBER_FILTER_STATUSES.map((s) => [s, STATUS_LABELS[s] ?? s] as const)}
            value={query.status}
            onChange={(status) => update({ status })}
          />
          <ChoiceFilter
            id="subscriber-plan"
            label="Plan"
            all="Every plan"
            options={SUBSCRIPTION_TIERS.map((t) => [t, t] as const)}
            value={query.plan}
            onChange={(plan) => update({ plan })}
          />
        </>
      }
    >
      <QueryTable
        query={list}
        columns={columns}
        getRowId={(row) => row.id}
        errorMessage="Failed to load subscribers"
        label="Subscribers"
        empty={filtered ? 'No subscribers match.' : 'No subscribers yet.'}
        pages={{
          page: query.page,
          onPage: (page) => update({ page }),
          label: 'Subscribers pages',
        }}
      />
      <GiftSubscriptions />
    </AdminListFrame>
  )
}

/**
 * Active per plan, monthly recurring revenue, new and cancelled this month, and (where no
 * other card says it: not on the dashboard, whose own card counts subscriptions too) the
 * month's revenue with subscriptions.
 */
export function SubscriberFigures({ withRevenue = true }: { withRevenue?: boolean }) {
  const { data, isError } = useQuery(subscriptionFiguresQuery())
  const cards = data
    ? [
        ...data.active_per_plan.map((p) => ({ label: `Active ${p.tier}`, value: formatCount(p.count) })),
        { label: 'Monthly recurring revenue', value: formatMoney(data.mrr_cents) },
        { label: 'New this month', value: formatCount(data.new_this_month) },
        { label: 'Cancelled this month', value: formatCount(data.cancelled_this_month) },
        { label: 'Past due', value: formatCount(data.past_due) },
        ...(withRevenue
          ? [
              {
                label: 'Revenue this month (orders, subscriptions, gifts)',
                value: formatMoney(data.revenue_this_month_cents),
              },
            ]
          : []),
      ]
    : null
  return (
    <>
      {data && <AwaitingBoxAlert awaiting={data.awaiting_box} />}
      <section aria-label="Subscriptions" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards ? (
          cards.map((card) => (
            <Card key={card.label} className="gap-2 py-4">
              <CardHeader className="px-4">
                <CardTitle className="font-medium text-muted-foreground text-sm">{card.label}</CardTitle>
              </CardHeader>
              <CardContent className="px-4">
                <p className="font-serif text-2xl text-foreground">{card.value}</p>
              </CardContent>
            </Card>
          ))
        ) : isError ? (
          <p className="text-muted-foreground">Subscription figures are unavailable.</p>
        ) : (
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-24" />)
        )}
      </section>
    </>
  )
}

const thisMonth = () => new Date().toISOString().slice(0, 7)
const nextMonth = () => {
  const d = new Date()
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7)
}

/** The box every subscriber gets in a month, from the catalogue. */
function MonthBox() {
  const client = useQueryClient()
  const boxes = useQuery(subscriptionBoxesQuery())
  const products = useQuery(adminProductsQuery({}))
  // A link from the waiting-months alert picks its month (`?box=2026-12`).
  const [month, setMonth] = useState(
    () => new URLSearchParams(window.location.search).get('box') ?? nextMonth(),
  )
  const [productId, setProductId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useMutation(setBoxMutation())
  const submit = () => {
    setError(null)
    if (!productId) return setError('Please choose a box.')
    save.mutate(
      { month, productId },
      {
        onSuccess: (r) => {
          toast.success(`${monthName(month)}: ${r.data.product_name}`, {
            description: r.shipped
              ? `${r.shipped} paid months waiting for it now ship.`
              : 'Set for every subscriber.',
          })
          client.invalidateQueries({ queryKey: subscriberKeys.all })
        },
        onError: (e) => setError(apiErrorMessage(e, 'The box could not be set.')),
      },
    )
  }
  return (
    <Card id="month-box">
      <CardHeader>
        <CardTitle className="font-serif text-xl">Box of the month</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form
          aria-label="Box of the month"
          className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="box-month">Month</Label>
            <Input
              id="box-month"
              type="month"
              value={month}
              min={thisMonth()}
              onChange={(e) => setMonth(e.target.value)}
              required
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="box-product">Box</Label>
            <NativeSelect
              id="box-product"
              className="w-full"
              value={productId}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'box-error' : undefined}
              onChange={(e) => setProductId(e.target.value)}
            >
              <option value="">Choose a box…</option>
              {(products.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.stock !== null ? ` (${p.stock} in stock)` : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Set box'}
          </Button>
        </Form>
        {error && (
          <p id="box-error" role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        {boxes.isError ? (
          <ErrorState
            size="section"
            title="Failed to load the boxes"
            onRetry={() => boxes.refetch()}
            retrying={boxes.isFetching}
          />
        ) : (
          <ul className="divide-y text-sm">
            {(boxes.data ?? []).map((b) => (
              <li key={b.month} className="flex justify-between gap-2 py-2">
                <span>{monthName(b.month)}</span>
                <span className="font-medium">{b.product_name}</span>
              </li>
            ))}
            {boxes.data?.length === 0 && (
              <li className="py-2 text-muted-foreground">No month has a box yet.</li>
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** Test mode: moves the clock to the end of a month; every test subscription due by then renews. */
function TestClock() {
  const client = useQueryClient()
  const [month, setMonth] = useState(nextMonth)
  const run = useMutation(testRenewalsMutation())
  return (
    <Card>
      <CardHeader>
        <CardTitle className="font-serif text-xl">Test renewals</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-muted-foreground text-sm">
          Test mode only: renews every test subscription due by the end of the month, as Stripe's invoice.paid
          would (a skipped month is not charged), each month shipped once. Gift subscriptions move too.
        </p>
        <Form
          aria-label="Test renewals"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            run.mutate(month, {
              onSuccess: (r) => {
                toast.success(`${monthName(month)} renewals run`, {
                  description: `${r.renewed} renewed, ${r.shipped} shipments, ${r.skipped} skipped.`,
                })
                client.invalidateQueries({ queryKey: subscriberKeys.all })
              },
              onError: (e) =>
                toast.error('Renewals not run', {
                  description: apiErrorMessage(e, 'Test renewals are only available in test mode.'),
                }),
            })
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="clock-month">Renew up to</Label>
            <Input
              id="clock-month"
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              required
            />
          </div>
          <Button type="submit" variant="outline" disabled={run.isPending}>
            {run.isPending ? 'Running…' : `Run ${monthName(month)} renewal`}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}

const PERIOD_LABELS: Record<string, string> = {
  shipped: 'Shipped',
  skipped: 'Skipped',
  awaiting_box: 'Paid, waiting for the box',
  paused: 'Paused',
}

function SubscriberDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useQueryClient()
  const detail = useQuery(subscriberQuery(id))
  const act = useMutation(subscriberActionMutation())
  const run = (action: 'skip' | 'skip-with-credit' | 'unskip' | 'cancel' | 'resume') =>
    act.mutate(
      { id, action },
      {
        onSuccess: () => {
          toast.success('Subscription updated')
          client.invalidateQueries({ queryKey: subscriberKeys.all })
        },
        onError: (e) => toast.error('Not changed', { description: apiErrorMessage(e, 'Please try again.') }),
      },
    )
  return (
    <DetailCard
      className="mt-8"
      title={detail.data?.email ?? 'Subscriber'}
      what="subscriber"
      onClose={onClose}
      query={detail}
    >
      {(d) => (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <Detail label="Plan">{d.tier}</Detail>
            <Detail label="Status">{statusOf(d)}</Detail>
            <Detail label="Since">{formatDate(d.since)}</Detail>
            <Detail label="Next shipment">
              {d.next_shipment ? monthName(d.next_shipment) : '—'}
              {d.next_period_skip === 'no_charge' && ' (skipped, not charged)'}
              {d.next_period_skip === 'credit' && ' (skipped, charged and credited to the payment after)'}
            </Detail>
            {d.paused_until && (
              <Detail label="Paused">Until {formatDate(d.paused_until)}: no boxes, no charges</Detail>
            )}
            {d.credit_cents > 0 && (
              <Detail label="Credit">{formatMoney(d.credit_cents)} off the next payment</Detail>
            )}
            {d.failed_attempts > 0 && (
              <Detail label="Failed tries">
                {d.failed_attempts}
                {d.next_payment_attempt_at
                  ? `, next try ${formatDate(d.next_payment_attempt_at)}`
                  : ', no more tries'}
              </Detail>
            )}
            <Detail label="Ships to">
              {d.shipping_address ? addressLine(d.shipping_address) : 'No address'}
            </Detail>
          </dl>
          <div className="flex flex-wrap gap-2">
            {d.next_shipment && !d.cancel_at_period_end && (
              <>
                <Button variant="outline" disabled={act.isPending} onClick={() => run('skip')}>
                  Skip {monthName(d.next_shipment)}
                </Button>
                <Button variant="outline" disabled={act.isPending} onClick={() => run('skip-with-credit')}>
                  Skip with a credit
                </Button>
                <Button variant="ghost" disabled={act.isPending} onClick={() => run('unskip')}>
                  Undo skip
                </Button>
              </>
            )}
            {statusOf(d) === 'Cancelling' ? (
              <Button disabled={act.isPending} onClick={() => run('resume')}>
                Resume
              </Button>
            ) : statusOf(d) !== 'Cancelled' ? (
              <Button variant="outline" disabled={act.isPending} onClick={() => run('cancel')}>
                Cancel at period end
              </Button>
            ) : null}
          </div>
          <MonthsList
            title="Months (payments and shipments)"
            months={d.periods}
            labels={PERIOD_LABELS}
            empty="No month paid yet."
          />
          <div>
            <h3 className="font-semibold">History</h3>
            <ul className="mt-2 divide-y text-sm">
              {d.history.map((h, i) => (
                <li key={`${h.event}-${i}`} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    {h.event}
                    {h.note && <span className="text-muted-foreground"> · {h.note}</span>}
                  </span>
                  <span className="text-muted-foreground">
                    {formatDate(h.at)}
                    {h.actor_email && ` · ${h.actor_email}`}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </DetailCard>
  )
}
