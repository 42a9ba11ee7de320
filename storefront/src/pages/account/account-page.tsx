import {
  type BuyerOrder,
  formatLongDate,
  formatMoney,
  orderNumber,
  planOfTier,
  SUBSCRIPTION_MESSAGES,
} from '@lamplight/contracts'
import { PageMeta, useAuth } from '@lamplight/session'
import {
  Badge,
  Button,
  Card,
  CardContent,
  ErrorState,
  LoadingState,
  PageContainer,
  toast,
} from '@lamplight/ui'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { shopQueries } from '../../api/shop'
import { mySubscriptionQueries, useOpenPortal, useSubscriptionStatus } from '../../api/subscriptions'
import { TwoParts } from '../../components/two-parts'
import { GuestOrders } from './guest-orders'
import { MyGifts } from './my-gifts'
import { SignInAndSecurity } from './sign-in-and-security'
import { SubscriptionDetails } from './subscription-details'

const STATUS: Record<
  BuyerOrder['status'],
  { label: string; variant: 'default' | 'secondary' | 'outline' | 'destructive' }
> = {
  completed: { label: 'Confirmed', variant: 'default' },
  paid: { label: 'Paid', variant: 'default' },
  pending: { label: 'Awaiting payment', variant: 'secondary' },
  failed: { label: 'Payment failed', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
  refunded: { label: 'Refunded', variant: 'outline' },
}

/** /account: my orders, newest first, and the boxes I can play. */
export function AccountPage() {
  const { user } = useAuth()
  const orders = useQuery(shopQueries.myOrders())
  const subscription = useSubscriptionStatus(true)
  const meta = <PageMeta title="My Account" />
  // The page appears once both answers are in: a subscription arriving after the orders
  // moved everything under it (CLS 0.03-0.05 on a phone).
  if (orders.isPending || subscription.isPending)
    return (
      <>
        {meta}
        <LoadingState label="Loading your orders…" />
      </>
    )
  if (orders.isError)
    return (
      <PageContainer>
        {meta}
        <ErrorState onRetry={() => orders.refetch()} retrying={orders.isFetching} />
      </PageContainer>
    )
  // Every box of every confirmed order, once (an order has lines: issue 32).
  const boxes = [
    ...new Map(
      orders.data
        .filter((o) => o.status === 'completed')
        .flatMap((o) => o.items)
        .map((item) => [item.product_slug, item] as const),
    ).values(),
  ]
  const shown = orders.data.filter((o) => o.status !== 'pending')
  return (
    <PageContainer className="max-w-4xl">
      {meta}
      <h1 className="font-serif text-4xl">My Account</h1>
      <p className="mt-2 text-muted-foreground">{user?.email}</p>

      <MySubscription status={subscription} />
      <MyGifts />

      <section aria-labelledby="boxes-heading" className="mt-10">
        <h2 id="boxes-heading" className="font-serif text-2xl">
          My boxes
        </h2>
        {boxes.length ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {boxes.map((box) => (
              <li key={box.product_slug}>
                <Card>
                  <CardContent>
                    <h3 className="font-serif text-lg">{box.product_title}</h3>
                    <TwoParts productSlug={box.product_slug} size="sm" className="mt-2 text-sm" />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted-foreground">
            No boxes yet.{' '}
            <Link to="/shop" className="text-primary underline underline-offset-4">
              Visit the shop
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="orders-heading" className="mt-10">
        <h2 id="orders-heading" className="font-serif text-2xl">
          My orders
        </h2>
        {shown.length ? (
          <ul className="mt-4 grid gap-4">
            {shown.map((order) => (
              <li key={order.order_id}>
                <Card>
                  <CardContent className="grid gap-2 sm:grid-cols-[1fr_auto]">
                    <div>
                      <p className="font-semibold">
                        Order{' '}
                        <span className="font-mono">{orderNumber(order.session_id, order.order_id)}</span> ·{' '}
                        {formatLongDate(order.created_at)}
                      </p>
                      <ul aria-label="Items" className="mt-1">
                        {order.items.map((item) => (
                          <li key={item.product_slug}>
                            {item.quantity > 1 && <span className="tabular-nums">{item.quantity} × </span>}
                            {item.product_title}{' '}
                            <span className="text-muted-foreground tabular-nums">
                              {formatMoney(item.line_total_cents)}
                            </span>
                          </li>
                        ))}
                      </ul>
                      <p className="font-medium">
                        Total {formatMoney(order.amount_cents)}
                        {order.shipping_cents > 0 && (
                          <span className="font-normal text-muted-foreground text-sm">
                            {' '}
                            (shipping {formatMoney(order.shipping_cents)})
                          </span>
                        )}
                      </p>
                      {order.shipping_address && (
                        <p className="text-muted-foreground text-sm">
                          Ships to {order.shipping_address.address}, {order.shipping_address.city},{' '}
                          {order.shipping_address.state} {order.shipping_address.zipCode}
                        </p>
                      )}
                      {order.tracking_number && (
                        <p className="text-sm">
                          Shipped {order.shipped_at ? formatLongDate(order.shipped_at) : ''} · Tracking{' '}
                          <span className="font-mono">{order.tracking_number}</span>
                        </p>
                      )}
                    </div>
                    <div className="flex flex-col items-start gap-2 sm:items-end">
                      <Badge variant={STATUS[order.status].variant}>{STATUS[order.status].label}</Badge>
                      {order.session_id && (
                        <Link
                          to={`/checkout?session_id=${encodeURIComponent(order.session_id)}`}
                          className="inline-flex min-h-8 items-center text-primary text-sm underline underline-offset-4 pointer-coarse:min-h-11"
                        >
                          View confirmation
                        </Link>
                      )}
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted-foreground">You have no orders yet.</p>
        )}
        {user && <GuestOrders email={user.email} />}
      </section>

      <SignInAndSecurity />
    </PageContainer>
  )
}

const SUBSCRIPTION_STATUS: Record<string, string> = {
  active: 'Active',
  trialing: 'Active (trial)',
  past_due: 'Payment failed, retrying',
  canceled: 'Ended',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Not started',
  unpaid: 'Unpaid',
  paused: 'Paused',
}

/** My plan: tier, status, renewal or end date, and Manage Subscription (the provider's portal). */
function MySubscription({ status }: { status: ReturnType<typeof useSubscriptionStatus> }) {
  const portal = useOpenPortal()
  const data = status.data
  const end = data?.subscription_end ? formatLongDate(data.subscription_end) : null
  const live = data?.subscription_status && data.subscription_status !== 'canceled'
  const plan = data?.subscription_tier ? planOfTier(data.subscription_tier) : undefined
  // Paused (decision 065): the details' answer says until when (the same query the panel reads).
  const pausedUntil = useQuery({ ...mySubscriptionQueries.mine(), enabled: !!live }).data?.data?.paused_until
  return (
    <section aria-labelledby="subscription-heading" className="mt-10">
      <h2 id="subscription-heading" className="font-serif text-2xl">
        My subscription
      </h2>
      {status.isError ? (
        <ErrorState
          size="section"
          className="mt-4"
          title="We could not load your subscription."
          onRetry={() => status.refetch()}
          retrying={status.isFetching}
        />
      ) : data?.subscription_tier ? (
        <>
          <Card className="mt-4">
            <CardContent className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="whitespace-nowrap text-muted-foreground">Plan</dt>
                <dd className="font-semibold">
                  {data.subscription_tier}
                  {plan && ` · ${formatMoney(plan.priceCents)}/month`}
                </dd>
                <dt className="whitespace-nowrap text-muted-foreground">Status</dt>
                <dd>
                  <Badge variant={data.subscribed ? 'default' : 'secondary'}>
                    {data.cancel_at_period_end && live
                      ? 'Cancelled, active until the end date'
                      : pausedUntil
                        ? `Paused until ${formatLongDate(pausedUntil)}`
                        : (SUBSCRIPTION_STATUS[data.subscription_status ?? ''] ?? data.subscription_status)}
                  </Badge>
                </dd>
                {end && !pausedUntil && (
                  <>
                    <dt className="whitespace-nowrap text-muted-foreground">
                      {live && !data.cancel_at_period_end ? 'Renews on' : 'Ends on'}
                    </dt>
                    <dd>{end}</dd>
                  </>
                )}
              </dl>
              {live && (
                <Button
                  disabled={portal.isPending}
                  onClick={() =>
                    portal.mutate(undefined, {
                      onError: () =>
                        toast.error(SUBSCRIPTION_MESSAGES.portalErrorTitle, {
                          description: SUBSCRIPTION_MESSAGES.portalError,
                        }),
                    })
                  }
                >
                  {portal.isPending ? 'Opening…' : 'Manage Subscription'}
                </Button>
              )}
            </CardContent>
          </Card>
          <SubscriptionDetails />
        </>
      ) : (
        <p className="mt-3 text-muted-foreground">
          No subscription.{' '}
          <Link to="/shop#plans-heading" className="text-primary underline underline-offset-4">
            See the monthly plans
          </Link>
        </p>
      )}
    </section>
  )
}
