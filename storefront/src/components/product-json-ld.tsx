import { breadcrumbJsonLd, CURRENCY, type ProductView } from '@lamplight/contracts'
import { JsonLd, publicUrl, SITE_NAME, usePublicOrigin } from '@lamplight/session'

const AVAILABILITY = {
  on_sale: 'https://schema.org/InStock',
  sold_out: 'https://schema.org/OutOfStock',
  coming_soon: 'https://schema.org/PreOrder',
} as const

/**
 * schema.org Product data for one product as the API serves it (its live price in cents, so
 * search results never show a price checkout would not charge; availability from its status
 * and stock; every picture).
 */
export function productJsonLd(product: ProductView, origin: string, pagePath: string) {
  const url = publicUrl(origin, pagePath)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.sku ?? product.slug,
    url,
    ...(product.images.length
      ? { image: product.images.map((image) => publicUrl(origin, image.url)) }
      : product.image
        ? { image: publicUrl(origin, product.image) }
        : {}),
    brand: { '@type': 'Brand', name: SITE_NAME },
    offers: {
      '@type': 'Offer',
      url,
      // The schema wants a decimal in the currency's unit: 4999 cents → "49.99".
      price: (product.price / 100).toFixed(2),
      priceCurrency: CURRENCY.toUpperCase(),
      availability: AVAILABILITY[product.availability],
    },
  }
}

/** The Product JSON-LD of a page that sells `product`, at `pagePath` (its canonical path). */
export function ProductJsonLd({ product, pagePath }: { product: ProductView; pagePath: string }) {
  const origin = usePublicOrigin()
  return <JsonLd data={productJsonLd(product, origin, pagePath)} />
}

/** A product page's place in the site, Home › Experiences › the product (issue 39 item 7). */
export function ProductBreadcrumbJsonLd({ product, pagePath }: { product: ProductView; pagePath: string }) {
  const origin = usePublicOrigin()
  return (
    <JsonLd
      data={breadcrumbJsonLd([
        { name: 'Home', url: publicUrl(origin, '/') },
        { name: 'Experiences', url: publicUrl(origin, '/experiences') },
        { name: product.name, url: publicUrl(origin, pagePath) },
      ])}
    />
  )
}
