import type { ProductView } from '@lamplight/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATALOGUE, productView, serveCatalogue } from '../../test/catalogue'
import { renderWithProviders } from '../../test/render'
import { ShopPage } from './shop-page'

afterEach(() => vi.unstubAllGlobals())

const jsonLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  )

function setup(products: ProductView[] = CATALOGUE, path = '/shop') {
  serveCatalogue(products)
  renderWithProviders(<ShopPage />, path)
}

const scroll = { ...CATALOGUE[0]!, price: 5250 }

describe('Shop page: featured box', () => {
  it('describes the featured box as schema.org Product data, at the price the API gives', async () => {
    setup([scroll, ...CATALOGUE.slice(1)])
    await screen.findByRole('link', { name: 'Purchase Now - $52.50' })
    expect(jsonLd()).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'The Scroll of Antioch',
        description: 'Restore the scroll of the church in Antioch.',
        sku: 'LPC-SOA-001',
        image: ['/api/products/scroll-of-antioch/images/img-scroll-of-antioch'],
        offers: expect.objectContaining({ price: '52.50', priceCurrency: 'USD' }),
      }),
    ])
    const featured = screen.getByRole('region', { name: 'The Scroll of Antioch' })
    expect(within(featured).getByRole('list', { name: 'At a glance' })).toHaveTextContent('5 Mysteries')
    expect(within(featured).getByRole('link', { name: /learn more/i })).toHaveAttribute(
      'href',
      '/scroll-of-antioch',
    )
    expect(document.title).toBe('Shop | Lamplight Puzzle Co.')
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', '/shop')
  })

  it('features the box the owner features, and sells nothing that is not on sale', async () => {
    setup([
      productView({ slug: 'lamp-of-zion', name: 'Lamp of Zion', featured: true }),
      ...CATALOGUE.map((p) => ({ ...p, featured: false })),
    ])
    const featured = await screen.findByRole('region', { name: 'Lamp of Zion' })
    expect(within(featured).queryByRole('link', { name: /purchase now/i })).toBeNull()
    expect(within(featured).getByRole('link', { name: /tell me when it's ready/i })).toHaveAttribute(
      'href',
      '/experiences/lamp-of-zion#notify',
    )
    expect(jsonLd()[0]?.offers.availability).toBe('https://schema.org/PreOrder')
  })

  it('claims no product when the catalogue is empty', async () => {
    setup([])
    await screen.findByRole('heading', { name: 'All Experiences' })
    expect(screen.queryByRole('link', { name: /purchase now/i })).toBeNull()
    expect(jsonLd()).toEqual([])
  })
})

describe('Shop page: every box, by category', () => {
  const names = (region: HTMLElement) =>
    within(region)
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading').textContent)

  it('lists every box once; a category link narrows it and says which is chosen', async () => {
    setup()
    const all = await screen.findByRole('region', { name: 'All Experiences' })
    // The featured box is the block above the list, not a card of it as well.
    const featured = screen.getByRole('region', { name: 'The Scroll of Antioch' })
    expect(all).not.toContainElement(featured)
    expect(names(all)).toEqual(CATALOGUE.slice(1).map((p) => p.name))
    for (const { name } of CATALOGUE) expect(screen.getAllByRole('heading', { name })).toHaveLength(1)
    const filters = within(all).getByRole('navigation', { name: 'Filter by category' })
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
    expect(within(filters).getByRole('link', { name: 'Devotional' })).toHaveAttribute(
      'href',
      '/shop?category=devotional',
    )
  })

  it('lists a second box on sale as a card, apart from the featured one', async () => {
    const lamp = productView({ slug: 'lamp-of-zion', name: 'Lamp of Zion', availability: 'on_sale' })
    setup([CATALOGUE[0]!, lamp, ...CATALOGUE.slice(1)])
    const all = await screen.findByRole('region', { name: 'All Experiences' })
    const coming = within(all).getByRole('region', { name: 'Coming Soon' })
    const card = within(all).getByRole('article', { name: 'Lamp of Zion' })
    expect(coming).not.toContainElement(card)
    expect(within(card).getByRole('button', { name: /add to cart/i })).toBeInTheDocument()
  })

  it.each([
    ['mystery', ['Mysteries of the Psalms', "Pilgrim's Cipher"]],
    ['devotional', ['Letters to the Lost', 'Parables Unboxed']],
    ['history', ['The Scroll of Antioch', "The Disciple's Toolkit"]],
  ])('?category=%s shows only those boxes', async (category, expected) => {
    setup(CATALOGUE, `/shop?category=${category}`)
    const all = await screen.findByRole('region', { name: 'All Experiences' })
    expect(names(all)).toEqual(expected)
    expect(within(all).getByRole('link', { current: 'page' })).toHaveAttribute(
      'href',
      `/shop?category=${category}`,
    )
  })

  it('shows the boxes coming soon once, marked, each with its price and a way to be told, none on sale', async () => {
    setup()
    const coming = await screen.findByRole('region', { name: 'Coming Soon' })
    const rows = within(coming).getAllByRole('article')
    expect(rows.map((c) => within(c).getByRole('heading').textContent)).toEqual(
      CATALOGUE.filter((p) => p.availability === 'coming_soon').map((p) => p.name),
    )
    for (const row of rows) {
      expect(row).toHaveTextContent(/\$\d+\.\d{2}/)
      expect(within(row).getByText('Coming Soon')).toBeInTheDocument()
      expect(within(row).getByRole('link', { name: /tell me when it's ready/i })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/experiences\/.+#notify$/),
      )
      expect(within(row).queryByRole('button', { name: /add to cart/i })).toBeNull()
    }
    // The name leads to the box's own page.
    expect(within(coming).getByRole('link', { name: 'Parables Unboxed' })).toHaveAttribute(
      'href',
      '/experiences/parables-unboxed',
    )
  })

  it('with a category chosen, lists the featured box too, and its boxes coming soon', async () => {
    setup(CATALOGUE, '/shop?category=history')
    const all = await screen.findByRole('region', { name: 'All Experiences' })
    expect(names(all)).toEqual(['The Scroll of Antioch', "The Disciple's Toolkit"])
    expect(
      within(within(all).getByRole('region', { name: 'Coming Soon' })).getAllByRole('article'),
    ).toHaveLength(1)
  })
})
