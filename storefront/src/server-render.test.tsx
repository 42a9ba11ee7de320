// @vitest-environment node
import { examplePath, routesOf } from '@lamplight/routes'
import { AuthProvider, createQueryClient, PublicOriginProvider, SESSION_QUERY_KEY } from '@lamplight/session'
import { renderToHtml } from '@lamplight/testing/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense } from 'react'
import { MemoryRouter } from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const PRODUCT = {
  id: 'p1',
  name: 'The Scroll of Antioch',
  description: 'Restore the scroll of the church in Antioch.',
  slug: 'scroll-of-antioch',
  price: 4999,
  image: null,
}

/** Real content of each public page as the server must send it (text as it stands in HTML). */
const SHOWS: Record<string, string[]> = {
  '/': ['Explore Experiences'],
  '/experiences': ['$49.99', 'Mysteries of the Psalms'],
  '/about': ['Christ-Centered'],
  '/shop': ['Shop Experiences', 'Purchase Now - $49.99', 'Restore the scroll of the church in Antioch.'],
  '/checkout/:productSlug': ['Checkout'],
  '/checkout': ['We could not confirm this order'],
  '/purchase-success': ['We could not confirm this order'],
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

  it('runs where there is no browser', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  for (const route of routesOf('storefront').filter((r) => r.access === 'public')) {
    const path = examplePath(route.path)
    it(`renders ${path} with its content and head, from prefetched data`, async () => {
      // Imported here, in Node: the module may touch no browser global when it loads.
      const { default: StorefrontRoutes, prefetch } = await import('./routes')
      const client = createQueryClient()
      client.setQueryData(SESSION_QUERY_KEY, null)
      await prefetch(client, { pathname: path, search: '' })
      const html = await renderToHtml(
        <PublicOriginProvider origin="https://shop.example">
          <QueryClientProvider client={client}>
            <AuthProvider>
              <MemoryRouter initialEntries={[path]}>
                <Suspense fallback={<p>Loading the page</p>}>
                  <StorefrontRoutes />
                </Suspense>
              </MemoryRouter>
            </AuthProvider>
          </QueryClientProvider>
        </PublicOriginProvider>,
      )
      expect(SHOWS[route.path], `list what ${route.path} shows`).toBeDefined()
      // React separates adjacent text with `<!-- -->`; read the text as a person would.
      const page = html.replaceAll('<!-- -->', '')
      for (const text of SHOWS[route.path] ?? []) expect(page.includes(text), `shows “${text}”`).toBe(true)
      expect(page.includes('Loading the page'), 'no Suspense fallback').toBe(false)
      expect(html).toContain('data-remote="storefront"')
      expect(html).toMatch(/<title>[^<]+ \| Lamplight Puzzle Co\.<\/title>/)
      expect(html).toContain('<link rel="canonical" href="https://shop.example/')
    })
  }

  it('sends the Product JSON-LD with the shop page', async () => {
    const { default: StorefrontRoutes, prefetch } = await import('./routes')
    const client = createQueryClient()
    client.setQueryData(SESSION_QUERY_KEY, null)
    await prefetch(client, { pathname: '/shop', search: '' })
    const html = await renderToHtml(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/shop']}>
            <StorefrontRoutes />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    )
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(json ?? 'null')).toMatchObject({ '@type': 'Product', offers: { price: '49.99' } })
  })
})
