import type { Cart, ProductView } from '@lamplight/contracts'
import { SEEDED_SHIPPING_RATES } from '@lamplight/testing'
import { vi } from 'vitest'
import { fakeApi } from './render'

/** A product as `GET /api/products` gives it, with what a test changes. */
export function productView(
  overrides: Partial<ProductView> & Pick<ProductView, 'slug' | 'name'>,
): ProductView {
  return {
    id: `id-${overrides.slug}`,
    description: `${overrides.name}: the whole story.`,
    price: 2999,
    image: null,
    tagline: `${overrides.name} in one line.`,
    category: 'mystery',
    compare_at: null,
    availability: 'coming_soon',
    sku: null,
    featured: false,
    facts: { duration: '2-4 hours' },
    images: [],
    ...overrides,
  }
}

/** The Scroll as a page's own lookup answers it in a page test: on sale, no pictures, no facts. */
export const SCROLL = productView({
  id: 'p1',
  slug: 'scroll-of-antioch',
  name: 'The Scroll of Antioch',
  description: 'A mystery',
  price: 4999,
  tagline: '',
  category: 'history',
  availability: 'on_sale',
  featured: true,
  facts: {},
})

const picture = (slug: string, alt: string) => ({
  id: `img-${slug}`,
  url: `/api/products/${slug}/images/img-${slug}`,
  alt,
  width: 1200,
  height: 1200,
})

/** The seeded catalogue, in the API's order (featured first, then on sale, then by name). */
export const CATALOGUE: ProductView[] = [
  productView({
    slug: 'scroll-of-antioch',
    name: 'The Scroll of Antioch',
    description: 'Restore the scroll of the church in Antioch.',
    price: 4999,
    category: 'history',
    availability: 'on_sale',
    featured: true,
    sku: 'LPC-SOA-001',
    facts: { duration: '2-3 hours', mysteries: 5, difficulty: 'Moderate', ages: '13+' },
    images: [picture('scroll-of-antioch', 'An unrolled scroll with a torn corner and a wax seal')],
    image: '/api/products/scroll-of-antioch/images/img-scroll-of-antioch',
  }),
  productView({
    slug: 'disciples-toolkit',
    name: "The Disciple's Toolkit",
    price: 2799,
    category: 'history',
  }),
  productView({
    slug: 'letters-to-the-lost',
    name: 'Letters to the Lost',
    price: 3499,
    category: 'devotional',
  }),
  productView({ slug: 'mysteries-of-the-psalms', name: 'Mysteries of the Psalms', price: 3199 }),
  productView({ slug: 'parables-unboxed', name: 'Parables Unboxed', price: 2299, category: 'devotional' }),
  productView({
    slug: 'pilgrims-cipher',
    name: "Pilgrim's Cipher",
    price: 2999,
    images: [picture('pilgrims-cipher', 'A brass cipher wheel beside a pilgrim’s scallop shell')],
    image: '/api/products/pilgrims-cipher/images/img-pilgrims-cipher',
  }),
]

const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })

/**
 * A cart as `GET /api/cart` (or one box's `GET /api/checkout/quote`) answers it: each line at
 * the product's price, US shipping free over $35 else $5.99, Canada $12.99, tax in test mode.
 */
export function cartOf(
  lines: { product: ProductView; quantity: number }[],
  country: string | null = null,
): Cart {
  const priced = lines.map(({ product, quantity }) => ({
    productSlug: product.slug,
    productName: product.name,
    imageUrl: product.image,
    quantity,
    unitPriceCents: product.price,
    listUnitPriceCents: product.price,
    lineTotalCents: product.price * quantity,
    quantityPrice: null,
    nextQuantityPrice: null,
    available: true,
    maxQuantity: 99,
    message: null,
  }))
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0)
  const amountCents = country === 'CA' ? 1299 : country === 'US' ? (subtotalCents >= 3500 ? 0 : 599) : 0
  return {
    lines: priced,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents,
    discountCents: 0,
    shipping: country
      ? {
          country,
          zipCode: null,
          name: 'Standard',
          amountCents,
          freeOverCents: country === 'US' ? 3500 : null,
          deliveryTime: '3-5 business days',
        }
      : null,
    taxCents: 0,
    taxNote: 'Tax calculated at payment: none in test mode',
    totalCents: subtotalCents + amountCents,
    checkoutReady: lines.length > 0,
  }
}

/**
 * Answers the catalogue's public reads from `products` (the list, and one by slug: a 404 for
 * any other), or null for a URL that is not one of them.
 */
export function catalogueResponse(url: string, products: ProductView[] = CATALOGUE): Response | null {
  const parsed = new URL(url, 'http://localhost')
  const path = parsed.pathname
  if (path === '/api/products') return Response.json({ data: products })
  if (path === '/api/shipping/rates') return Response.json({ data: SEEDED_SHIPPING_RATES })
  // A visitor's cart: empty; one box's Review Order: that box, once.
  if (path === '/api/cart') return Response.json({ data: cartOf([], parsed.searchParams.get('country')) })
  if (path === '/api/checkout/quote') {
    const product = products.find((p) => p.slug === parsed.searchParams.get('productSlug'))
    return product
      ? Response.json({ data: cartOf([{ product, quantity: 1 }], parsed.searchParams.get('country')) })
      : notFound()
  }
  const match = /^\/api\/products\/([a-z0-9-]+)$/.exec(path)
  if (!match) return null
  const product = products.find((p) => p.slug === match[1])
  return product ? Response.json({ data: product }) : notFound()
}

/** A fetch for tests: the catalogue's reads, everything else a 404. */
export const catalogueFetch =
  (products: ProductView[] = CATALOGUE) =>
  async (input: RequestInfo | URL) =>
    catalogueResponse(String(input), products) ?? notFound()

/** Stubs `fetch` with the catalogue's API (`catalogueResponse`): anything else is a 404. */
export function serveCatalogue(products: ProductView[] = CATALOGUE) {
  vi.stubGlobal('fetch', vi.fn(fakeApi((url) => catalogueResponse(url, products) ?? notFound())))
}
