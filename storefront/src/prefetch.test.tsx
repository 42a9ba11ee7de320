import type { RemoteRoutesModule } from '@lamplight/remote'
import { createQueryClient } from '@lamplight/session'
import { renderPrefetched } from '@lamplight/testing'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as routesModule from './routes'
import { CATALOGUE, catalogueFetch } from './test/catalogue'

// The module the shell loads keeps the contract it types.
const { prefetch } = routesModule satisfies RemoteRoutesModule

function api() {
  const scroll = CATALOGUE[0]!
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    // The sales page of the Scroll reads the product by slug (it 404s nothing here).
    String(input).endsWith('/api/products/scroll-of-antioch')
      ? Response.json({ data: scroll })
      : catalogueFetch()(input),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => vi.unstubAllGlobals())

/**
 * For each public page that reads the API: prefetch, then render with that client. Once the
 * page's code has loaded, it shows its data at once (no "Loading price…") and asks the API
 * for nothing more, which only holds when prefetch filled exactly the keys the page reads.
 * The session is the shell's to send along (signed out here).
 */
const CASES = [
  { url: '/shop', shows: 'Purchase Now - $49.99', instead: 'Loading price…' },
  { url: '/scroll-of-antioch', shows: 'Unlock for $49.99', instead: 'Checking the price and your access…' },
  { url: '/', shows: 'The Scroll of Antioch', instead: null },
  { url: '/experiences', shows: '$49.99', instead: null },
  {
    url: '/experiences/pilgrims-cipher',
    shows: "Tell me when it's ready",
    instead: 'Loading the experience...',
  },
  { url: '/experiences/no-such-box', shows: 'Experience Not Found', instead: 'Loading the experience...' },
  { url: '/shop?category=devotional', shows: 'Letters to the Lost', instead: 'Loading the shop…' },
  { url: '/checkout/scroll-of-antioch', shows: 'Review Order', instead: 'Loading your order…' },
  // The rates checkout charges, on the Shipping page's first paint.
  { url: '/shipping', shows: '$12.99', instead: 'Loading the shipping rates…' },
]

describe('storefront prefetch', () => {
  it.each(CASES)('fills what $url shows on its first render', async ({ url, shows, instead }) => {
    const { laterRequests } = await renderPrefetched(routesModule, url, api())
    // The page's code loads (lazy); its first render already has the data.
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getAllByText(shows, { exact: false }).length).toBeGreaterThan(0)
    if (instead) expect(screen.queryByText(instead)).toBeNull()
    expect(document.querySelector('[data-slot="skeleton"]')).toBeNull()
    expect(await laterRequests()).toEqual([])
  })

  it('reads nothing for pages without data, nor for a path it does not own', async () => {
    const fetchMock = api()
    for (const pathname of ['/about', '/faq', '/checkout', '/cart', '/checkout/cart', '/resources'])
      await prefetch(createQueryClient(), { pathname, search: '?session_id=cs_1' })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('settles when the product cannot be read, leaving the failure to the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 })),
    )
    await expect(prefetch(createQueryClient(), { pathname: '/shop', search: '' })).resolves.toBeUndefined()
  })
})
