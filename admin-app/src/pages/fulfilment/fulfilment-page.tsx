import {
  type Carrier,
  FULFILMENT_STATUS_LABELS,
  type FulfilmentQueueEntry,
  FulfilmentQueueQuerySchema,
  ShipManySchema,
} from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHead,
  ErrorState,
  Form,
  Input,
  Label,
  NativeSelect,
  Spinner,
  toast,
} from '@lamplight/ui'
import { DownloadIcon, TruckIcon } from '@lamplight/ui/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { downloadSelection, pickListQuery, queueQuery, shipManyMutation } from '../../api/fulfilment'
import { orderKeys } from '../../api/orders'
import { adminProductsQuery } from '../../api/products'
import { AdminListFrame, ChoiceFilter, InputFilter } from '../../components/admin-list-frame'
import { CarrierOptions } from '../../components/carrier-options'
import { LinkButton } from '../../components/link-button'
import { Pagination } from '../../components/pagination'
import { guarded } from '../../components/require-role'
import { TableSkeleton } from '../../components/states'
import { formatDate } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'
import { useUrlFilters } from '../../lib/use-url-filters'

const PAGE_SIZE = 50

export const FulfilmentPage = guarded(Fulfilment)

/** The queue's filters, each read with the API's schema (unreadable ones are ignored). */
function parseQueueFilters(params: URLSearchParams) {
  const read = (key: 'product_id' | 'country' | 'month') => {
    const parsed = FulfilmentQueueQuerySchema.shape[key].safeParse(params.get(key) || undefined)
    return parsed.success ? parsed.data : undefined
  }
  const page = Number(params.get('page'))
  return {
    product_id: read('product_id'),
    country: read('country'),
    month: read('month'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    page_size: PAGE_SIZE,
  }
}
const QUEUE_DEFAULTS = { page: 1, page_size: PAGE_SIZE }
const QUEUE_COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
] as const

/** The queue's filters live in the URL (shareable, Back works). */
const useQueueFilters = () => useUrlFilters(parseQueueFilters, { defaults: QUEUE_DEFAULTS })

function addressLines(entry: FulfilmentQueueEntry): string[] {
  const a = entry.shipping_address
  if (!a) return ['No shipping address']
  return [
    [a.firstName, a.lastName].filter(Boolean).join(' '),
    a.address ?? '',
    [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country ?? '',
  ].filter(Boolean)
}

function Fulfilment() {
  const { query, update, clear, filtered } = useQueueFilters()
  const queue = useQuery(queueQuery(query))
  const products = useQuery(adminProductsQuery({}))
  const [selected, setSelected] = useState<string[]>([])
  const [shipping, setShipping] = useState(false)
  const [picking, setPicking] = useState(false)
  const [downloading, setDownloading] = useState<null | 'slips' | 'labels'>(null)
  const entries = queue.data?.data ?? []
  const chosen = entries.filter((entry) => selected.includes(entry.order_id))
  const allOnPage = entries.length > 0 && entries.every((entry) => selected.includes(entry.order_id))
  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]))

  async function download(kind: 'slips' | 'labels') {
    setDownloading(kind)
    const day = new Date().toISOString().slice(0, 10)
    try {
      await downloadSelection(
        kind === 'slips' ? 'packingSlips' : 'labels',
        chosen.map((entry) => entry.order_id),
        kind === 'slips' ? `packing-slips-${day}.pdf` : `labels-${day}.csv`,
      )
    } catch {
      toast.error(
        kind === 'slips' ? 'The packing slips could not be made' : 'The label CSV could not be made',
      )
    } finally {
      setDownloading(null)
    }
  }

  return (
    <AdminListFrame
      title="Fulfilment"
      lead="Paid orders waiting to ship, oldest first."
      actions={
        <LinkButton to="/admin/orders" variant="outline" size="sm">
          All orders
        </LinkButton>
      }
      filtersClassName="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      filtering={{ filtered, clear }}
      list={queue}
      filters={
        <>
          <ChoiceFilter
            id="queue-product"
            className="min-w-0"
            label="Product"
            all="Every product"
            options={(products.data ?? []).map((product) => [product.id, product.name] as const)}
            value={query.product_id}
            onChange={(product_id) => update({ product_id })}
          />
          <ChoiceFilter
            id="queue-country"
            className="min-w-0"
            label="Country"
            all="Every country"
            options={QUEUE_COUNTRIES}
            value={query.country}
            onChange={(country) => update({ country })}
          />
          <InputFilter
            id="queue-month"
            label="Ordered in"
            type="month"
            className="min-w-0"
            value={query.month}
            onChange={(month) => update({ month })}
          />
        </>
      }
    >
      <div
        role="toolbar"
        aria-label="Selected orders"
        className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-3"
      >
        <label className="mr-auto flex items-center gap-2 text-sm pointer-coarse:min-h-11">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={allOnPage}
            disabled={!entries.length}
            onChange={() =>
              setSelected(
                allOnPage
                  ? selected.filter((id) => !entries.some((entry) => entry.order_id === id))
                  : [...new Set([...selected, ...entries.map((entry) => entry.order_id)])],
              )
            }
          />
          {chosen.length ? `${chosen.length} selected` : 'Select all on this page'}
        </label>
        <Button
          variant="outline"
          size="sm"
          disabled={!chosen.length || !!downloading}
          onClick={() => download('slips')}
        >
          {downloading === 'slips' ? (
            <Spinner size="sm" label="Making" />
          ) : (
            <DownloadIcon aria-hidden className="size-4" />
          )}
          Packing slips
        </Button>
        <Button variant="outline" size="sm" disabled={!chosen.length} onClick={() => setPicking(true)}>
          Pick list
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!chosen.length || !!downloading}
          onClick={() => download('labels')}
        >
          {downloading === 'labels' ? (
            <Spinner size="sm" label="Making" />
          ) : (
            <DownloadIcon aria-hidden className="size-4" />
          )}
          Label CSV
        </Button>
        <Button size="sm" disabled={!chosen.length} onClick={() => setShipping(true)}>
          <TruckIcon aria-hidden className="size-4" />
          Ship selected
        </Button>
      </div>

      {queue.isPending ? (
        <TableSkeleton rows={6} />
      ) : queue.isError ? (
        <ErrorState
          size="section"
          title="The fulfilment queue could not be loaded."
          onRetry={() => queue.refetch()}
          retrying={queue.isFetching}
        />
      ) : entries.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-8 text-center text-muted-foreground">
          Nothing waiting to ship
          {query.product_id || query.country || query.month ? ' with these filters' : ''}.
        </p>
      ) : (
        <>
          <ul
            aria-label="Orders to ship"
            aria-busy={queue.isPlaceholderData || undefined}
            className="grid gap-3"
          >
            {entries.map((entry) => (
              <QueueCard
                key={entry.order_id}
                entry={entry}
                checked={selected.includes(entry.order_id)}
                onToggle={() => toggle(entry.order_id)}
              />
            ))}
          </ul>
          {queue.data.total > PAGE_SIZE && (
            <Pagination
              page={query.page}
              pageSize={PAGE_SIZE}
              total={queue.data.total}
              onPage={(page) => update({ page })}
              label="Queue pages"
            />
          )}
        </>
      )}
      <Dialog open={shipping} onOpenChange={setShipping}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          {shipping && (
            <ShipDialog
              entries={chosen}
              onDone={(shipped) => {
                setSelected((current) => current.filter((id) => !shipped.includes(id)))
                setShipping(false)
              }}
            />
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={picking} onOpenChange={setPicking}>
        <DialogContent>{picking && <PickList ids={chosen.map((entry) => entry.order_id)} />}</DialogContent>
      </Dialog>
    </AdminListFrame>
  )
}

function QueueCard({
  entry,
  checked,
  onToggle,
}: {
  entry: FulfilmentQueueEntry
  checked: boolean
  onToggle: () => void
}) {
  const id = `queue-${entry.order_id}`
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-lg border border-border bg-card p-4 has-[:checked]:border-primary"
      data-order={entry.order_number}
    >
      {/* The box is 20 px; its label around it, 44 px, is what a thumb taps. */}
      <label className="-m-3 cursor-pointer self-start p-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 block size-5 accent-primary"
          checked={checked}
          onChange={onToggle}
          aria-label={`Select order ${entry.order_number}`}
        />
      </label>
      <div className="grid min-w-0 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="min-w-0">
          <Link
            to={`/admin/orders/${entry.order_id}`}
            className="inline-flex min-h-8 items-center font-mono font-semibold text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
          >
            {entry.order_number}
          </Link>
          <p className="text-muted-foreground text-sm">{formatDate(entry.created_at)}</p>
          {entry.fulfilment_status === 'partially_shipped' && (
            <Badge variant="secondary" className="mt-1">
              {FULFILMENT_STATUS_LABELS.partially_shipped}
            </Badge>
          )}
        </div>
        <address className="min-w-0 break-words text-sm not-italic">
          {addressLines(entry).map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
        </address>
        <ul className="min-w-0 text-sm" aria-label={`Lines of order ${entry.order_number}`}>
          {entry.lines
            .filter((line) => line.remaining > 0)
            .map((line) => (
              <li key={line.product_id}>
                <strong>{line.remaining}</strong> × {line.product_title}
                {line.remaining < line.quantity && (
                  <span className="text-muted-foreground"> (of {line.quantity})</span>
                )}
              </li>
            ))}
        </ul>
      </div>
    </li>
  )
}

type Row = { carrier: Carrier; tracking: string }

/** One carrier and tracking number per order; each order ships (and mails) once on the server. */
function ShipDialog({
  entries,
  onDone,
}: {
  entries: FulfilmentQueueEntry[]
  onDone: (shipped: string[]) => void
}) {
  const queryClient = useQueryClient()
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      entries.map((entry) => [entry.order_id, { carrier: 'USPS' as Carrier, tracking: '' }]),
    ),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const ship = useExclusiveMutation({
    ...shipManyMutation(),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all })
      const shipped = result.data.filter((r) => r.result === 'shipped' || r.result === 'unchanged')
      const refused = result.data.filter((r) => r.result === 'refused' || r.result === 'not_found')
      if (shipped.length)
        toast.success(`${shipped.length} ${shipped.length === 1 ? 'order' : 'orders'} shipped`, {
          description: 'Each buyer has been sent the tracking link.',
        })
      if (refused.length) {
        setErrors(
          Object.fromEntries(refused.map((r) => [r.order_id, r.message ?? 'This order could not be found.'])),
        )
        toast.error(`${refused.length} not shipped`, { description: 'See the message beside each.' })
        return
      }
      onDone(shipped.map((r) => r.order_id))
    },
    onError: (error) =>
      toast.error('Failed to ship', { description: apiErrorMessage(error, '') || undefined }),
  })
  const setRow = (id: string, change: Partial<Row>) =>
    setRows((current) => ({ ...current, [id]: { ...current[id]!, ...change } }))

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const body = {
      orders: entries.map((entry) => ({
        order_id: entry.order_id,
        carrier: rows[entry.order_id]!.carrier,
        tracking_number: rows[entry.order_id]!.tracking,
      })),
    }
    const parsed = ShipManySchema.safeParse(body)
    if (!parsed.success) {
      const found: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        const index = issue.path[1]
        if (typeof index === 'number' && entries[index]) found[entries[index].order_id] ??= issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    ship.run(parsed.data)
  }

  return (
    <Form onSubmit={submit} noValidate>
      <DialogHead title={`Ship ${entries.length} ${entries.length === 1 ? 'order' : 'orders'}`}>
        Everything left in each order goes in one parcel. Each buyer is mailed the tracking link once.
      </DialogHead>
      <ul className="my-4 grid gap-4">
        {entries.map((entry) => {
          const error = errors[entry.order_id]
          const errorId = `ship-error-${entry.order_id}`
          return (
            <li
              key={entry.order_id}
              className="grid gap-2 sm:grid-cols-[7rem_minmax(0,9rem)_minmax(0,1fr)] sm:items-end"
            >
              <p className="font-mono font-semibold sm:pb-2">{entry.order_number}</p>
              <div className="grid gap-1">
                <Label htmlFor={`carrier-${entry.order_id}`}>Carrier</Label>
                <NativeSelect
                  id={`carrier-${entry.order_id}`}
                  className="w-full"
                  value={rows[entry.order_id]!.carrier}
                  onChange={(event) => setRow(entry.order_id, { carrier: event.target.value as Carrier })}
                >
                  <CarrierOptions />
                </NativeSelect>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`tracking-${entry.order_id}`}>Tracking number</Label>
                <Input
                  id={`tracking-${entry.order_id}`}
                  value={rows[entry.order_id]!.tracking}
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => setRow(entry.order_id, { tracking: event.target.value })}
                />
              </div>
              {error && (
                <p id={errorId} className="text-destructive text-sm sm:col-span-3">
                  {entry.order_number}: {error}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <DialogFooter>
        <Button type="submit" disabled={ship.busy}>
          {ship.busy ? <Spinner size="sm" label="Shipping" /> : <TruckIcon aria-hidden className="size-4" />}
          Mark shipped
        </Button>
      </DialogFooter>
    </Form>
  )
}

function PickList({ ids }: { ids: string[] }) {
  const list = useQuery(pickListQuery(ids))
  return (
    <>
      <DialogHead title="Pick list">
        What {ids.length} {ids.length === 1 ? 'order needs' : 'orders need'}, in total per product.
      </DialogHead>
      {list.isPending ? (
        <TableSkeleton rows={3} />
      ) : list.isError ? (
        <ErrorState
          size="section"
          title="The pick list could not be made."
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <table className="w-full text-sm" aria-label="Pick list">
          <thead>
            <tr className="border-border border-b text-left">
              <th className="py-2">Product</th>
              <th className="py-2">SKU</th>
              <th className="py-2 text-right">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((row) => (
              <tr key={row.product_id} className="border-border border-b last:border-0">
                <td className="py-2">{row.product_title}</td>
                <td className="py-2 font-mono text-xs">{row.product_sku ?? '—'}</td>
                <td className="py-2 text-right font-semibold">{row.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={() => window.print()}>
          Print
        </Button>
      </DialogFooter>
    </>
  )
}
