import { type ProductView, productPathOf } from '@lamplight/contracts'
import { NotFoundStatus, PageMeta, summarise } from '@lamplight/session'
import { Badge, Button, ErrorState, LoadingState, NotFoundState, PageContainer } from '@lamplight/ui'
import { ArrowLeftIcon, MailIcon } from '@lamplight/ui/icons'
import { lazy, Suspense, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useCatalogProduct } from '../../api/catalog'
import { useProductAccess } from '../../api/shop'
import { AddToCartButton } from '../../components/cart/add-to-cart-button'
import { Price } from '../../components/product-card'
import { ProductBreadcrumbJsonLd, ProductJsonLd } from '../../components/product-json-ld'
import { AVAILABILITY_LABELS, CATEGORY_LABELS } from '../../components/product-labels'
import { ProductPicture } from '../../components/product-picture'
import { TwoParts } from '../../components/two-parts'

// The form and its schema (zod) download when a visitor asks to be told, not with the page.
const NotifyForm = lazy(() => import('./notify-form'))

export const EXPERIENCE_NOT_FOUND = 'Experience Not Found'

/**
 * /experiences/:productSlug: one box of the catalogue, as the database has it, server-rendered
 * with its Product JSON-LD and its picture for link previews. An unknown or draft slug is the
 * not-found state (a 404 from the server). The Scroll's own address is /scroll-of-antioch
 * (spec): its page here names that one as canonical.
 */
export function ExperiencePage() {
  const { productSlug = '' } = useParams()
  const product = useCatalogProduct(productSlug)
  const pendingMeta = (
    <PageMeta
      title="Experience"
      description="A story-driven puzzle experience rooted in Scripture."
      path={productPathOf(productSlug)}
    />
  )
  if (product.isPending)
    return (
      <>
        {pendingMeta}
        <LoadingState label="Loading the experience..." />
      </>
    )
  if (product.isError)
    return (
      <PageContainer>
        {pendingMeta}
        <ErrorState onRetry={() => product.refetch()} retrying={product.isFetching} />
      </PageContainer>
    )
  if (!product.data) {
    const message = "We couldn't find that experience. It may have been renamed or is not available yet."
    return (
      <PageContainer>
        <PageMeta title={EXPERIENCE_NOT_FOUND} description={message} />
        <NotFoundStatus />
        <NotFoundState
          title={EXPERIENCE_NOT_FOUND}
          message={message}
          action={
            <Button asChild>
              <Link to="/experiences">
                <ArrowLeftIcon aria-hidden="true" />
                See all experiences
              </Link>
            </Button>
          }
        />
      </PageContainer>
    )
  }
  return <ProductDetails product={product.data} />
}

function ProductDetails({ product }: { product: ProductView }) {
  const path = productPathOf(product.slug)
  const onSale = product.availability === 'on_sale'
  // Asked in the browser only, for a signed-in visitor: an owner is shown both parts of the box.
  const access = useProductAccess(product.slug)
  const [main, ...others] = product.images
  const facts = [
    ['Duration', product.facts.duration],
    ['Mysteries', product.facts.mysteries],
    ['Difficulty', product.facts.difficulty],
    ['Ages', product.facts.ages],
  ].filter((f): f is [string, string | number] => f[1] !== undefined && f[1] !== '')
  return (
    <PageContainer>
      <PageMeta
        title={product.name}
        description={summarise(product.tagline || product.description)}
        path={path}
        image={product.image}
        type="product"
      />
      <ProductJsonLd product={product} pagePath={path} />
      <ProductBreadcrumbJsonLd product={product} pagePath={path} />
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
          <li>
            <Link
              to="/experiences"
              className="inline-flex min-h-10 items-center text-primary underline-offset-4 hover:underline"
            >
              Experiences
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 truncate text-foreground">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="grid gap-4">
          <div className="overflow-hidden rounded-2xl bg-parchment shadow-sm ring-1 ring-border">
            <ProductPicture
              product={product}
              image={main}
              priority
              sizes="(min-width: 1280px) 38rem, (min-width: 1024px) 48vw, 100vw"
              className={onSale ? undefined : 'opacity-80 grayscale-[30%]'}
            />
          </div>
          {others.length > 0 && (
            <ul aria-label="More pictures" className="grid grid-cols-3 gap-3">
              {others.map((image) => (
                <li key={image.id} className="overflow-hidden rounded-lg bg-parchment ring-1 ring-border">
                  <ProductPicture product={product} image={image} sizes="(min-width: 1024px) 12rem, 33vw" />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline">{CATEGORY_LABELS[product.category]}</Badge>
            {!onSale && <Badge variant="secondary">{AVAILABILITY_LABELS[product.availability]}</Badge>}
          </div>
          <h1 className="mt-3 font-serif text-4xl text-foreground leading-tight sm:text-5xl">
            {product.name}
          </h1>
          {product.tagline && <p className="mt-3 text-lg text-muted-foreground">{product.tagline}</p>}
          <Price product={product} className="mt-6 text-3xl" />
          {facts.length > 0 && (
            <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {facts.map(([label, value]) => (
                <div key={label} className="rounded-lg border border-border bg-card px-3 py-2">
                  <dt className="text-muted-foreground text-xs uppercase tracking-wide">{label}</dt>
                  <dd className="font-semibold text-foreground">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            {onSale ? (
              <AddToCartButton productSlug={product.slug} productName={product.name} size="lg">
                Add to Cart
              </AddToCartButton>
            ) : (
              <p className="font-medium text-foreground">
                {product.availability === 'sold_out'
                  ? 'Sold out for now: new boxes are being crafted.'
                  : 'Coming soon: this box is still on the workbench.'}
              </p>
            )}
          </div>
          {access.hasAccess && (
            <section
              aria-labelledby="owned-heading"
              className="mt-8 rounded-lg border border-border bg-card p-5"
            >
              <h2 id="owned-heading" className="font-serif text-foreground text-xl">
                You own this box
              </h2>
              <TwoParts productSlug={product.slug} className="mt-2" />
            </section>
          )}
          {product.description && (
            <div className="mt-8 space-y-4 text-foreground leading-relaxed">
              {product.description.split(/\n{2,}/).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          )}
          {!onSale && <Notify product={product} />}
        </div>
      </div>
    </PageContainer>
  )
}

/** The way to be told when a box that cannot be bought yet is ready; the form loads when opened. */
function Notify({ product }: { product: ProductView }) {
  const [open, setOpen] = useState(false)
  return (
    <section
      id="notify"
      aria-labelledby="notify-heading"
      className="mt-10 scroll-mt-24 rounded-xl border border-gold/60 bg-card p-5 shadow-sm"
    >
      <h2 id="notify-heading" className="font-semibold font-serif text-2xl text-foreground">
        Tell me when it's ready
      </h2>
      <p className="mt-2 text-muted-foreground">
        Leave your email and we will write to you once, the day {product.name}{' '}
        {product.availability === 'sold_out' ? 'is back in stock' : 'goes on sale'}.
      </p>
      <div className="mt-4">
        {open ? (
          <Suspense fallback={<LoadingState label="Loading the form..." />}>
            <NotifyForm slug={product.slug} name={product.name} />
          </Suspense>
        ) : (
          <Button onClick={() => setOpen(true)}>
            <MailIcon aria-hidden="true" />
            Email me when it's ready
          </Button>
        )}
      </div>
    </section>
  )
}
