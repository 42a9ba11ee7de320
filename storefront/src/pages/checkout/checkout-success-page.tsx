import {
  type BuyerOrder,
  formatLongDate,
  formatMoney,
  GIFT_CARD_PRODUCT_SLUG,
  orderNumber,
  PROCESSING_TIME,
  TRANSIT_TIME,
} from '@lamplight/contracts'
import { PageMeta, useAuth } from '@lamplight/session'
import { Badge, Button, Card, CardContent, LoadingState, PageContainer, toast } from '@lamplight/ui'
import {
  CircleCheckIcon,
  CircleExclamationPointIcon,
  ClockIcon,
  MailIcon,
  PackageIcon,
  TruckIcon,
} from '@lamplight/ui/icons'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { shopQueries } from '../../api/shop'
import { CONTACT_EMAIL, SUPPORT_HOURS } from '../../components/contact-email'
import { TwoParts } from '../../components/two-parts'
import { forgetCheckoutReturn, readCheckoutReturn } from './checkout-return'

const TIMELINE = [
  { Icon: PackageIcon, title: 'Order Processing', text: PROCESSING_TIME },
  { Icon: TruckIcon, title: 'In Transit', text: TRANSIT_TIME },
  { Icon: CircleCheckIcon, title: 'Delivered', text: 'Your adventure begins!' },
]

/** /checkout?session_id=… and /purchase-success: the real order, read from the API. */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id') ?? ''
  const order = useQuery({ ...shopQueries.order(sessionId), enabled: !!sessionId })
  const announced = useRef(false)
  const paid = order.data && (order.data.status === 'completed' || order.data.status === 'paid')

  const navigate = useNavigate()
  const declinedOrCancelled = order.data?.status === 'failed' || order.data?.status === 'cancelled'
  useEffect(() => {
    if (announced.current) return
    if (paid) {
      announced.current = true
      forgetCheckoutReturn()
      toast.success('Purchase Successful!')
    } else if (declinedOrCancelled) {
      // Back to the checkout the buyer came from, address kept, where one message says what
      // happened (issue 32). No toast here: it would contradict it.
      announced.current = true
      const back = readCheckoutReturn()
      if (back)
        navigate(`${back.path}?payment=${order.data?.status === 'failed' ? 'declined' : 'cancelled'}`, {
          replace: true,
        })
    } else if (sessionId && (order.isError || (order.data && order.data.status !== 'pending'))) {
      announced.current = true
      toast.error('Processing Error', {
        description: 'There was an issue processing your purchase. Please contact support.',
      })
    }
  }, [paid, declinedOrCancelled, sessionId, order.isError, order.data, navigate])

  const { pathname } = useLocation()
  const meta = (
    <PageMeta
      title={paid ? 'Order Confirmed' : 'Your order'}
      description="The confirmation of your Lamplight Puzzle Co. order: its number, what ships and when."
      // Each order's link carries its session id; the page itself is one page.
      path={pathname === '/purchase-success' ? '/purchase-success' : '/checkout'}
    />
  )
  // Opened without an order's link (typed, bookmarked): nothing went wrong, there is just no order.
  if (!sessionId)
    return (
      <>
        {meta}
        <NoOrder />
      </>
    )
  if (order.isPending)
    return (
      <>
        {meta}
        <LoadingState label="Confirming your order…" />
      </>
    )
  if (!paid)
    return (
      <>
        {meta}
        <NotConfirmed order={order.data} onRefresh={() => order.refetch()} />
      </>
    )
  return (
    <>
      {meta}
      <Confirmed order={order.data!} />
    </>
  )
}

function Confirmed({ order }: { order: BuyerOrder }) {
  const { user } = useAuth()
  const card = order.gift_card_sent
  return (
    <PageContainer className="max-w-3xl">
      <div className="text-center">
        <CircleCheckIcon aria-hidden="true" className="mx-auto size-14 text-primary" />
        <h1 className="mt-4 font-serif text-4xl">Order Confirmed</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Thank you! A confirmation is on its way to your inbox.
        </p>
      </div>
      <Card className="mt-8">
        <CardContent className="pt-6">
          <h2 className="font-serif text-xl">Order details</h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-muted-foreground">Order number</dt>
            <dd className="text-right font-mono font-semibold">
              {orderNumber(order.session_id, order.order_id)}
            </dd>
            <dt className="text-muted-foreground">{order.items.length > 1 ? 'Products' : 'Product'}</dt>
            <dd className="text-right">
              <ul aria-label="What you ordered">
                {order.items.map((item) => (
                  <li key={item.product_slug}>
                    {item.quantity > 1 && <span className="tabular-nums">{item.quantity} × </span>}
                    {item.product_title}
                    {item.quantity > 1 && (
                      <span className="text-muted-foreground text-sm">
                        {' '}
                        ({formatMoney(item.unit_price_cents)} each)
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="text-right tabular-nums">{formatMoney(order.subtotal_cents)}</dd>
            {order.discount_cents > 0 && (
              <>
                <dt className="text-muted-foreground">Discount</dt>
                <dd className="text-right tabular-nums">−{formatMoney(order.discount_cents)}</dd>
              </>
            )}
            {!card && (
              <>
                <dt className="text-muted-foreground">Shipping</dt>
                <dd className="text-right tabular-nums">
                  {order.shipping_cents === 0 ? 'FREE' : formatMoney(order.shipping_cents)}
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">Tax</dt>
            <dd className="text-right">
              {order.tax_cents > 0
                ? formatMoney(order.tax_cents)
                : order.tax_note.replace(/^Tax calculated at payment: /, '')}
            </dd>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-right font-semibold">{formatMoney(order.amount_cents)}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="text-right">
              <Badge>Confirmed</Badge>
            </dd>
            {order.shipping_address && (
              <>
                <dt className="text-muted-foreground">Ships to</dt>
                <dd className="text-right">
                  {order.shipping_address.firstName} {order.shipping_address.lastName},{' '}
                  {order.shipping_address.city}, {order.shipping_address.state}
                </dd>
              </>
            )}
          </dl>
        </CardContent>
      </Card>
      {card ? <GiftCardNext card={card} /> : <ShippingAndNext order={order} signedIn={Boolean(user)} />}
      <SupportDetails />
    </PageContainer>
  )
}

/** A bought gift card ships nothing: when its mail goes, and to whom. */
function GiftCardNext({ card }: { card: NonNullable<BuyerOrder['gift_card_sent']> }) {
  return (
    <section aria-labelledby="next-heading" className="mt-10 rounded-xl bg-parchment p-6">
      <h2 id="next-heading" className="font-serif text-2xl">
        What happens next
      </h2>
      <p className="mt-3 leading-relaxed">
        {card.deliver_on
          ? `We email the gift card to ${card.recipient} on ${formatLongDate(card.deliver_on)}.`
          : `We have emailed the gift card to ${card.recipient}.`}{' '}
        The code is in that mail only, and there is nothing to ship. Your receipt is in your inbox.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <OnwardLinks />
      </div>
    </section>
  )
}

function ShippingAndNext({ order, signedIn }: { order: BuyerOrder; signedIn: boolean }) {
  return (
    <>
      <section aria-labelledby="shipping-heading" className="mt-10">
        <h2 id="shipping-heading" className="font-serif text-2xl">
          Shipping timeline
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {TIMELINE.map(({ Icon, title, text }, i) => (
            <li key={title} className="rounded-lg border border-border bg-card p-4">
              <Icon aria-hidden="true" className="size-6 text-gold-deep" />
              <p className="mt-2 font-semibold">
                {i + 1}. {title}
              </p>
              <p className="text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="next-heading" className="mt-10 rounded-xl bg-parchment p-6">
        <h2 id="next-heading" className="font-serif text-2xl">
          What happens next
        </h2>
        <p className="mt-3 leading-relaxed">
          We prepare your box and send you the tracking number when it ships.{' '}
          {order.guest
            ? 'To play the online puzzle, sign up (or sign in) and choose “Add my guest orders” in your account: we email the address you used for this order a link to set your password, and your box joins your account.'
            : null}
        </p>
        {!order.guest && <TwoParts productSlug={order.product_slug} className="mt-3" />}
        <div className="mt-5 flex flex-wrap gap-3">
          {order.guest && (
            <Button asChild>
              {signedIn ? (
                <Link to="/account">Open my account</Link>
              ) : (
                <Link to={`/auth?tab=sign-up&redirect=${encodeURIComponent('/account')}`}>
                  Sign up to play
                </Link>
              )}
            </Button>
          )}
          <OnwardLinks />
        </div>
      </section>
    </>
  )
}

/** After a confirmed order: on with shopping, or to a person. */
function OnwardLinks() {
  return (
    <>
      <Button asChild variant="outline">
        <Link to="/shop">Continue Shopping</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/contact">Contact Support</Link>
      </Button>
    </>
  )
}

function NoOrder() {
  return (
    <PageContainer className="max-w-2xl text-center">
      <PackageIcon aria-hidden="true" className="mx-auto size-14 text-primary" />
      <h1 className="mt-4 font-serif text-3xl">No order to show</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        This page confirms an order once you have paid. Your orders are listed in your account.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/shop">Back to the shop</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/account">My orders</Link>
        </Button>
      </div>
      <SupportDetails />
    </PageContainer>
  )
}

function NotConfirmed({ order, onRefresh }: { order?: BuyerOrder; onRefresh: () => void }) {
  const pending = order?.status === 'pending'
  const declined = order?.status === 'failed'
  // Opened without this tab's way back (another device, a later visit): its checkout again.
  const retry =
    order && (declined || order.status === 'cancelled')
      ? order.product_slug === GIFT_CARD_PRODUCT_SLUG
        ? '/gift-cards'
        : order.items.length > 1
          ? '/checkout/cart'
          : `/checkout/${order.product_slug}`
      : null
  return (
    <PageContainer className="max-w-2xl text-center">
      <CircleExclamationPointIcon aria-hidden="true" className="mx-auto size-14 text-destructive" />
      <h1 className="mt-4 font-serif text-3xl">
        {pending
          ? 'Waiting for your payment'
          : declined
            ? 'Your payment was declined'
            : 'We could not confirm this order'}
      </h1>
      <p className="mt-3 text-lg text-muted-foreground" role="status">
        {pending
          ? 'Your payment has not been confirmed yet. This can take a moment.'
          : declined
            ? 'You have not been charged. Try again or use another card.'
            : order?.status === 'cancelled'
              ? 'This checkout was cancelled; you have not been charged.'
              : 'We could not find a completed purchase for this link. If you were charged, please contact us.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {pending && <Button onClick={onRefresh}>Check again</Button>}
        {retry && (
          <Button asChild>
            <Link to={retry}>Try again</Link>
          </Button>
        )}
        <Button asChild variant={pending || retry ? 'outline' : 'default'}>
          <Link to="/shop">Back to the shop</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">Contact Support</Link>
        </Button>
      </div>
      <SupportDetails />
    </PageContainer>
  )
}

function SupportDetails() {
  return (
    <aside aria-label="Support" className="mt-10 flex flex-wrap justify-center gap-6 text-muted-foreground">
      <span className="flex items-center gap-2">
        <MailIcon aria-hidden="true" className="size-4" />
        <a href={`mailto:${CONTACT_EMAIL}`} className="underline-offset-4 hover:underline">
          {CONTACT_EMAIL}
        </a>
      </span>
      <span className="flex items-center gap-2">
        <ClockIcon aria-hidden="true" className="size-4" /> {SUPPORT_HOURS}
      </span>
    </aside>
  )
}
