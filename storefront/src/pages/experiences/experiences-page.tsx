import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatMoneyShort,
  type ProductView,
  productPathOf,
  STANDARD_DELIVERY,
} from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Button, ErrorState, FeatureGrid, Skeleton } from '@lamplight/ui'
import { ArrowRightIcon, LightbulbIcon, PackageOpenIcon, PuzzleIcon, SparklesIcon } from '@lamplight/ui/icons'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { useCatalog } from '../../api/catalog'
import { Container } from '../../components/container'
import { ProductCard } from '../../components/product-card'

export const EXPERIENCES_HEADING = 'Our Experiences'

const STEPS = [
  {
    Icon: PuzzleIcon,
    title: 'Choose',
    text: 'Pick the story that fits your table: a mystery to crack, a devotional to linger over, or a journey into history.',
  },
  {
    Icon: PackageOpenIcon,
    title: 'Receive',
    text: `Your box arrives sealed and ready, in ${STANDARD_DELIVERY}. Shipping is free in the US on orders over ${formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)}.`,
  },
  {
    Icon: SparklesIcon,
    title: 'Begin',
    text: 'Gather your people, break the seal and follow the clues. Set aside 2-4 hours, or pause and return whenever you like.',
  },
] as const

/**
 * Brings the card named in the URL's hash into view, on arrival, once the cards are there
 * (`ready`), and whenever the hash changes.
 */
function useScrollToHash(ready: boolean) {
  const { hash, key } = useLocation()
  const arrived = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` re-runs it when the same link is followed twice
  useEffect(() => {
    if (!ready) return
    const id = decodeURIComponent(hash.slice(1))
    const target = id ? document.getElementById(id) : null
    if (target) {
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      target.scrollIntoView({
        block: 'start',
        behavior: arrived.current && !reduceMotion ? 'smooth' : 'auto',
      })
    }
    arrived.current = true
  }, [hash, key, ready])
  return decodeURIComponent(hash.slice(1))
}

export function ExperiencesPage() {
  const catalog = useCatalog()
  const target = useScrollToHash(catalog.isSuccess)
  const firstTime = catalog.data?.find((p) => p.featured && p.availability === 'on_sale')
  return (
    <div>
      <PageMeta
        title="Experiences"
        description="Story-driven puzzle experiences rooted in Scripture: mysteries, devotionals and journeys into Bible history, each one 2-4 hours of discovery."
        path="/experiences"
      />
      <section aria-labelledby="experiences-heading" className="bg-linear-to-b from-parchment to-background">
        <Container className="py-12 sm:py-16">
          <p className="mb-2 font-semibold text-primary text-sm uppercase tracking-wider">Experiences</p>
          <h1
            id="experiences-heading"
            className="max-w-3xl font-serif text-4xl text-foreground leading-tight sm:text-5xl"
          >
            {EXPERIENCES_HEADING}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground leading-relaxed">
            Every box is a story. Each one hides its puzzles inside a piece of the great Story, so the last
            clue you solve is a truth worth carrying home.
          </p>
          {firstTime && <FirstTimeHint product={firstTime} />}
        </Container>
      </section>

      <section aria-label="All experiences" className="py-10 sm:py-14">
        <Container>
          {catalog.data ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {catalog.data.map((product) => (
                <li key={product.id} className="flex">
                  <ProductCard product={product} headingLevel={2} anchor targeted={target === product.slug} />
                </li>
              ))}
            </ul>
          ) : catalog.isError ? (
            <ErrorState onRetry={() => catalog.refetch()} retrying={catalog.isFetching} />
          ) : (
            <ul aria-busy="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <li key={i}>
                  <Skeleton className="aspect-[3/4] w-full rounded-xl" />
                  <span className="sr-only">Loading the experiences…</span>
                </li>
              ))}
            </ul>
          )}
        </Container>
      </section>

      <FeatureGrid
        id="how-heading"
        muted
        eyebrow="How it works"
        title="Three steps to your first mystery"
        align="center"
        ordered
        gridClassName="mt-12"
      >
        {STEPS.map(({ Icon, title, text }, index) => (
          <li key={title} className="relative rounded-xl border border-border bg-card p-6 pt-8 shadow-sm">
            <span className="-top-4 absolute left-6 inline-flex size-8 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm">
              {index + 1}
            </span>
            <Icon aria-hidden="true" className="size-6 text-gold-deep" />
            <h3 className="mt-3 font-semibold font-serif text-foreground text-xl">{title}</h3>
            <p className="mt-2 text-muted-foreground leading-relaxed">{text}</p>
          </li>
        ))}
      </FeatureGrid>
    </div>
  )
}

/** The featured box on sale, recommended to someone who has never opened a puzzle box. */
function FirstTimeHint({ product }: { product: ProductView }) {
  const { duration, mysteries } = product.facts
  return (
    <aside
      aria-label="New to Lamplight?"
      className="mt-8 flex max-w-3xl flex-col gap-4 rounded-xl border border-gold/60 bg-card p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-gold-deep">
        <LightbulbIcon aria-hidden="true" className="size-5" />
      </span>
      <p className="flex-1 text-foreground">
        <strong className="font-semibold">First time with a puzzle box?</strong> Start with {product.name}. It
        is beginner friendly{duration ? `, takes ${duration}` : ''}
        {mysteries ? ` and walks you through ${mysteries} mysteries` : ''}, one step at a time.
      </p>
      <Button asChild variant="outline" className="self-start sm:self-center">
        <Link to={productPathOf(product.slug)}>
          Start here
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
    </aside>
  )
}
