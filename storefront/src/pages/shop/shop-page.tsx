import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatLongDate,
  formatMoney,
  formatMoneyShort,
  GIFT_CARD_AMOUNTS_CENTS,
  PRODUCT_CATEGORIES,
  type ProductCategory,
  type ProductView,
  productPathOf,
  STANDARD_DELIVERY,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  subscriptionActiveMessage,
} from '@lamplight/contracts'
import { ApiError, apiErrorMessage, PageMeta, useAuth } from '@lamplight/session'
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  ErrorState,
  SectionHeading,
  Skeleton,
  toast,
} from '@lamplight/ui'
import {
  CheckIcon,
  ClockIcon,
  GiftIcon,
  MailIcon,
  PuzzleIcon,
  RefreshCwIcon,
  SparklesIcon,
  TruckIcon,
  UsersIcon,
} from '@lamplight/ui/icons'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useCatalog } from '../../api/catalog'
import { useProductAccess } from '../../api/shop'
import { useOpenPortal, useSubscribe, useSubscriptionStatus } from '../../api/subscriptions'
import { AddToCartButton } from '../../components/cart/add-to-cart-button'
import { Container } from '../../components/container'
import { Price, ProductCard } from '../../components/product-card'
import { ProductJsonLd } from '../../components/product-json-ld'
import { AVAILABILITY_LABELS, CATEGORY_LABELS } from '../../components/product-labels'
import { ProductPicture } from '../../components/product-picture'
import { TwoParts } from '../../components/two-parts'

// Gift subscriptions (issue 34 item 7): their form and the recipient's page download only when asked for.
const GiftSubscriptionPanel = lazy(() => import('./gift-subscription'))

function GiftSubscriptionSlot() {
  const [search] = useSearchParams()
  if (!search.get('gift') && !search.get('gift-address')) return null
  return (
    <Suspense fallback={<Skeleton className="mx-auto my-12 h-96 max-w-3xl" />}>
      <GiftSubscriptionPanel />
    </Suspense>
  )
}

/** The category a `?category=` names, or null for all (an unknown one is all, not an empty list). */
export function categoryOf(search: URLSearchParams): ProductCategory | null {
  const value = search.get('category')
  return (PRODUCT_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as ProductCategory) : null
}

/** The shop's parts a visitor may come for, as links to their place on the page. */
const ON_THIS_PAGE = [
  { label: 'Boxes', href: '#boxes' },
  { label: 'Gift Cards', href: '#gift-cards' },
  { label: 'Monthly Plans', href: '#plans' },
] as const

/** /shop: the featured box at its live price, what is coming, gift cards and the monthly plans. */
export function ShopPage() {
  const [search] = useSearchParams()
  const location = useLocation()
  // A gift's recipient, from the link in their mail: their gift alone, not the whole shop.
  if (search.get('gift-address'))
    return (
      <div>
        <PageMeta title="Your gift" description="A Lamplight gift subscription." path="/shop" />
        <GiftSubscriptionSlot />
      </div>
    )
  return (
    <div>
      <PageMeta
        title="Shop"
        description={`Buy our story-driven puzzle boxes, see what is coming next, and choose a monthly plan. Free US shipping over ${formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)}.`}
        path="/shop"
      />
      <section aria-labelledby="shop-heading" className="bg-linear-to-b from-parchment to-background">
        <Container className="py-10 text-center sm:py-16">
          <h1 id="shop-heading" className="font-serif text-4xl text-foreground leading-tight sm:text-5xl">
            Shop Experiences
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Story-driven puzzle boxes that lead you into Scripture, one clue at a time.
          </p>
          {/* The plans come last (spec order), thousands of pixels down on a phone: say they are here. */}
          <nav aria-label="On this page" className="mt-6">
            <ul className="flex flex-wrap justify-center gap-2">
              {ON_THIS_PAGE.map(({ label, href }) => (
                <li key={href}>
                  <Button asChild variant="outline" size="sm" className="pointer-coarse:h-11">
                    {/* The chosen category stays: only the place on the page changes. */}
                    <Link to={{ search: location.search, hash: href }}>{label}</Link>
                  </Button>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
      </section>
      <Catalogue />
      <GiftCards />
      <Plans />
      <GiftSubscriptionSlot />
    </div>
  )
}

/** The catalogue: the featured box, then every box once, by category. */
function Catalogue() {
  const catalog = useCatalog()
  if (catalog.isError)
    return (
      <Container className="py-12">
        <ErrorState onRetry={() => catalog.refetch()} retrying={catalog.isFetching} />
      </Container>
    )
  const products = catalog.data
  const featured = products?.find((p) => p.featured) ?? products?.find((p) => p.availability === 'on_sale')
  return (
    <>
      {products ? (
        featured && <FeaturedProduct product={featured} />
      ) : (
        <Container className="py-12 sm:py-16">
          <Skeleton className="h-80 w-full rounded-2xl" />
          <span className="sr-only" role="status">
            Loading the shop…
          </span>
        </Container>
      )}
      <ShippingBanner />
      {products && <AllProducts products={products} featured={featured} />}
    </>
  )
}

function FeaturedProduct({ product }: { product: ProductView }) {
  const access = useProductAccess(product.slug)
  const onSale = product.availability === 'on_sale'
  const { duration, mysteries, ages } = product.facts
  const facts = [
    duration && { Icon: ClockIcon, label: duration },
    mysteries && { Icon: PuzzleIcon, label: `${mysteries} Mysteries` },
    ages && { Icon: UsersIcon, label: `Ages ${ages}` },
    { Icon: SparklesIcon, label: 'Interactive' },
  ].filter((f) => !!f)
  return (
    <section aria-labelledby="featured-heading" className="py-8 sm:py-16">
      <ProductJsonLd product={product} pagePath="/shop" />
      <Container className="grid items-center gap-6 sm:gap-10 lg:grid-cols-2">
        <div className="overflow-hidden rounded-2xl bg-card/60 shadow-sm ring-1 ring-border">
          <ProductPicture product={product} sizes="(min-width: 1024px) 36rem, 100vw" priority />
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
            {product.name}
          </h2>
          <p className="mt-4 text-muted-foreground leading-relaxed sm:text-lg">{product.description}</p>
          <ul aria-label="At a glance" className="mt-6 flex flex-wrap gap-3">
            {facts.map(({ Icon, label }) => (
              <li
                key={label}
                className="flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 font-medium text-sm"
              >
                <Icon aria-hidden="true" className="size-4 text-gold-deep" />
                {label}
              </li>
            ))}
          </ul>
          {!onSale && <Price product={product} className="mt-6" />}
          <div className="mt-8 flex flex-wrap gap-3">
            {access.signedIn && access.pending ? (
              // A signed-in visitor may own it: no Purchase Now until the answer is in.
              <>
                <Skeleton className="h-11 w-56 rounded-md" />
                <span className="sr-only" role="status">
                  Checking whether this box is yours…
                </span>
              </>
            ) : access.hasAccess ? (
              <TwoParts productSlug={product.slug} />
            ) : onSale ? (
              <>
                <Button asChild size="lg">
                  <Link to={`/checkout/${product.slug}`}>Purchase Now - {formatMoney(product.price)}</Link>
                </Button>
                <AddToCartButton
                  productSlug={product.slug}
                  productName={product.name}
                  size="lg"
                  variant="secondary"
                />
              </>
            ) : (
              <Button asChild size="lg" variant="secondary">
                <Link to={`${productPathOf(product.slug)}#notify`}>
                  <MailIcon aria-hidden="true" />
                  {AVAILABILITY_LABELS[product.availability]}: tell me when it's ready
                </Link>
              </Button>
            )}
            <Button asChild size="lg" variant="outline">
              <Link to={productPathOf(product.slug)}>
                Learn More<span className="sr-only"> about {product.name}</span>
              </Link>
            </Button>
          </div>
        </div>
      </Container>
    </section>
  )
}

/**
 * Every box once, filtered by category with links (`?category=`), so the filters work without
 * JavaScript: the boxes one can buy (or that sold out) as cards, then those on the workbench as
 * a compact list of their own, marked Coming Soon. The featured box, right above, is not listed
 * again unless a category is chosen (a category's list is the whole of it).
 */
function AllProducts({ products, featured }: { products: ProductView[]; featured: ProductView | undefined }) {
  const [search] = useSearchParams()
  const category = categoryOf(search)
  const shown = products.filter((p) => !category || p.category === category)
  const cards = shown.filter((p) => p.availability !== 'coming_soon' && (category || p.id !== featured?.id))
  const coming = shown.filter((p) => p.availability === 'coming_soon')
  const filters = [null, ...PRODUCT_CATEGORIES] as const
  return (
    <section id="boxes" aria-labelledby="all-heading" className="scroll-mt-16 py-10 sm:py-16">
      <Container>
        <SectionHeading id="all-heading" eyebrow="Every box" title="All Experiences" />
        <nav aria-label="Filter by category" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {filters.map((f) => (
              <li key={f ?? 'all'}>
                <Button
                  asChild
                  variant={category === f ? 'default' : 'outline'}
                  className="pointer-coarse:h-11"
                >
                  <Link
                    to={f ? `?category=${f}` : '?'}
                    replace
                    preventScrollReset
                    aria-current={category === f ? 'page' : undefined}
                  >
                    {f ? CATEGORY_LABELS[f] : 'All'}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </nav>
        {cards.length > 0 && (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} compact />
              </li>
            ))}
          </ul>
        )}
        {coming.length > 0 && <ComingSoon products={coming} />}
        {!shown.length && <p className="mt-8 text-muted-foreground">No boxes in this category yet.</p>}
      </Container>
    </section>
  )
}

/** The boxes on the workbench, announced and not for sale yet: one compact row each. */
function ComingSoon({ products }: { products: ProductView[] }) {
  return (
    <section aria-labelledby="coming-heading" className="mt-10">
      <h3 id="coming-heading" className="font-serif text-foreground text-xl sm:text-2xl">
        Coming Soon
      </h3>
      <p className="mt-1 text-muted-foreground text-sm">
        On the workbench: not for sale yet. We can tell you when each is ready.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <ComingSoonItem product={product} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A box on the workbench: its picture, name (to its page: the whole row is the link), price, and Tell me. */
function ComingSoonItem({ product }: { product: ProductView }) {
  const titleId = useId()
  const href = productPathOf(product.slug)
  return (
    <article
      aria-labelledby={titleId}
      data-availability={product.availability}
      className="relative flex w-full gap-4 rounded-xl border border-border bg-card p-3 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="w-24 shrink-0 self-start overflow-hidden rounded-lg bg-parchment sm:w-28">
        <ProductPicture
          product={product}
          sizes="7rem"
          className="aspect-square object-contain opacity-80 grayscale-[40%]"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="flex flex-wrap gap-1.5">
          <Badge variant="secondary" className="border-border">
            {AVAILABILITY_LABELS[product.availability]}
          </Badge>
          <Badge variant="outline">{CATEGORY_LABELS[product.category]}</Badge>
        </p>
        <h4
          id={titleId}
          className="mt-2 font-semibold font-serif text-base text-foreground leading-snug sm:text-lg"
        >
          {/* Stretched over the row: a thumb may land anywhere on it. */}
          <Link to={href} className="after:absolute after:inset-0 after:rounded-xl hover:underline">
            {product.name}
          </Link>
        </h4>
        <p className="mt-1 line-clamp-2 text-muted-foreground text-sm">
          {product.tagline || product.description}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 pt-2">
          <Price product={product} className="text-lg" />
          <Button asChild variant="ghost" size="sm" className="relative -mx-2.5 pointer-coarse:h-11">
            <Link to={`${href}#notify`}>
              <MailIcon aria-hidden="true" />
              Tell me when it's ready<span className="sr-only">: {product.name}</span>
            </Link>
          </Button>
        </div>
      </div>
    </article>
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

function GiftCards() {
  return (
    <section
      id="gift-cards"
      aria-labelledby="gift-heading"
      className="scroll-mt-16 bg-parchment py-12 sm:py-16"
    >
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
            <Button key={cents} asChild variant="outline" size="lg">
              <Link to={`/gift-cards?amount=${cents}`}>
                {formatMoney(cents).replace('.00', '')} Gift Card
              </Link>
            </Button>
          ))}
        </div>
      </Container>
    </section>
  )
}

/** The session ended in another tab: the same words as a visitor gets. */
const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401

/** The signed-in customer's plan (only once the status was fetched), with Refresh and Manage Subscription. */
function SubscriptionStatusCard({ waiting }: { waiting: boolean }) {
  const { user } = useAuth()
  const status = useSubscriptionStatus(Boolean(user), waiting)
  const portal = useOpenPortal()
  const [refreshing, setRefreshing] = useState(false)
  // A failed check on load is only logged (spec §8); Refresh says so.
  useEffect(() => {
    if (status.isError) console.warn('subscription status check failed', status.error)
  }, [status.isError, status.error])
  if (!user || !status.data) return null
  const data = status.data
  const end = data.subscription_end ? formatLongDate(data.subscription_end) : null
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
      {waiting && (
        <p role="status" className="px-6 pt-4 font-semibold text-primary">
          {data.subscribed && data.subscription_tier
            ? subscriptionActiveMessage(data.subscription_tier)
            : 'Waiting for your payment to be confirmed…'}
        </p>
      )}
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
  const navigate = useNavigate()
  const [search] = useSearchParams()
  // Back from the plan page (`?subscription=started`), or a plan page opened from this tab:
  // the card asks until the plan is active, and says so.
  const waiting = search.get('subscription') === 'started' || subscribe.isSuccess
  const status = useSubscriptionStatus(Boolean(user), waiting)
  const current = status.data?.subscribed ? status.data.subscription_tier : null
  // Back from the plan page, or sent to the plans (`/shop#plans`, the menu's Monthly Plans):
  // straight to them, not the top of the shop. Once the boxes above are in, since they push
  // the plans down as they arrive.
  const returned = search.get('subscription') === 'started'
  const { hash } = useLocation()
  const catalog = useCatalog()
  const placed = Boolean(catalog.data) || catalog.isError
  useEffect(() => {
    if ((returned || hash === '#plans') && placed)
      document.getElementById('plans')?.scrollIntoView({ block: 'start' })
  }, [returned, hash, placed])
  // Signed in after choosing a plan signed out: back at that plan, its button ready.
  const chosen = search.get('plan')
  useEffect(() => {
    if (!user || !chosen) return
    const button = document.getElementById(`subscribe-${chosen}`)
    button?.scrollIntoView({ block: 'center' })
    button?.focus()
  }, [user, chosen])
  const choose = (plan: (typeof SUBSCRIPTION_PLANS)[number]) => {
    if (!user) {
      // To sign in, and back to this plan.
      toast(SUBSCRIPTION_MESSAGES.authTitle, { description: SUBSCRIPTION_MESSAGES.loginToSubscribe })
      navigate(`/auth?redirect=${encodeURIComponent(`/shop?plan=${plan.tier}#plans-heading`)}`)
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
    <section id="plans" aria-labelledby="plans-heading" className="scroll-mt-16 py-12 sm:py-16">
      <Container>
        <SectionHeading
          id="plans-heading"
          align="center"
          eyebrow="Monthly plans"
          title="A new adventure every month"
          lead="Cancel anytime."
        />
        <SubscriptionStatusCard waiting={waiting} />
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
                        id={`subscribe-${plan.tier}`}
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
                  <Button asChild variant="link" className="-mt-3">
                    <Link to={`/shop?gift=${plan.tier}#gift-subscription`}>
                      <GiftIcon aria-hidden="true" className="size-4" />
                      Give {plan.tier} as a gift
                    </Link>
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
