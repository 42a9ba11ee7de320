import { formatMoney, type ProductView, productPathOf } from '@lamplight/contracts'
import { Badge, Button, cn } from '@lamplight/ui'
import { ArrowRightIcon, ClockIcon, MailIcon } from '@lamplight/ui/icons'
import { useId } from 'react'
import { Link } from 'react-router'
import { AddToCartButton } from './cart/add-to-cart-button'
import { AVAILABILITY_LABELS, CATEGORY_LABELS } from './product-labels'
import { ProductPicture } from './product-picture'

/**
 * One product of the catalogue as a card (home, /experiences, /shop): its picture, category,
 * name, price and what can be done with it. Add to Cart only when the box is on sale; otherwise the card says Coming Soon or Sold
 * Out and offers to tell the visitor when it is ready, on the product's own page.
 * (Add to Cart puts the box in the cart and opens the cart drawer: issue 32.)
 */
export function ProductCard({
  product,
  compact = false,
  headingLevel = 3,
  targeted = false,
  anchor = false,
  badge,
}: {
  product: ProductView
  /** A small card: the tagline instead of the description. */
  compact?: boolean
  headingLevel?: 2 | 3
  /** Named in the address's hash: ringed, so the visitor sees which card the link meant. */
  targeted?: boolean
  /** The card carries the product's slug as its id, for links to `/experiences#<slug>`. */
  anchor?: boolean
  /** A label over the picture instead of "Featured" (home's "Start here"). */
  badge?: string
}) {
  const Heading = `h${headingLevel}` as const
  // The same product may have two cards on a page (/shop's filtered list and its coming-soon grid).
  const titleId = useId()
  const stateId = useId()
  const onSale = product.availability === 'on_sale'
  const href = productPathOf(product.slug)
  const featuredBadge = badge ?? (product.featured ? 'Featured' : null)
  return (
    <article
      id={anchor ? product.slug : undefined}
      aria-labelledby={titleId}
      data-featured={product.featured || undefined}
      data-availability={product.availability}
      className={cn(
        'flex w-full scroll-mt-24 flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md',
        product.featured ? 'border-gold' : 'border-border',
        targeted && 'ring-2 ring-ring ring-offset-2 ring-offset-background',
      )}
    >
      <div className="relative bg-parchment">
        <ProductPicture
          product={product}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          // One shape for every card in a row; the whole picture shows (a photo is never cropped),
          // on the parchment the seeded drawings are painted on.
          className={cn('aspect-[4/3] object-contain', !onSale && 'opacity-70 grayscale-[40%]')}
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          {featuredBadge && <Badge>{featuredBadge}</Badge>}
          {!onSale && (
            <Badge variant="secondary" className="border-border">
              {AVAILABILITY_LABELS[product.availability]}
            </Badge>
          )}
        </div>
      </div>
      <div className={cn('flex flex-1 flex-col', compact ? 'p-5' : 'p-6')}>
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          <Badge variant="outline">{CATEGORY_LABELS[product.category]}</Badge>
          {product.facts.duration && (
            <span className="flex items-center gap-1">
              <ClockIcon aria-hidden="true" className="size-3.5" />
              {product.facts.duration}
            </span>
          )}
        </div>
        <Heading
          id={titleId}
          className={cn('mt-3 font-semibold font-serif text-foreground', compact ? 'text-xl' : 'text-2xl')}
        >
          {product.name}
        </Heading>
        <p className={cn('mt-2 flex-1 text-muted-foreground leading-relaxed', compact && 'text-sm')}>
          {compact ? product.tagline || product.description : product.description || product.tagline}
        </p>
        <Price product={product} className="mt-5" />
        {!onSale && (
          <p id={stateId} className="mt-1 text-muted-foreground text-sm">
            {product.availability === 'sold_out'
              ? 'Sold out for now. New boxes are being crafted.'
              : 'On the workbench: not for sale yet.'}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          {/* A thumb's size on a touch screen (the small size is 36 px). */}
          <Button asChild variant="outline" size={compact ? 'sm' : 'default'} className="pointer-coarse:h-11">
            <Link to={href}>
              Learn More<span className="sr-only"> about {product.name}</span>
              {compact && <ArrowRightIcon aria-hidden="true" />}
            </Link>
          </Button>
          {onSale ? (
            <AddToCartButton
              productSlug={product.slug}
              productName={product.name}
              size={compact ? 'sm' : 'default'}
              className="pointer-coarse:h-11"
            />
          ) : (
            <Button asChild variant="ghost" size={compact ? 'sm' : 'default'} className="pointer-coarse:h-11">
              <Link to={`${href}#notify`} aria-describedby={stateId}>
                <MailIcon aria-hidden="true" />
                Tell me when it's ready<span className="sr-only">: {product.name}</span>
              </Link>
            </Button>
          )}
        </div>
      </div>
    </article>
  )
}

/** The price the shop charges, with the former price struck through when there is one. */
export function Price({ product, className }: { product: ProductView; className?: string }) {
  const was = product.compare_at !== null && product.compare_at > product.price ? product.compare_at : null
  return (
    <p
      className={cn('flex flex-wrap items-baseline gap-2 font-semibold text-2xl text-foreground', className)}
    >
      <span className="sr-only">Price: </span>
      {formatMoney(product.price)}
      {was !== null && (
        <s className="font-normal text-base text-muted-foreground">
          <span className="sr-only">was </span>
          {formatMoney(was)}
        </s>
      )}
    </p>
  )
}
