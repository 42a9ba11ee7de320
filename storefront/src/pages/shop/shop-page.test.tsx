import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithProviders } from '../../test/render'
import { ShopPage } from './shop-page'

afterEach(() => vi.unstubAllGlobals())

const PRODUCT = {
  id: 'p1',
  name: 'The Scroll of Antioch',
  description: 'Restore the scroll.',
  slug: 'scroll-of-antioch',
  price: 5250,
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

const jsonLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  )

function setup(product: typeof PRODUCT | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url) =>
        product && url.endsWith('/api/products/scroll-of-antioch')
          ? Response.json({ data: product })
          : Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 }),
      ),
    ),
  )
  renderWithProviders(<ShopPage />, '/shop')
}

describe('Shop page head', () => {
  it('describes the product on sale as schema.org Product data, at the price the API gives', async () => {
    setup(PRODUCT)
    await screen.findByRole('link', { name: 'Purchase Now - $52.50' })
    expect(jsonLd()).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'The Scroll of Antioch',
        description: 'Restore the scroll.',
        offers: expect.objectContaining({ price: '52.50', priceCurrency: 'USD' }),
      }),
    ])
    expect(document.title).toBe('Shop | Lamplight Puzzle Co.')
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', '/shop')
  })

  it('claims no product when none is on sale', async () => {
    setup(null)
    await screen.findByRole('button', { name: 'Currently unavailable' })
    expect(jsonLd()).toEqual([])
  })
})

describe('Coming Soon', () => {
  it('shows each coming box with its price in dollars, as the experiences page does', async () => {
    setup(PRODUCT)
    const coming = await screen.findByRole('region', { name: 'Coming Soon' })
    const prices = [...coming.querySelectorAll('li p.font-semibold')].map((p) => p.textContent)
    expect(prices.length).toBe(5)
    for (const price of prices) expect(price).toMatch(/^\$\d+\.\d{2}$/)
  })
})
