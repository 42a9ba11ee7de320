import type { RemoteRoutesModule } from '@lamplight/remote'
import { createQueryClient } from '@lamplight/session'
import { renderPrefetched } from '@lamplight/testing'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as routesModule from './routes'

// The module the shell loads keeps the contract it types.
const { prefetch } = routesModule satisfies RemoteRoutesModule

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

function api() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/api/products/scroll-of-antioch')
      ? Response.json({ data: PRODUCT })
      : Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 }),
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
  { url: '/experiences', shows: '$49.99', instead: null },
  { url: '/checkout/scroll-of-antioch', shows: 'Review Order', instead: 'Loading your order…' },
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
    for (const pathname of ['/', '/about', '/faq', '/checkout', '/resources'])
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
