import { FULFILMENT_STATUS_LABELS, formatLongDate, formatMoney, TRANSIT_TIME } from '@lamplight/contracts'
import { ApiError, PageMeta } from '@lamplight/session'
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ErrorState,
  LoadingState,
  PageContainer,
} from '@lamplight/ui'
import { ExternalLinkIcon } from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { orderStatusQueries } from '../../api/order-status'

const PAYMENT: Record<string, string> = { paid: 'Paid', completed: 'Paid', refunded: 'Refunded' }

/** /orders/status?token=…: the order a mailed status link names (issue 35). */
export function OrderStatusPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const order = useQuery({ ...orderStatusQueries.status(token), enabled: !!token })
  const meta = (
    <PageMeta
      title={order.data ? `Order ${order.data.order_number}` : 'Your order'}
      description="The status, contents and tracking of your Lamplight Puzzle Co. order."
      path="/orders/status"
    />
  )
  const invalid = !token || (order.error instanceof ApiError && order.error.status === 404)
  if (invalid)
    return (
      <>
        {meta}
        <PageContainer className="max-w-xl">
          <h1 className="mb-3 font-serif text-3xl">This link has expired</h1>
          <p className="mb-6 text-muted-foreground">
            A status link works for 3 days. Look your order up again and we will email you a new one.
          </p>
          <Button asChild>
            <Link to="/orders/lookup">Find your order</Link>
          </Button>
        </PageContainer>
      </>
    )
  if (order.isError)
    return (
      <>
        {meta}
        <ErrorState
          title="We could not load your order"
          onRetry={() => order.refetch()}
          retrying={order.isFetching}
        />
      </>
    )
  if (order.isPending)
    return (
      <>
        {meta}
        <LoadingState label="Loading your order…" />
      </>
    )
  const o = order.data
  const a = o.shipping_address
  return (
    <>
      {meta}
      <PageContainer className="max-w-3xl">
        <h1 className="mb-2 font-serif text-3xl">Order {o.order_number}</h1>
        <p className="mb-6 flex flex-wrap items-center gap-2 text-muted-foreground">
          <span>Placed {formatLongDate(o.placed_at)}</span>
          <Badge>{FULFILMENT_STATUS_LABELS[o.fulfilment_status]}</Badge>
          {o.status === 'refunded' && <Badge variant="outline">{PAYMENT[o.status]}</Badge>}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>What you ordered</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                {o.lines.map((line, i) => (
                  <li key={i} className="flex justify-between gap-4">
                    <span>
                      {line.quantity} × {line.product_title}
                      {line.shipped_quantity > 0 && line.shipped_quantity < line.quantity && (
                        <span className="block text-muted-foreground text-sm">
                          {line.shipped_quantity} shipped
                        </span>
                      )}
                    </span>
                    <span>{formatMoney(line.line_total_cents)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-3 flex justify-between border-border border-t pt-3 font-semibold">
                <span>Total</span>
                <span>{formatMoney(o.amount_cents)}</span>
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Shipping to</CardTitle>
            </CardHeader>
            <CardContent>
              {a ? (
                <address className="not-italic leading-relaxed">
                  {[a.firstName, a.lastName].filter(Boolean).join(' ')}
                  <br />
                  {a.address}
                  <br />
                  {[a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                  <br />
                  {a.country}
                </address>
              ) : (
                <p className="text-muted-foreground">Nothing to ship.</p>
              )}
            </CardContent>
          </Card>
        </div>
        <Card className="mt-4">
          <CardHeader>
            <CardTitle>Tracking</CardTitle>
          </CardHeader>
          <CardContent>
            {o.shipments.length === 0 ? (
              <p>
                Not shipped yet. We email you the tracking link when it leaves us; delivery then takes{' '}
                {TRANSIT_TIME}.
              </p>
            ) : (
              <ul className="grid gap-3">
                {o.shipments.map((parcel, i) => (
                  <li key={i}>
                    <p className="font-medium">
                      {parcel.carrier === 'other' ? 'Parcel' : parcel.carrier}: shipped{' '}
                      {formatLongDate(parcel.shipped_at)}
                      {parcel.delivered_at ? `, delivered ${formatLongDate(parcel.delivered_at)}` : ''}
                    </p>
                    {parcel.tracking_url ? (
                      <a
                        href={parcel.tracking_url}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 break-all text-primary underline underline-offset-4"
                      >
                        Track {parcel.tracking_number}
                        <ExternalLinkIcon aria-hidden className="size-4" />
                      </a>
                    ) : (
                      <p>Tracking number {parcel.tracking_number}</p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <p className="mt-6 text-muted-foreground text-sm">
          Questions? Reply to any of our emails or{' '}
          <Link to="/contact" className="text-primary underline">
            write to us
          </Link>
          . This page works until {formatLongDate(o.expires_at)}.
        </p>
      </PageContainer>
    </>
  )
}
