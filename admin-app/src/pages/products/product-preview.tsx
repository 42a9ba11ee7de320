import { formatMoney, type ProductImage } from '@lamplight/contracts'
import { Badge } from '@lamplight/ui'
import { ImageIcon } from '@lamplight/ui/icons'
import { pictureSrc } from '../../api/products'
import { centsOf } from '../../lib/money'
import { CATEGORY_LABELS, type ProductFormValues, STATUS_LABELS } from './product-form-values'

/**
 * What a visitor would see of the product as the form holds it now, saved or not: the
 * card (first picture, name, tagline, price) and the page's facts and description. For a
 * draft, which has no public page yet; the storefront's own page is the truth once it is live.
 */
export function ProductPreview({ values, images }: { values: ProductFormValues; images: ProductImage[] }) {
  const [first, ...more] = images
  const price = centsOf(values.price)
  const compareAt = centsOf(values.compare_at)
  const facts = [
    ['Duration', values.duration],
    ['Mysteries', values.mysteries],
    ['Difficulty', values.difficulty],
    ['Ages', values.ages],
  ].filter(([, value]) => value?.trim())
  return (
    <article aria-label="Preview" className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid content-start gap-2">
        {first ? (
          <img
            src={pictureSrc(first.url, 600)}
            alt={first.alt}
            width={first.width}
            height={first.height}
            className="aspect-[4/3] w-full rounded-lg border border-border bg-muted object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] items-center justify-center rounded-lg border border-border bg-muted">
            <ImageIcon aria-hidden className="size-8 text-muted-foreground" />
            <span className="sr-only">No picture yet</span>
          </div>
        )}
        {more.length > 0 && (
          <ul className="grid grid-cols-4 gap-2" aria-label="More pictures">
            {more.map((image) => (
              <li key={image.id}>
                <img
                  src={pictureSrc(image.url, 240)}
                  alt={image.alt}
                  className="aspect-square w-full rounded-md border border-border object-cover"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid content-start gap-3">
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{CATEGORY_LABELS[values.category]}</Badge>
          <Badge variant="outline">{STATUS_LABELS[values.status]}</Badge>
        </div>
        <h3 className="font-serif text-3xl text-foreground">{values.name || 'Untitled product'}</h3>
        {values.tagline && <p className="text-lg text-muted-foreground">{values.tagline}</p>}
        <p className="flex items-baseline gap-3">
          <span className="font-serif text-2xl text-primary">
            {price !== undefined && price > 0 ? formatMoney(price) : 'No price yet'}
          </span>
          {compareAt !== undefined && price !== undefined && compareAt > price && (
            <s className="text-muted-foreground">
              <span className="sr-only">Was </span>
              {formatMoney(compareAt)}
            </s>
          )}
        </p>
        {facts.length > 0 && (
          <dl className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-card p-3 text-sm">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium text-foreground">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {values.description && (
          <p className="whitespace-pre-line text-foreground leading-relaxed">{values.description}</p>
        )}
      </div>
    </article>
  )
}
