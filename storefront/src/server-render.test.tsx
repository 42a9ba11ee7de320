// @vitest-environment node
import { itServerRendersEveryPublicRoute, renderRouteOnServer } from '@lamplight/testing/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CATALOGUE, catalogueFetch } from './test/catalogue'

/** Real content of each public page as the server must send it (text as it stands in HTML). */
const SHOWS: Record<string, string[]> = {
  '/': ['Explore Experiences', 'The Scroll of Antioch', 'Letters to the Lost'],
  '/experiences': ['$49.99', 'Mysteries of the Psalms'],
  // The example address is the Scroll's: the generic page, canonical at /scroll-of-antioch.
  '/experiences/:productSlug': ['The Scroll of Antioch', 'Add to Cart', '2-3 hours'],
  '/about': ['Christ-Centered'],
  '/shop': [
    'Shop Experiences',
    'Purchase Now - $49.99',
    'Restore the scroll of the church in Antioch.',
    'Parables Unboxed',
  ],
  '/checkout/:productSlug': ['Checkout'],
  // A visitor's cart is theirs: read in the browser, never in a server render.
  '/cart': ['Your cart', 'Loading your cart…'],
  '/checkout/cart': ['Loading your order…'],
  '/checkout': ['No order to show'],
  '/purchase-success': ['No order to show'],
  '/gift-cards': ['Send a gift card', 'Check a balance'],
  '/faq': ['Frequently Asked Questions'],
  '/contact': ['Contact Us'],
  '/scroll-of-antioch': ['Unlock for $49.99'],
  '/shipping': ['Shipping Info'],
  '/returns': ['Returns'],
  '/privacy': ['Privacy Policy'],
  '/orders/lookup': ['Find your order', 'Email me a link'],
  // The token is read in the browser: without one, the page says the link has expired.
  '/orders/status': ['This link has expired'],
}

describe('storefront ./routes in Node', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', vi.fn(catalogueFetch()))
  })
  afterAll(() => vi.unstubAllGlobals())

  itServerRendersEveryPublicRoute('storefront', () => import('./routes'), SHOWS)

  it("sends the home page's drawings as boxes the stylesheet paints, not as inline SVG", async () => {
    const html = await renderRouteOnServer(await import('./routes'), '/')
    const drawings = [...html.matchAll(/<div aria-hidden="true" data-art="([a-z-]+)" class="([^"]*)"/g)]
    // The hero's box, the drawing standing in for the two featured boxes without a picture, the lamp.
    expect(drawings.map((m) => m[1])).toEqual(['puzzle-box', 'puzzle-box', 'puzzle-box', 'lamp'])
    for (const [, name, className] of drawings) expect(className).toContain(`lamplight-art-${name}`)
    expect(html).not.toMatch(/box-glow|scroll-glow|<text/)
  })

  it('sends the Product JSON-LD with the shop page', async () => {
    const html = await renderRouteOnServer(await import('./routes'), '/shop')
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(json ?? 'null')).toMatchObject({ '@type': 'Product', offers: { price: '49.99' } })
  })

  it('sends a product page with its picture (size, alt), Product JSON-LD and Open Graph image', async () => {
    const html = await renderRouteOnServer(await import('./routes'), '/experiences/pilgrims-cipher')
    expect(html).toMatch(/<img [^>]*alt="A brass cipher wheel beside a pilgrim’s scallop shell"[^>]*>/)
    expect(html).toMatch(/<img [^>]*width="1200" height="1200"/)
    expect(html).toContain(
      '<meta property="og:image" content="https://shop.example/api/products/pilgrims-cipher/images/img-pilgrims-cipher"',
    )
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(json ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: "Pilgrim's Cipher",
      offers: { price: '29.99', availability: 'https://schema.org/PreOrder' },
    })
  })

  it('sends Experience Not Found, not indexed, for a slug the shop does not show', async () => {
    const html = await renderRouteOnServer(await import('./routes'), '/experiences/no-such-box')
    expect(html).toContain('Experience Not Found')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it('sends /shop?category=history with only the history boxes in its list', async () => {
    const html = await renderRouteOnServer(await import('./routes'), '/shop?category=history')
    // The cards (h3) and the rows coming soon (h4, their name a link), up to the gift cards.
    const list = html.slice(html.indexOf('id="all-heading"'), html.indexOf('id="gift-heading"'))
    const names = [...list.matchAll(/<h[34][^>]*>(?:<a [^>]*>)?([^<]+)<\/(?:a|h3)>/g)]
      .map((m) => m[1])
      .filter((name) => name !== 'Coming Soon')
    expect(names).toEqual(
      CATALOGUE.filter((p) => p.category === 'history').map((p) => p.name.replace("'", '&#x27;')),
    )
  })
})
