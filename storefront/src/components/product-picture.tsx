import { type ProductView, THUMB_WIDTHS } from '@lamplight/contracts'
import { cn } from '@lamplight/ui'
import { PuzzleBoxArt } from './illustrations'

/**
 * A product's first picture (or the one given) as the server made it: its own width and
 * height (the box keeps its shape before the bytes arrive, no layout shift), its alt text,
 * and the API's smaller copies (`?w=`) in `srcset` so a phone's card does not download the
 * full size. A product without a picture shows our drawing of a puzzle box, decorative.
 */
export function ProductPicture({
  product,
  image = product.images[0],
  sizes,
  priority = false,
  className,
}: {
  product: ProductView
  image?: ProductView['images'][number]
  /** The `sizes` attribute: how wide the picture is shown at each screen width. */
  sizes: string
  /** The page's main picture: fetched at once rather than when scrolled near. */
  priority?: boolean
  className?: string
}) {
  if (!image) return <PuzzleBoxArt className={className} />
  const smaller = THUMB_WIDTHS.filter((w) => w < image.width)
  return (
    <img
      src={image.url}
      srcSet={[...smaller.map((w) => `${image.url}?w=${w} ${w}w`), `${image.url} ${image.width}w`].join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      className={cn('block h-auto w-full', className)}
    />
  )
}
