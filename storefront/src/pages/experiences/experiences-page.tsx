import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatMoney,
  formatMoneyShort,
  STANDARD_DELIVERY,
} from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Badge, Button, cn, Skeleton } from '@lamplight/ui'
import {
  ArrowRightIcon,
  ClockIcon,
  LightbulbIcon,
  PackageOpenIcon,
  PuzzleIcon,
  ShoppingCartIcon,
  SparklesIcon,
} from '@lamplight/ui/icons'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { useProduct } from '../../api/shop'
import {
  CATEGORY_LABELS,
  EXPERIENCES,
  type Experience,
  FEATURED_EXPERIENCE,
} from '../../components/experiences'
import { Container, SectionHeading } from '../../components/section-heading'

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

/** Brings the card named in the URL's hash into view, on arrival and whenever the hash changes. */
function useScrollToHash() {
  const { hash, key } = useLocation()
  const arrived = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` re-runs it when the same link is followed twice
  useEffect(() => {
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
  }, [hash, key])
  return decodeURIComponent(hash.slice(1))
}

export function ExperiencesPage() {
  const target = useScrollToHash()
  return (
    <div>
      <PageMeta
        title="Experiences"
        description="Six story-driven puzzle experiences rooted in Scripture: mysteries, devotionals and journeys into Bible history, each one 2-4 hours of discovery."
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
            Six boxes, six stories. Each one hides its puzzles inside a piece of the great Story, so the last
            clue you solve is a truth worth carrying home.
          </p>
          <aside
            aria-label="New to Lamplight?"
            className="mt-8 flex max-w-3xl flex-col gap-4 rounded-xl border border-gold/60 bg-card p-5 shadow-sm sm:flex-row sm:items-center"
          >
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-gold-deep">
              <LightbulbIcon aria-hidden="true" className="size-5" />
            </span>
            <p className="flex-1 text-foreground">
              <strong className="font-semibold">First time with a puzzle box?</strong> Start with{' '}
              {FEATURED_EXPERIENCE.title}. It is beginner friendly, takes 2-3 hours and walks you through five
              mysteries, one step at a time.
            </p>
            <Button asChild variant="outline" className="self-start sm:self-center">
              <Link to="/scroll-of-antioch">
                Start here
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </aside>
        </Container>
      </section>

      <section aria-label="All experiences" className="py-10 sm:py-14">
        <Container>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {EXPERIENCES.map((experience) => (
              <li key={experience.id} className="flex">
                <ExperienceCard experience={experience} targeted={target === experience.id} />
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="how-heading" className="bg-secondary/50 py-14 sm:py-20">
        <Container>
          <SectionHeading
            id="how-heading"
            eyebrow="How it works"
            title="Three steps to your first mystery"
            align="center"
          />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
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
          </ol>
        </Container>
      </section>
    </div>
  )
}

function ExperienceCard({ experience, targeted }: { experience: Experience; targeted: boolean }) {
  const { Art } = experience
  const titleId = `${experience.id}-title`
  const stockId = `${experience.id}-stock`
  return (
    <article
      id={experience.id}
      aria-labelledby={titleId}
      data-featured={experience.featured || undefined}
      className={cn(
        'flex w-full scroll-mt-24 flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow',
        experience.featured ? 'border-gold' : 'border-border',
        targeted && 'ring-2 ring-ring ring-offset-2 ring-offset-background',
      )}
    >
      <div className="relative bg-parchment px-6 pt-6 pb-2">
        <Art className={cn('mx-auto max-w-xs', !experience.inStock && 'opacity-60 grayscale-[40%]')} />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          {experience.featured && <Badge>Featured</Badge>}
          {!experience.inStock && (
            <Badge variant="secondary" className="border-border">
              Out of stock
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          <Badge variant="outline">{CATEGORY_LABELS[experience.category]}</Badge>
          <span className="flex items-center gap-1">
            <ClockIcon aria-hidden="true" className="size-3.5" />
            {experience.duration}
          </span>
        </div>
        <h2 id={titleId} className="mt-3 font-semibold font-serif text-2xl text-foreground">
          {experience.title}
        </h2>
        <p className="mt-2 flex-1 text-muted-foreground leading-relaxed">{experience.description}</p>
        <p className="mt-5 font-semibold text-2xl text-foreground">
          <span className="sr-only">Price: </span>
          {experience.productSlug ? <LivePrice slug={experience.productSlug} /> : `$${experience.price}`}
        </p>
        {!experience.inStock && (
          <p id={stockId} className="mt-1 text-muted-foreground text-sm">
            Out of stock for now. New boxes are being crafted; check back soon.
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link to={experience.learnMoreHref}>
              Learn More<span className="sr-only"> about {experience.title}</span>
            </Link>
          </Button>
          {experience.inStock ? (
            <Button asChild>
              <Link to="/shop">
                <ShoppingCartIcon aria-hidden="true" />
                Add to Cart<span className="sr-only">: {experience.title}</span>
              </Link>
            </Button>
          ) : (
            <Button disabled aria-describedby={stockId}>
              <ShoppingCartIcon aria-hidden="true" />
              Add to Cart<span className="sr-only">: {experience.title}</span>
            </Button>
          )}
        </div>
      </div>
    </article>
  )
}

/** The shop's own price for a product on sale; a placeholder while it loads, nothing if it is not for sale. */
function LivePrice({ slug }: { slug: string }) {
  const product = useProduct(slug)
  if (product.data) return <>{formatMoney(product.data.price)}</>
  // Inside the price's <p>: a <span>, as a <div> there is invalid HTML.
  if (product.isPending)
    return (
      <Skeleton asChild className="inline-block h-7 w-20 align-middle">
        <span />
      </Skeleton>
    )
  return <span className="text-base text-muted-foreground">See the shop</span>
}
