import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatMoney,
  PRODUCT_SLUG_SCROLL,
  STANDARD_DELIVERY,
} from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Badge, SectionHeading, Skeleton } from '@lamplight/ui'
import {
  ArrowRightIcon,
  ClockIcon,
  KeyRoundIcon,
  MonitorSmartphoneIcon,
  PackageOpenIcon,
  PuzzleIcon,
  ScrollTextIcon,
  SparklesIcon,
  TruckIcon,
} from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { useProduct, useProductAccess } from '../../api/shop'
import { AddToCartButton } from '../../components/cart/add-to-cart-button'
import { Container } from '../../components/container'
import { ScrollArt } from '../../components/illustrations'
import { ProductBreadcrumbJsonLd, ProductJsonLd } from '../../components/product-json-ld'
import { ScriptureQuote } from '../../components/scripture-quote'
import { TwoParts } from '../../components/two-parts'

export const SCROLL_HEADING = 'The Scroll of Antioch'

const FACTS = [
  { Icon: ClockIcon, label: '2-3 hours' },
  { Icon: PuzzleIcon, label: '5 mysteries' },
  { Icon: SparklesIcon, label: 'Beginner friendly' },
] as const

// The five fragments follow Acts 11:19-26 without giving any answer away.
const MYSTERIES = [
  {
    title: 'The Scattered',
    text: 'Believers flee Jerusalem after Stephen’s death. Follow their road north and find where the word travelled with them.',
  },
  {
    title: 'A Word for the Greeks',
    text: 'In Antioch, someone dares to tell the good news to outsiders. Decode who heard it, and what changed.',
  },
  {
    title: 'The Son of Encouragement',
    text: 'Jerusalem sends a man to see what is happening. Trace his steps and the one thing he saw that made him glad.',
  },
  {
    title: 'A Year in Antioch',
    text: 'A journey to Tarsus, a friend brought back, a whole year of teaching. Rebuild the lessons from the fragments they left.',
  },
  {
    title: 'Called Christians',
    text: 'The last fragment holds the name the city gave them. Restore the scroll and read their message in full.',
  },
] as const

const HOW = [
  {
    Icon: PackageOpenIcon,
    title: 'Break the seal',
    text: 'Your box holds the damaged scroll, letters from the church in Antioch and the tools to read them.',
  },
  {
    Icon: KeyRoundIcon,
    title: 'Solve each mystery',
    text: 'Work through five puzzles in order. Each one you solve restores a line of the scroll.',
  },
  {
    Icon: MonitorSmartphoneIcon,
    title: 'Restore it online',
    text: 'Enter your answers in the Puzzle Portal on any phone or computer, with up to three hints whenever you need them.',
  },
] as const

/** The product for sale, from the API: the price is `price_cents` / 100. */
const useScrollProduct = () => useProduct(PRODUCT_SLUG_SCROLL)

const useScrollAccess = () => useProductAccess(PRODUCT_SLUG_SCROLL)

function PurchaseAction({ align = 'left' }: { align?: 'left' | 'center' }) {
  const product = useScrollProduct()
  const access = useScrollAccess()
  const justify = align === 'center' ? 'items-center text-center' : 'items-start'

  if (product.isPending || access.pending) {
    return (
      <div className={`flex flex-col gap-2 ${justify}`}>
        <Skeleton className="h-11 w-56 rounded-md" />
        <span className="sr-only" role="status">
          Checking the price and your access…
        </span>
      </div>
    )
  }

  if (access.hasAccess) {
    // An owner gets both parts, each with its button (issue 36).
    return (
      <div className={`flex flex-col gap-2 ${justify}`}>
        <p className="font-medium">This experience is yours.</p>
        <TwoParts productSlug={PRODUCT_SLUG_SCROLL} className="text-muted-foreground" />
      </div>
    )
  }

  if (product.isError || !product.data) {
    return (
      <p
        role="status"
        className={`max-w-md rounded-lg border border-border bg-card p-4 text-foreground ${justify}`}
      >
        The Scroll of Antioch is not available to order just now. Please check back soon, or{' '}
        <Link to="/contact" className="text-primary underline underline-offset-4">
          contact us
        </Link>{' '}
        and we will let you know when it returns.
      </p>
    )
  }

  return (
    <div className={`flex flex-col gap-2 ${justify}`}>
      {/* Into the cart, which opens beside the page (issue 32); a group adds more there. */}
      <AddToCartButton productSlug={PRODUCT_SLUG_SCROLL} productName={product.data.name} size="lg">
        Unlock for {formatMoney(product.data.price)}
        <ArrowRightIcon aria-hidden="true" />
      </AddToCartButton>
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <TruckIcon aria-hidden="true" className="size-4" />
        {product.data.price > FREE_SHIPPING_THRESHOLD_CENTS ? 'Free US shipping · ' : ''}Arrives in{' '}
        {STANDARD_DELIVERY}
      </p>
    </div>
  )
}

/** The product's structured data, once its live price is known. */
function ScrollJsonLd() {
  const product = useScrollProduct()
  return product.data ? (
    <>
      <ProductJsonLd product={product.data} pagePath="/scroll-of-antioch" />
      <ProductBreadcrumbJsonLd product={product.data} pagePath="/scroll-of-antioch" />
    </>
  ) : null
}

export function ScrollOfAntiochPage() {
  return (
    <div>
      <PageMeta
        title={SCROLL_HEADING}
        description="Restore a damaged scroll from the church in Antioch: five mysteries, 2-3 hours, beginner friendly. Our featured story-driven puzzle experience."
        path="/scroll-of-antioch"
        type="product"
      />
      <ScrollJsonLd />
      <section
        aria-labelledby="scroll-heading"
        className="overflow-hidden bg-linear-to-b from-parchment to-background"
      >
        <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-20">
          <div>
            <div className="mb-4 flex flex-wrap gap-2">
              <Badge>Featured experience</Badge>
              <Badge variant="outline">History</Badge>
            </div>
            <h1
              id="scroll-heading"
              className="font-serif text-4xl text-foreground leading-tight sm:text-5xl lg:text-6xl"
            >
              {SCROLL_HEADING}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground leading-relaxed">
              A scroll from the first church ever to be called Christian has come down to you in pieces. Solve
              five mysteries, restore every fragment, and read the message the believers of Antioch sent out
              into the world.
            </p>
            <ul aria-label="At a glance" className="mt-6 flex flex-wrap gap-3">
              {FACTS.map(({ Icon, label }) => (
                <li
                  key={label}
                  className="flex items-center gap-2 rounded-full border border-border bg-card px-4 py-2 font-medium text-foreground text-sm"
                >
                  <Icon aria-hidden="true" className="size-4 text-gold-deep" />
                  {label}
                </li>
              ))}
            </ul>
            <div className="mt-8">
              <PurchaseAction />
            </div>
          </div>
          <div className="rounded-2xl bg-card/60 p-4 shadow-sm ring-1 ring-border sm:p-8">
            <ScrollArt />
          </div>
        </Container>
      </section>

      <section aria-labelledby="story-heading" className="py-14 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <SectionHeading
              id="story-heading"
              eyebrow="The story"
              title="A city at the crossroads of the world"
            />
            <div className="mt-6 space-y-4 text-foreground leading-relaxed">
              <p>
                Antioch was a great city of the Roman east, full of merchants, soldiers and travellers from
                everywhere. When believers scattered from Jerusalem, some of them came here, and for the first
                time the good news was told to Greeks as freely as to Jews.
              </p>
              <p>
                Barnabas came to see it for himself, went to find Saul in Tarsus, and together they taught the
                church for a whole year. Before long the city needed a new word for these people.
              </p>
              <p>
                In our story, a letter from that church has survived, torn into five fragments. Your task is
                to put it back together.
              </p>
            </div>
          </div>
          <div className="flex flex-col justify-center rounded-2xl bg-parchment p-8 sm:p-10">
            <ScrollTextIcon aria-hidden="true" className="mb-6 size-10 text-primary" />
            <ScriptureQuote
              text="And the disciples were called Christians first in Antioch."
              reference="Acts 11:26"
            />
          </div>
        </Container>
      </section>

      <section aria-labelledby="mysteries-heading" className="bg-secondary/50 py-14 sm:py-20">
        <Container>
          <SectionHeading
            id="mysteries-heading"
            eyebrow="Inside the box"
            title="Five mysteries, one message"
            lead="Each fragment is its own puzzle. Solve them in order and watch the scroll come back to life."
          />
          <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {MYSTERIES.map((mystery, index) => (
              <li key={mystery.title} className="rounded-xl border border-border bg-card p-5 shadow-sm">
                <span aria-hidden="true" className="font-semibold font-serif text-3xl text-gold-deep">
                  {toRoman(index + 1)}
                </span>
                <h3 className="mt-2 font-semibold font-serif text-foreground text-lg">{mystery.title}</h3>
                <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{mystery.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="how-scroll-heading" className="py-14 sm:py-20">
        <Container>
          <SectionHeading
            id="how-scroll-heading"
            eyebrow="How it works"
            title="Made for first-time solvers"
            lead="No experience needed: the scroll teaches you how to read it as you go, and hints are always one tap away."
          />
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {HOW.map(({ Icon, title, text }, index) => (
              <li key={title} className="flex gap-4 rounded-xl border border-border bg-card p-6 shadow-sm">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <div>
                  <h3 className="flex items-center gap-2 font-semibold font-serif text-foreground text-lg">
                    <Icon aria-hidden="true" className="size-5 text-gold-deep" />
                    {title}
                  </h3>
                  <p className="mt-2 text-muted-foreground leading-relaxed">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="scroll-cta-heading" className="pb-14 sm:pb-20">
        <Container>
          <div className="flex flex-col items-center rounded-2xl border border-gold/60 bg-parchment px-6 py-10 text-center sm:px-10">
            <h2 id="scroll-cta-heading" className="font-serif text-3xl text-foreground">
              The fragments are waiting
            </h2>
            <p className="mt-3 mb-6 max-w-xl text-lg text-muted-foreground leading-relaxed">
              An evening of discovery for your family, friends or small group, and a verse you will not
              forget.
            </p>
            <PurchaseAction align="center" />
          </div>
        </Container>
      </section>
    </div>
  )
}

function toRoman(n: number): string {
  return ['I', 'II', 'III', 'IV', 'V'][n - 1] ?? String(n)
}
