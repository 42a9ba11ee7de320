import { zodResolver } from '@hookform/resolvers/zod'
import {
  type AdminOrderDetail,
  formatMoney,
  type MarkShippedInput,
  MarkShippedSchema,
  type OrderHistoryEntry,
  type RefundInput,
} from '@lamplight/contracts'
import { ApiError, apiErrorMessage, PageMeta } from '@lamplight/session'
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHead,
  ErrorState,
  Field,
  Form,
  Input,
  Label,
  LoadingState,
  NativeSelect,
  PageContainer,
  PageFrame,
  Spinner,
  toast,
} from '@lamplight/ui'
import { CheckIcon, ExternalLinkIcon, RotateCcwIcon, TruckIcon } from '@lamplight/ui/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type Dispatch, type ReactNode, type SetStateAction, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Navigate, useParams } from 'react-router'
import {
  deliverMutation,
  orderKeys,
  orderQuery,
  ordersQuery,
  refundMutation,
  shipMutation,
} from '../../api/orders'
import { AdminNotFound } from '../../components/admin-page'
import { CarrierOptions } from '../../components/carrier-options'
import { BackLink } from '../../components/link-button'
import { guarded } from '../../components/require-role'
import { FulfilmentBadge, StatusBadge } from '../../components/status-badge'
import { formatDateTime } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const OrderDetailPage = guarded(OrderDetail)

function BackToOrders({ className }: { className?: string }) {
  return (
    <BackLink to="/admin/orders" className={className}>
      Back to orders
    </BackLink>
  )
}

function OrderDetail() {
  const { id = '' } = useParams()
  return UUID.test(id) ? <OrderById id={id} /> : <OrderByNumber text={id} />
}

function OrderNotFound() {
  return (
    <AdminNotFound
      title="Order Not Found"
      message="No order has this number or id. It may have been typed incorrectly."
      back={{ to: '/admin/orders', label: 'Back to orders' }}
    />
  )
}

function OrderLoading() {
  return (
    <>
      <PageMeta title="Order Details" />
      <PageContainer>
        <BackToOrders className="-ml-3" />
        <LoadingState label="Loading the order…" />
      </PageContainer>
    </>
  )
}

function OrderLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <>
      <PageMeta title="Order Details" />
      <PageContainer>
        <BackToOrders className="-ml-3" />
        <ErrorState title="Failed to load order details" onRetry={onRetry} retrying={retrying} />
      </PageContainer>
    </>
  )
}

/**
 * `/admin/orders/<not an order id>`: the number a buyer quotes (`EMZOSODM`), a payment
 * session id or the start of an order id, looked up with the list's own search. One order
 * opens at its own address; several open the list searched for the text; none is Order Not Found.
 */
function OrderByNumber({ text }: { text: string }) {
  // No placeholder: the previous text's answer must never open its order for this one.
  const found = useQuery({ ...ordersQuery({ q: text, page: 1, page_size: 2 }), placeholderData: undefined })
  // Text the search refuses (400: too long) names no order.
  if (found.error instanceof ApiError && (found.error.status === 400 || found.error.status === 404))
    return <OrderNotFound />
  if (found.isError) return <OrderLoadFailed onRetry={() => found.refetch()} retrying={found.isFetching} />
  if (found.isPending) return <OrderLoading />
  const [first] = found.data.data
  if (!first) return <OrderNotFound />
  if (found.data.total > 1)
    return <Navigate replace to={`/admin/orders?${new URLSearchParams({ q: text })}`} />
  return <Navigate replace to={`/admin/orders/${first.order_id}`} />
}

function OrderById({ id }: { id: string }) {
  const order = useQuery(orderQuery(id))
  const missing = order.error instanceof ApiError && order.error.status === 404

  if (missing) return <OrderNotFound />
  if (order.isError) return <OrderLoadFailed onRetry={() => order.refetch()} retrying={order.isFetching} />
  if (order.isPending) return <OrderLoading />
  return (
    <>
      <PageMeta title={`Order ${order.data.order_number}`} />
      <OrderView order={order.data} />
    </>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
}
const PROVIDER_LABELS: Record<string, string> = {
  stripe: 'Stripe',
  test: 'Test-mode payments',
  admin: 'Granted by an admin',
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const [refunding, setRefunding] = useState(false)
  const [shipping, setShipping] = useState(false)
  const queryClient = useQueryClient()
  const refund = useExclusiveMutation({
    ...refundMutation(),
    onSuccess: (result) => {
      queryClient.setQueryData(orderKeys.detail(order.order_id), result)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all })
      toast.success(result.data.status === 'refunded' ? 'Order refunded' : 'Refund made', {
        description: result.data.gift_card
          ? 'The gift card is closed and the customer has been told by email.'
          : result.data.status === 'refunded'
            ? 'Access has ended and the customer has been told by email.'
            : 'The customer has been told by email.',
      })
      setRefunding(false)
    },
    onError: (error) =>
      toast.error('Failed to refund the order', { description: apiErrorMessage(error, '') || undefined }),
  })
  const deliver = useExclusiveMutation({
    ...deliverMutation(),
    onSuccess: (result) => {
      queryClient.setQueryData(orderKeys.detail(order.order_id), result)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all })
      toast.success('Marked delivered')
    },
    onError: (error) =>
      toast.error('Failed to mark it delivered', { description: apiErrorMessage(error, '') || undefined }),
  })
  const address = order.shipping_address
  return (
    <PageFrame
      title={`Order ${order.order_number}`}
      lead={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge status={order.status} />
          <FulfilmentBadge status={order.fulfilment_status} />
          <span>Placed {formatDateTime(order.created_at)}</span>
        </span>
      }
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <BackToOrders className="-ml-3" />
        <div className="flex flex-wrap gap-2">
          {order.can_ship && (
            <Button variant="outline" onClick={() => setShipping(true)}>
              <TruckIcon aria-hidden className="size-4" />
              {order.fulfilment_status === 'partially_shipped' ? 'Ship more' : 'Ship'}
            </Button>
          )}
          {order.can_deliver && (
            <Button variant="outline" disabled={deliver.busy} onClick={() => deliver.run(order.order_id)}>
              {deliver.busy ? (
                <Spinner size="sm" label="Saving" />
              ) : (
                <CheckIcon aria-hidden className="size-4" />
              )}
              Mark delivered
            </Button>
          )}
          {order.can_refund && order.amount_cents > 0 && (
            <Button variant="destructive" onClick={() => setRefunding(true)}>
              <RotateCcwIcon aria-hidden className="size-4" />
              Refund
            </Button>
          )}
        </div>
      </div>
      {order.amount_cents === 0 && (
        // A subscription's month ships as an order of $0 (decision 060): nothing to refund here.
        <p className="mb-4 rounded-md border bg-muted p-3 text-sm">
          Nothing was charged on this order (a subscription shipment or a free order), so there is no refund
          here. To give back a subscription month, refund its payment at the payment provider; to take the
          boxes back, put them back in stock from the product.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Customer</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Name">{order.customer_name || '—'}</Row>
              <Row label="Email">
                <a
                  href={`mailto:${order.customer_email}`}
                  className="inline-flex min-h-8 items-center text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
                >
                  {order.customer_email}
                </a>
              </Row>
              <Row label="Customer since">
                {order.customer_created_at ? formatDateTime(order.customer_created_at) : 'Guest checkout'}
              </Row>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Product and payment</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Order number">
                <span className="font-mono">{order.order_number}</span>
              </Row>
              <Row label="Order id">
                <code className="text-xs">{order.order_id}</code>
              </Row>
              <Row label={order.items.length > 1 ? 'Lines' : 'Product'}>
                {order.items.length ? (
                  <ul>
                    {order.items.map((item) => (
                      <li key={item.product_id}>
                        {item.quantity} × {item.product_title} · {formatMoney(item.line_total_cents)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  order.product_title
                )}
              </Row>
              {order.items.length <= 1 && <Row label="SKU">{order.product_sku ?? '—'}</Row>}
              <Row label="Amount">
                <strong>{formatMoney(order.amount_cents)}</strong> {order.currency.toUpperCase()}
              </Row>
              <Row label="Payment method">
                {order.payment_method ? (METHOD_LABELS[order.payment_method] ?? order.payment_method) : '—'}
              </Row>
              <Row label="Provider">{PROVIDER_LABELS[order.provider] ?? order.provider}</Row>
              <Row label="Session">
                {order.stripe_session_id ? <code className="text-xs">{order.stripe_session_id}</code> : '—'}
              </Row>
              {order.provider_url && (
                <Row label="Dashboard">
                  <a
                    href={order.provider_url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-8 items-center gap-1 text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
                  >
                    View in Stripe
                    <ExternalLinkIcon aria-hidden className="size-3.5" />
                  </a>
                </Row>
              )}
              <Row label="Paid">{formatDateTime(order.paid_at)}</Row>
              {order.refunded_at && <Row label="Refunded">{formatDateTime(order.refunded_at)}</Row>}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Shipping</CardTitle>
          </CardHeader>
          <CardContent>
            {address ? (
              <address className="text-sm not-italic leading-relaxed">
                {[address.firstName, address.lastName].filter(Boolean).join(' ')}
                <br />
                {address.address}
                <br />
                {[address.city, address.state, address.zipCode].filter(Boolean).join(', ')}
                <br />
                {address.country}
              </address>
            ) : (
              <p className="text-sm text-muted-foreground">No shipping address (nothing to ship).</p>
            )}
            {order.fulfilment_status === 'not_required' ? (
              <p className="mt-3 text-sm text-muted-foreground">
                {order.gift_card ? 'A gift card, sent by email.' : 'Nothing to ship.'}
              </p>
            ) : order.shipments.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">Not shipped yet.</p>
            ) : (
              <ol className="mt-3 grid gap-3" aria-label="Parcels">
                {order.shipments.map((parcel, i) => (
                  <li key={parcel.id} className="rounded-md border border-border p-3 text-sm">
                    <p className="font-medium">
                      Parcel {i + 1}: {parcel.carrier === 'other' ? 'Other carrier' : parcel.carrier}
                    </p>
                    <p className="break-all">
                      {parcel.tracking_url ? (
                        <a
                          href={parcel.tracking_url}
                          target="_blank"
                          rel="noreferrer"
                          className="inline-flex min-h-8 items-center gap-1 text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
                        >
                          {parcel.tracking_number}
                          <ExternalLinkIcon aria-hidden className="size-3.5" />
                        </a>
                      ) : (
                        parcel.tracking_number || '—'
                      )}
                    </p>
                    {parcel.lines.length > 0 && (
                      <p>{parcel.lines.map((l) => `${l.quantity} × ${l.product_title}`).join(', ')}</p>
                    )}
                    <p className="text-muted-foreground">
                      Shipped {formatDateTime(parcel.shipped_at)}
                      {parcel.delivered_at ? ` · delivered ${formatDateTime(parcel.delivered_at)}` : ''}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Status history</CardTitle>
          </CardHeader>
          <CardContent>
            <History entries={order.history} />
          </CardContent>
        </Card>
      </div>
      <Dialog open={refunding} onOpenChange={setRefunding}>
        <DialogContent>
          {refunding && (
            <RefundForm
              order={order}
              busy={refund.busy}
              onCancel={() => setRefunding(false)}
              onRefund={(values) => refund.run({ id: order.order_id, values })}
            />
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={shipping} onOpenChange={setShipping}>
        <DialogContent>
          {shipping && <ShipForm order={order} onDone={() => setShipping(false)} />}
        </DialogContent>
      </Dialog>
    </PageFrame>
  )
}

const EVENT_LABELS: Record<OrderHistoryEntry['event'], string> = {
  created: 'Order placed',
  status: 'Status changed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
  granted: 'Access granted',
}

function History({ entries }: { entries: OrderHistoryEntry[] }) {
  return (
    <ol className="grid gap-3 border-l-2 border-border pl-4">
      {entries.map((entry, i) => (
        <li key={i} className="relative text-sm">
          <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-primary" />
          <p className="font-medium">
            {EVENT_LABELS[entry.event]}
            {entry.event === 'status' && entry.to_status
              ? `: ${entry.from_status ?? '—'} → ${entry.to_status}`
              : ''}
          </p>
          <p className="text-muted-foreground">
            {formatDateTime(entry.at)}
            {entry.actor_email ? ` · ${entry.actor_email}` : ''}
          </p>
          {entry.note && <p className="text-muted-foreground">{entry.note}</p>}
        </li>
      ))}
    </ol>
  )
}

function ShipForm({ order, onDone }: { order: AdminOrderDetail; onDone: () => void }) {
  const queryClient = useQueryClient()
  const left = order.items.filter((item) => item.quantity > item.shipped_quantity)
  // How many of each line go in this parcel: all that is left unless the admin says fewer.
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    Object.fromEntries(left.map((item) => [item.product_id, item.quantity - item.shipped_quantity])),
  )
  const form = useForm<MarkShippedInput>({
    resolver: zodResolver(MarkShippedSchema),
    defaultValues: { trackingNumber: '', carrier: 'USPS' },
  })
  const ship = useExclusiveMutation({
    ...shipMutation(),
    onSuccess: (result) => {
      queryClient.setQueryData(orderKeys.detail(order.order_id), result)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all })
      toast.success('Order marked shipped', {
        description: 'The customer has been sent the tracking link.',
      })
      onDone()
    },
    onError: (error) =>
      toast.error('Failed to mark the order shipped', {
        description: apiErrorMessage(error, '') || undefined,
      }),
  })
  const error = form.formState.errors.trackingNumber?.message
  const partial = left.some((item) => (counts[item.product_id] ?? 0) < item.quantity - item.shipped_quantity)
  const nothing = left.length > 0 && left.every((item) => !counts[item.product_id])
  return (
    <Form
      onSubmit={form.handleSubmit((values) =>
        ship.run({
          id: order.order_id,
          values: {
            ...values,
            lines: partial
              ? left
                  .filter((item) => (counts[item.product_id] ?? 0) > 0)
                  .map((item) => ({ product_id: item.product_id, quantity: counts[item.product_id]! }))
              : undefined,
          },
        }),
      )}
      className="grid gap-4"
    >
      <DialogHead title="Ship">We email {order.customer_email} the tracking link.</DialogHead>
      <div className="grid gap-1.5">
        <Label htmlFor="ship-carrier">Carrier</Label>
        <NativeSelect id="ship-carrier" className="w-full" {...form.register('carrier')}>
          <CarrierOptions />
        </NativeSelect>
      </div>
      <Field id="tracking-number" label="Tracking number" error={error}>
        {(control) => (
          <Input autoComplete="off" autoFocus {...control} {...form.register('trackingNumber')} />
        )}
      </Field>
      {left.length > 0 &&
        (left.length > 1 || (left[0] && left[0].quantity - left[0].shipped_quantity > 1)) && (
          <ItemCounts of="ship" items={left} counts={counts} setCounts={setCounts} />
        )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={ship.busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={ship.busy || nothing}>
          {ship.busy && <Spinner size="sm" label="Saving" />}
          {partial ? 'Ship these' : 'Mark shipped'}
        </Button>
      </DialogFooter>
    </Form>
  )
}

/**
 * Refund all that is left, or some lines (their price paid), with the boxes back in stock if
 * they came back. It says what it saw refunded already, so a second click refunds nothing.
 */
type RefundFormProps = {
  order: AdminOrderDetail
  busy: boolean
  onCancel: () => void
  onRefund: (values: RefundInput) => void
}

function RefundForm({ order, busy, onCancel, onRefund }: RefundFormProps) {
  return order.gift_card ? (
    <GiftCardRefundForm
      order={order}
      card={order.gift_card}
      busy={busy}
      onCancel={onCancel}
      onRefund={onRefund}
    />
  ) : (
    <LinesRefundForm order={order} busy={busy} onCancel={onCancel} onRefund={onRefund} />
  )
}

function LinesRefundForm({ order, busy, onCancel, onRefund }: RefundFormProps) {
  const left = order.items.filter((item) => item.quantity > item.refunded_quantity)
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    Object.fromEntries(left.map((item) => [item.product_id, item.quantity - item.refunded_quantity])),
  )
  const [restock, setRestock] = useState(false)
  const remaining = order.amount_cents - order.refunded_cents
  const all = left.every((item) => counts[item.product_id] === item.quantity - item.refunded_quantity)
  const chosen = left.filter((item) => (counts[item.product_id] ?? 0) > 0)
  const amount = all
    ? remaining
    : Math.min(
        remaining,
        chosen.reduce((sum, item) => sum + (counts[item.product_id] ?? 0) * item.unit_price_cents, 0),
      )
  return (
    <Form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        onRefund({
          lines: all
            ? undefined
            : chosen.map((item) => ({ product_id: item.product_id, quantity: counts[item.product_id]! })),
          restock,
          expected_refunded_cents: order.refunded_cents,
        })
      }}
    >
      <DialogHead title="Refund">
        The money goes back to {order.customer_email} through the payment provider, and they are told by
        email. This cannot be undone.
      </DialogHead>
      {left.length > 0 && <ItemCounts of="refund" items={left} counts={counts} setCounts={setCounts} />}
      <label className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={restock}
          onChange={(event) => setRestock(event.target.checked)}
        />
        Put these boxes back in stock
      </label>
      <p className="font-medium">
        Refund {formatMoney(amount)}
        {all ? ' (everything left: access to the online puzzle ends)' : ''}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={busy || amount <= 0}>
          {busy && <Spinner size="sm" label="Refunding" />}
          Refund {formatMoney(amount)}
        </Button>
      </DialogFooter>
    </Form>
  )
}

/**
 * An order that bought a gift card gives back what is left on the card, and the card closes
 * with the refund: the whole order while nobody has spent from it, else the part left.
 */
function GiftCardRefundForm({
  order,
  card,
  busy,
  onCancel,
  onRefund,
}: RefundFormProps & { card: NonNullable<AdminOrderDetail['gift_card']> }) {
  // A refund that closed the card and lost the provider's answer is finished by refunding the
  // same amount again (the provider is asked for the same refund).
  const unfinished = card.unfinished_refund_cents
  const spent = card.balance_cents < card.initial_cents
  const amount =
    unfinished > 0
      ? unfinished
      : spent
        ? Math.min(card.balance_cents, order.amount_cents - order.refunded_cents)
        : order.amount_cents - order.refunded_cents
  return (
    <Form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        onRefund({
          ...(spent || unfinished > 0 ? { amount_cents: amount } : {}),
          expected_refunded_cents: order.refunded_cents,
        })
      }}
    >
      <DialogHead title="Refund">
        The money goes back to {order.customer_email} through the payment provider, and they are told by
        email. This cannot be undone.
      </DialogHead>
      <p>
        This order bought gift card …{card.last4} ({formatMoney(card.initial_cents)}).{' '}
        {unfinished > 0
          ? `An earlier refund of ${formatMoney(unfinished)} closed the card, and the payment provider's answer to it was lost. Refund it again to finish: the provider is asked for that same refund, never a second one.`
          : card.balance_cents === 0
            ? 'Nothing is left on it, so there is nothing to refund.'
            : spent
              ? `${formatMoney(card.initial_cents - card.balance_cents)} of it has been spent: only what is left (${formatMoney(card.balance_cents)}) can be refunded, and the card is closed.`
              : 'Nobody has spent from it: the card is closed, and its code buys nothing after the refund.'}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="destructive"
          disabled={busy || amount <= 0 || (card.balance_cents === 0 && unfinished === 0)}
        >
          {busy && <Spinner size="sm" label="Refunding" />}
          Refund {formatMoney(amount)}
        </Button>
      </DialogFooter>
    </Form>
  )
}

type OrderItem = AdminOrderDetail['items'][number]

/** What a parcel or a refund counts of each line: what is done already, and how a line reads. */
const COUNTED = {
  ship: {
    legend: 'In this parcel',
    left: (item: OrderItem) => item.quantity - item.shipped_quantity,
    label: (item: OrderItem, max: number) => `of ${max} × ${item.product_title}`,
  },
  refund: {
    legend: 'What comes back',
    left: (item: OrderItem) => item.quantity - item.refunded_quantity,
    label: (item: OrderItem, max: number) =>
      `of ${max} × ${item.product_title} (${formatMoney(item.unit_price_cents)} each)`,
  },
}

/** How many of each line a parcel or a refund takes: a number field per line, from 0 to what is left of it. */
function ItemCounts({
  of,
  items,
  counts,
  setCounts,
}: {
  of: keyof typeof COUNTED
  items: OrderItem[]
  counts: Record<string, number>
  setCounts: Dispatch<SetStateAction<Record<string, number>>>
}) {
  const { legend, left, label } = COUNTED[of]
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-medium text-sm">{legend}</legend>
      {items.map((item) => {
        const max = left(item)
        const id = `${of}-${item.product_id}`
        return (
          <div key={item.product_id} className="grid grid-cols-[5rem_minmax(0,1fr)] items-center gap-3">
            <Input
              id={id}
              type="number"
              min={0}
              max={max}
              value={counts[item.product_id] ?? 0}
              onChange={(event) =>
                setCounts((current) => ({
                  ...current,
                  [item.product_id]: Math.max(0, Math.min(max, Math.trunc(Number(event.target.value) || 0))),
                }))
              }
            />
            <Label htmlFor={id} className="font-normal">
              {label(item, max)}
            </Label>
          </div>
        )
      })}
    </fieldset>
  )
}
