// @vitest-environment node
import { itServerRendersEveryPublicRoute, renderRouteOnServer } from '@lamplight/testing/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const PRODUCT = {
  id: 'p1',
  name: 'The Scroll of Antioch',
  description: 'Restore the scroll of the church in Antioch.',
  slug: 'scroll-of-antioch',
  price: 4999,
  image: null,
  tagline: '',
  category: 'history' as const,
  compare_at: null,
  availability: 'on_sale' as const,
  sku: null,
  featured: true,
  facts: {},
  images: [],
}

/** Real content of each public page as the server must send it (text as it stands in HTML). */
const SHOWS: Record<string, string[]> = {
  '/': ['Explore Experiences'],
  '/experiences': ['$49.99', 'Mysteries of the Psalms'],
  '/about': ['Christ-Centered'],
  '/shop': ['Shop Experiences', 'Purchase Now - $49.99', 'Restore the scroll of the church in Antioch.'],
  '/checkout/:productSlug': ['Checkout'],
  '/checkout': ['No order to show'],
  '/purchase-success': ['No order to show'],
  '/faq': ['Frequently Asked Questions'],
  '/contact': ['Contact Us'],
  '/scroll-of-antioch': ['Unlock for $49.99'],
  '/shipping': ['Shipping Info'],
  '/returns': ['Returns'],
  '/privacy': ['Privacy Policy'],
}

describe('storefront ./routes in Node', () => {
  beforeAll(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/api/products/scroll-of-antioch')
          ? Response.json({ data: PRODUCT })
          : Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 }),
      ),
    )
  })
  afterAll(() => vi.unstubAllGlobals())

  itServerRendersEveryPublicRoute('storefront', () => import('./routes'), SHOWS)

  it("sends the home page's drawings as boxes the stylesheet paints, not as inline SVG", async () => {
    const html = await renderRouteOnServer(await import('./routes'), '/')
    const drawings = [...html.matchAll(/<div aria-hidden="true" data-art="([a-z-]+)" class="([^"]*)"/g)]
    expect(drawings.map((m) => m[1])).toEqual(['puzzle-box', 'scroll', 'cipher', 'letters', 'lamp'])
    for (const [, name, className] of drawings) expect(className).toContain(`lamplight-art-${name}`)
    expect(html).not.toMatch(/box-glow|scroll-glow|<text/)
  })

  it('sends the Product JSON-LD with the shop page', async () => {
    const html = await renderRouteOnServer(await import('./routes'), '/shop')
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(json ?? 'null')).toMatchObject({ '@type': 'Product', offers: { price: '49.99' } })
  })
})
