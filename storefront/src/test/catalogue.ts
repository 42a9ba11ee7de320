import type { ProductView } from '@lamplight/contracts'

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
    facts: { duration: '2-3 hours', mysteries: 5, difficulty: 'Moderate', ages: '12+' },
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
 * Answers the catalogue's public reads from `products` (the list, and one by slug: a 404 for
 * any other), or null for a URL that is not one of them.
 */
export function catalogueResponse(url: string, products: ProductView[] = CATALOGUE): Response | null {
  const path = new URL(url, 'http://localhost').pathname
  if (path === '/api/products') return Response.json({ data: products })
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
