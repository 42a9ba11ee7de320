import { FREE_SHIPPING_THRESHOLD_CENTS, formatMoneyShort } from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Button, ErrorState, SectionHeading, Skeleton } from '@lamplight/ui'
import {
  ArrowRightIcon,
  BookOpenIcon,
  ClockIcon,
  HandHeartIcon,
  PuzzleIcon,
  TruckIcon,
  UsersIcon,
} from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { useCatalog } from '../../api/catalog'
import { Container } from '../../components/container'
import { LampArt, PuzzleBoxArt } from '../../components/illustrations'
import { ProductCard } from '../../components/product-card'
import { ScriptureQuote } from '../../components/scripture-quote'

export const HOME_HEADING = 'Open the box. Discover the Story.'

/** How many boxes the home page shows: the catalogue's first (featured first, in the owner's order). */
export const HOME_FEATURED_COUNT = 3

const REASONS = [
  {
    Icon: BookOpenIcon,
    title: 'Scripture at the heart',
    text: 'Every cipher, lock and sealed letter leads back to the Bible. The answer to the last puzzle is never just a code; it is a verse worth keeping.',
  },
  {
    Icon: PuzzleIcon,
    title: 'Puzzles worth the effort',
    text: 'Real mysteries that ask for patience, teamwork and a few “aha!” moments, with gentle hints whenever your table needs a nudge.',
  },
  {
    Icon: UsersIcon,
    title: 'Made for gathering',
    text: 'Families after dinner, youth groups on retreat, friends on a quiet Friday: our boxes turn a room of people into one team.',
  },
  {
    Icon: HandHeartIcon,
    title: 'Crafted with care and prayer',
    text: 'Each experience is researched, written and tested by people who love the Story, and packed by hand before it is sent to you.',
  },
] as const

export function HomePage() {
  return (
    <div>
      <PageMeta
        title="Story-driven Christian puzzle boxes"
        description="Lamplight Puzzle Co. makes story-driven puzzle boxes that lead families, friends and small groups into Scripture, one clue at a time."
        path="/"
      />
      <section
        aria-labelledby="home-heading"
        className="overflow-hidden bg-linear-to-b from-parchment to-background"
      >
        <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-20">
          <div>
            <p className="mb-3 font-semibold text-primary text-sm uppercase tracking-wider">
              Puzzle boxes for curious hearts
            </p>
            <h1
              id="home-heading"
              className="font-serif text-4xl text-foreground leading-[1.1] sm:text-5xl lg:text-6xl"
            >
              {HOME_HEADING}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground leading-relaxed">
              Lamplight boxes hide Scripture inside ciphers, sealed letters and ancient scrolls. Gather your
              family or small group around the table, solve the mystery together, and find the Word waiting at
              the heart of it.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/experiences">
                  Explore Experiences
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/about">Our Story</Link>
              </Button>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground text-sm">
              <li className="flex items-center gap-2">
                <ClockIcon aria-hidden="true" className="size-4 text-gold-deep" />
                2-4 hours of story per box
              </li>
              <li className="flex items-center gap-2">
                <UsersIcon aria-hidden="true" className="size-4 text-gold-deep" />
                Designed for ages 13+
              </li>
              <li className="flex items-center gap-2">
                <TruckIcon aria-hidden="true" className="size-4 text-gold-deep" />
                Free US shipping over {formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)}
              </li>
            </ul>
          </div>
          <PuzzleBoxArt className="mx-auto max-w-md lg:max-w-lg" />
        </Container>
      </section>

      <section aria-labelledby="featured-heading" className="py-14 sm:py-20">
        <Container>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeading
              id="featured-heading"
              eyebrow="Featured experiences"
              title="Where will your first mystery begin?"
              lead="Our best-loved boxes, each one a story you solve with your own hands."
            />
            <Button asChild variant="link" className="px-0 text-base has-[>svg]:px-0">
              <Link to="/experiences">
                See all experiences
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <FeaturedProducts />
        </Container>
      </section>

      <section aria-labelledby="why-heading" className="bg-secondary/50 py-14 sm:py-20">
        <Container>
          <SectionHeading
            id="why-heading"
            eyebrow="Why Lamplight"
            title="More than a game night"
            lead="We make puzzle boxes for people who want their evenings together to mean something."
            align="center"
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {REASONS.map(({ Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
                <span className="inline-flex size-11 items-center justify-center rounded-full bg-accent text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold font-serif text-foreground text-lg">{title}</h3>
                <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{text}</p>
              </li>
            ))}
          </ul>
          <ScriptureQuote
            className="mx-auto mt-14 max-w-2xl"
            text="Thy word is a lamp unto my feet, and a light unto my path."
            reference="Psalm 119:105"
          />
        </Container>
      </section>

      <section aria-labelledby="cta-heading" className="py-14 sm:py-20">
        <Container>
          <div className="grid items-center gap-8 overflow-hidden rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:grid-cols-[1fr_auto] lg:px-14">
            <div>
              <h2 id="cta-heading" className="font-serif text-3xl leading-tight sm:text-4xl">
                Ready to break the first seal?
              </h2>
              <p className="mt-3 max-w-xl text-lg leading-relaxed opacity-90">
                Find a box for your family, your small group or someone you love. Orders over{' '}
                {formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS)} ship free within the US.
              </p>
              <Button asChild size="lg" variant="secondary" className="mt-6">
                <Link to="/shop">
                  Visit the Shop
                  <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
            </div>
            <div className="hidden w-56 rounded-2xl bg-parchment p-4 md:block">
              <LampArt />
            </div>
          </div>
        </Container>
      </section>
    </div>
  )
}

/** The catalogue's first boxes (featured first), as cards with their pictures and prices. */
function FeaturedProducts() {
  const catalog = useCatalog()
  if (catalog.isError)
    return <ErrorState className="mt-10" onRetry={() => catalog.refetch()} retrying={catalog.isFetching} />
  return (
    <ul aria-busy={catalog.isPending || undefined} className="mt-10 grid gap-6 md:grid-cols-3">
      {catalog.data
        ? catalog.data.slice(0, HOME_FEATURED_COUNT).map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} compact badge={product.featured ? 'Start here' : undefined} />
            </li>
          ))
        : Array.from({ length: HOME_FEATURED_COUNT }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[3/4] w-full rounded-xl" />
            </li>
          ))}
    </ul>
  )
}
