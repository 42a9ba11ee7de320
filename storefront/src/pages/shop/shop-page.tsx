import {
  ApiError,
  apiErrorMessage,
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatMoney,
  formatMoneyShort,
  GIFT_CARD_AMOUNTS_CENTS,
  PRODUCT_SLUG_SCROLL,
  STANDARD_DELIVERY,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
} from '@lamplight/contracts'
import { PageMeta, useAuth } from '@lamplight/session'
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, cn, Skeleton, toast } from '@lamplight/ui'
import {
  CheckIcon,
  ClockIcon,
  GiftIcon,
  PuzzleIcon,
  RefreshCwIcon,
  SparklesIcon,
  TruckIcon,
} from '@lamplight/ui/icons'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useProduct, useProductAccess } from '../../api/shop'
import { useOpenPortal, useSubscribe, useSubscriptionStatus } from '../../api/subscriptions'
import { CATEGORY_LABELS, EXPERIENCES, type ExperienceCategory } from '../../components/experiences'
import { ScrollArt } from '../../components/illustrations'
import { ProductJsonLd } from '../../components/product-json-ld'
import { Container, SectionHeading } from '../../components/section-heading'
import { TwoParts } from '../../components/two-parts'

const FILTERS: ('all' | ExperienceCategory)[] = ['all', 'mystery', 'devotional', 'history']
const FACTS = [
  { Icon: ClockIcon, label: '2-3 Hours' },
  { Icon: PuzzleIcon, label: '5 Mysteries' },
  { Icon: SparklesIcon, label: 'Interactive' },
]

/** /shop: the featured box at its live price, what is coming, gift cards and the monthly plans. */
export function ShopPage() {
  return (
    <div>
      <PageMeta
        title="Shop"
        description={`Buy The Scroll of Antioch, our story-driven puzzle box, see what is coming next, and choose a monthly plan. Free US shipping over ${formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)}.`}
        path="/shop"
      />
      <section aria-labelledby="shop-heading" className="bg-linear-to-b from-parchment to-background">
        <Container className="py-12 text-center sm:py-16">
          <h1 id="shop-heading" className="font-serif text-4xl text-foreground leading-tight sm:text-5xl">
            Shop Experiences
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Story-driven puzzle boxes that lead you into Scripture, one clue at a time.
          </p>
        </Container>
      </section>
      <FeaturedProduct />
      <ShippingBanner />
      <ComingSoon />
      <GiftCards />
      <Plans />
    </div>
  )
}

function FeaturedProduct() {
  const product = useProduct(PRODUCT_SLUG_SCROLL)
  const access = useProductAccess(PRODUCT_SLUG_SCROLL)
  return (
    <section aria-labelledby="featured-heading" className="py-12 sm:py-16">
      {product.data ? <ProductJsonLd product={product.data} pagePath="/shop" /> : null}
      <Container className="grid items-center gap-10 lg:grid-cols-2">
        <div className="rounded-2xl bg-card/60 p-4 shadow-sm ring-1 ring-border sm:p-8">
          <ScrollArt />
        </div>
        <div>
          {access.hasAccess ? (
            <Badge className="gap-1">
              <CheckIcon aria-hidden="true" className="size-3.5" />
              You own this
            </Badge>
          ) : (
            <Badge>Featured</Badge>
          )}
          <h2 id="featured-heading" className="mt-3 font-serif text-3xl text-foreground sm:text-4xl">
            {product.data?.name ?? 'The Scroll of Antioch'}
          </h2>
          {product.isPending ? (
            <Skeleton className="mt-4 h-20 w-full" />
          ) : (
            <p className="mt-4 text-lg text-muted-foreground leading-relaxed">
              {product.data?.description ?? 'This experience is not available right now.'}
            </p>
          )}
          <ul aria-label="At a glance" className="mt-6 flex flex-wrap gap-3">
            {FACTS.map(({ Icon, label }) => (
              <li
                key={label}
                className="flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 font-medium text-sm"
              >
                <Icon aria-hidden="true" className="size-4 text-gold-deep" />
                {label}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            {access.signedIn && access.pending ? (
              // A signed-in visitor may own it: no Purchase Now until the answer is in.
              <>
                <Skeleton className="h-11 w-56 rounded-md" />
                <span className="sr-only" role="status">
                  Checking whether this box is yours…
                </span>
              </>
            ) : access.hasAccess && product.data ? (
              <TwoParts productSlug={product.data.slug} />
            ) : product.data ? (
              <Button asChild size="lg">
                <Link to={`/checkout/${product.data.slug}`}>
                  Purchase Now - {formatMoney(product.data.price)}
                </Link>
              </Button>
            ) : (
              <Button size="lg" disabled>
                {product.isPending ? 'Loading price…' : 'Currently unavailable'}
              </Button>
            )}
            <Button asChild size="lg" variant="outline">
              <Link to="/scroll-of-antioch">Learn More</Link>
            </Button>
          </div>
        </div>
      </Container>
    </section>
  )
}

function ShippingBanner() {
  return (
    <aside aria-label="Shipping" className="bg-primary text-primary-foreground">
      <Container className="flex flex-wrap items-center justify-center gap-3 py-4 text-center">
        <TruckIcon aria-hidden="true" className="size-5" />
        <p className="font-medium">
          Free shipping on US orders over {formatMoney(FREE_SHIPPING_THRESHOLD_CENTS).replace('.00', '')}.
          Delivered in {STANDARD_DELIVERY}.{' '}
          <Link to="/shipping" className="underline underline-offset-4">
            Shipping info
          </Link>
        </p>
      </Container>
    </aside>
  )
}

function ComingSoon() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all')
  const upcoming = EXPERIENCES.filter((e) => !e.productSlug)
  const shown = upcoming.filter((e) => filter === 'all' || e.category === filter)
  return (
    <section aria-labelledby="coming-heading" className="py-12 sm:py-16">
      <Container>
        <SectionHeading id="coming-heading" eyebrow="On the workbench" title="Coming Soon" />
        <fieldset className="mt-6 flex flex-wrap gap-2">
          <legend className="sr-only">Filter by category</legend>
          {FILTERS.map((f) => (
            <Button
              key={f}
              variant={filter === f ? 'default' : 'outline'}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
            >
              {f === 'all' ? 'All' : CATEGORY_LABELS[f]}
            </Button>
          ))}
        </fieldset>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map(({ id, title, tagline, category, price, Art }) => (
            <li
              key={id}
              className="relative flex flex-col overflow-hidden rounded-xl border border-border bg-card"
            >
              <div className="relative aspect-[4/3] bg-parchment p-6">
                <Art className="size-full opacity-60" />
                <span className="absolute inset-0 flex items-center justify-center bg-background/40">
                  <Badge variant="secondary" className="text-base">
                    Coming Soon
                  </Badge>
                </span>
              </div>
              <div className="flex flex-1 flex-col p-5">
                <p className="text-primary text-sm">{CATEGORY_LABELS[category]}</p>
                <h3 className="mt-1 font-serif text-xl">{title}</h3>
                <p className="mt-2 flex-1 text-muted-foreground">{tagline}</p>
                <p className="mt-4 font-semibold">${price}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}

function GiftCards() {
  return (
    <section aria-labelledby="gift-heading" className="bg-parchment py-12 sm:py-16">
      <Container className="text-center">
        <GiftIcon aria-hidden="true" className="mx-auto size-10 text-primary" />
        <SectionHeading
          id="gift-heading"
          align="center"
          title="Gift Cards"
          lead="Share the journey with someone you love."
        />
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {GIFT_CARD_AMOUNTS_CENTS.map((cents) => (
            <Button
              key={cents}
              variant="outline"
              size="lg"
              onClick={() => toast('Coming Soon', { description: 'Gift cards will be available soon!' })}
            >
              {formatMoney(cents).replace('.00', '')} Gift Card
            </Button>
          ))}
        </div>
      </Container>
    </section>
  )
}

/** The session ended in another tab: the same words as a visitor gets. */
const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401

const renewalDate = (value: Date | string | null) =>
  value ? new Date(value).toLocaleDateString('en-US', { dateStyle: 'long' }) : null

/** The signed-in customer's plan (only once the status was fetched), with Refresh and Manage Subscription. */
function SubscriptionStatusCard() {
  const { user } = useAuth()
  const status = useSubscriptionStatus(Boolean(user))
  const portal = useOpenPortal()
  const [refreshing, setRefreshing] = useState(false)
  // A failed check on load is only logged (spec §8); Refresh says so.
  useEffect(() => {
    if (status.isError) console.warn('subscription status check failed', status.error)
  }, [status.isError, status.error])
  if (!user || !status.data) return null
  const data = status.data
  const end = renewalDate(data.subscription_end)
  const refresh = async () => {
    setRefreshing(true)
    const result = await status.refetch()
    setRefreshing(false)
    if (result.isError)
      toast.error(SUBSCRIPTION_MESSAGES.refreshErrorTitle, {
        description: SUBSCRIPTION_MESSAGES.refreshError,
      })
    else toast.success(SUBSCRIPTION_MESSAGES.updatedTitle, { description: SUBSCRIPTION_MESSAGES.updated })
  }
  const manage = () =>
    portal.mutate(undefined, {
      onError: (error) =>
        isSignedOut(error)
          ? toast.error(SUBSCRIPTION_MESSAGES.authTitle, { description: SUBSCRIPTION_MESSAGES.loginToManage })
          : toast.error(SUBSCRIPTION_MESSAGES.portalErrorTitle, {
              description: apiErrorMessage(error, SUBSCRIPTION_MESSAGES.portalError),
            }),
    })
  return (
    <Card aria-labelledby="my-plan-heading" role="region" className="mx-auto mt-8 max-w-xl">
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 id="my-plan-heading" className="font-serif text-xl">
            Your subscription
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <Badge variant={data.subscribed ? 'default' : 'secondary'}>
              {data.subscribed ? 'Active' : 'Not Subscribed'}
            </Badge>
            {data.subscribed && data.subscription_tier && (
              <span className="font-semibold">{data.subscription_tier} plan</span>
            )}
          </p>
          {data.subscribed && end && (
            <p className="mt-1 text-muted-foreground text-sm">
              {data.cancel_at_period_end ? `Cancelled: ends on ${end}` : `Renews on ${end}`}
            </p>
          )}
          {data.subscription_status === 'past_due' && (
            <p className="mt-1 text-destructive text-sm">
              Your last payment failed. Please update your card in Manage Subscription.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
            <RefreshCwIcon aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} />
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
          {data.subscribed && (
            <Button onClick={manage} disabled={portal.isPending}>
              {portal.isPending ? 'Opening…' : 'Manage Subscription'}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}

function Plans() {
  const { user } = useAuth()
  const subscribe = useSubscribe()
  const status = useSubscriptionStatus(Boolean(user))
  const current = status.data?.subscribed ? status.data.subscription_tier : null
  const choose = (plan: (typeof SUBSCRIPTION_PLANS)[number]) => {
    if (!user) {
      toast.error(SUBSCRIPTION_MESSAGES.authTitle, { description: SUBSCRIPTION_MESSAGES.loginToSubscribe })
      return
    }
    subscribe.mutate(
      { priceId: plan.priceId, tier: plan.tier },
      {
        onError: (error) =>
          isSignedOut(error)
            ? toast.error(SUBSCRIPTION_MESSAGES.authTitle, {
                description: SUBSCRIPTION_MESSAGES.loginToSubscribe,
              })
            : toast.error(SUBSCRIPTION_MESSAGES.subscriptionErrorTitle, {
                description: apiErrorMessage(error, SUBSCRIPTION_MESSAGES.subscriptionError),
              }),
      },
    )
  }
  return (
    <section aria-labelledby="plans-heading" className="py-12 sm:py-16">
      <Container>
        <SectionHeading
          id="plans-heading"
          align="center"
          eyebrow="Monthly plans"
          title="A new adventure every month"
          lead="Cancel anytime."
        />
        <SubscriptionStatusCard />
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {SUBSCRIPTION_PLANS.map((plan) => (
            <li key={plan.priceId}>
              <Card className={cn('relative h-full', plan.popular && 'border-primary ring-2 ring-primary')}>
                {plan.popular && <Badge className="-top-3 absolute left-1/2 -translate-x-1/2">Popular</Badge>}
                <CardHeader>
                  <CardTitle className="font-serif text-2xl">{plan.tier}</CardTitle>
                  <p>
                    <span className="font-semibold text-3xl">{formatMoney(plan.priceCents)}</span>
                    <span className="text-muted-foreground">/month</span>
                  </p>
                </CardHeader>
                <CardContent className="flex flex-col gap-6">
                  <ul className="space-y-2">
                    {plan.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  {current === plan.tier ? (
                    <Button variant="secondary" disabled>
                      <CheckIcon aria-hidden="true" className="size-4" />
                      Your current plan
                    </Button>
                  ) : (
                    <>
                      <Button
                        variant={plan.popular && !current ? 'default' : 'outline'}
                        onClick={() => choose(plan)}
                        disabled={subscribe.isPending}
                        aria-describedby={current ? `switch-${plan.tier}` : undefined}
                      >
                        {subscribe.isPending && subscribe.variables?.tier === plan.tier
                          ? 'Opening…'
                          : current
                            ? `Switch to ${plan.tier}`
                            : `Subscribe to ${plan.tier}`}
                      </Button>
                      {current && (
                        // A subscriber changes plan in the billing page (the server opens it for them).
                        <p
                          id={`switch-${plan.tier}`}
                          className="-mt-4 text-center text-muted-foreground text-sm"
                        >
                          Opens your billing page in a new tab, where you change plans.
                        </p>
                      )}
                    </>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
