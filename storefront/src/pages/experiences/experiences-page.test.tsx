import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CATALOGUE, productView, serveCatalogue } from '../../test/catalogue'
import { fakeApi, renderWithProviders } from '../../test/render'
import { ExperiencesPage } from './experiences-page'

const scrollIntoView = vi.fn()
beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView
  serveCatalogue()
})
afterEach(() => {
  scrollIntoView.mockReset()
  vi.unstubAllGlobals()
})

const card = (title: string) => screen.findByRole('article', { name: title })

describe('Experiences page', () => {
  it('shows every product of the catalogue, in its order, with price and category', async () => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    await card('The Scroll of Antioch')
    const titles = screen
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading', { level: 2 }).textContent)
    expect(titles).toEqual(CATALOGUE.map((p) => p.name))
    const scroll = await card('The Scroll of Antioch')
    expect(scroll).toHaveAttribute('id', 'scroll-of-antioch')
    expect(scroll).toHaveTextContent('$49.99')
    expect(scroll).toHaveTextContent('History')
    expect(await card('Letters to the Lost')).toHaveTextContent('$34.99')
    expect(await card('Letters to the Lost')).toHaveTextContent('Devotional')
  })

  it('shows a product the admin adds, at its price, without a code change', async () => {
    serveCatalogue([
      ...CATALOGUE,
      productView({ slug: 'lamp-of-zion', name: 'Lamp of Zion', price: 4200, availability: 'on_sale' }),
    ])
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const lamp = await card('Lamp of Zion')
    expect(lamp).toHaveTextContent('$42.00')
    expect(within(lamp).getByRole('button', { name: /^add to cart: lamp of zion/i })).toBeEnabled()
    expect(within(lamp).getByRole('link', { name: /learn more/i })).toHaveAttribute(
      'href',
      '/experiences/lamp-of-zion',
    )
  })

  it('offers Add to Cart only on a box on sale; the others say Coming Soon or Sold Out and offer to tell', async () => {
    serveCatalogue([
      ...CATALOGUE.slice(0, 2),
      productView({ slug: 'empty-box', name: 'Empty Box', availability: 'sold_out' }),
    ])
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const scroll = await card('The Scroll of Antioch')
    expect(within(scroll).getByRole('button', { name: /^add to cart/i })).toBeEnabled()
    expect(within(scroll).getByRole('link', { name: /learn more/i })).toHaveAttribute(
      'href',
      '/scroll-of-antioch',
    )
    const toolkit = await card("The Disciple's Toolkit")
    expect(within(toolkit).queryByRole('link', { name: /add to cart/i })).toBeNull()
    expect(within(toolkit).queryByRole('button', { name: /add to cart/i })).toBeNull()
    expect(within(toolkit).getByText('Coming Soon')).toBeInTheDocument()
    expect(within(toolkit).getByRole('link', { name: /tell me when it's ready/i })).toHaveAttribute(
      'href',
      '/experiences/disciples-toolkit#notify',
    )
    expect(within(toolkit).getByRole('link', { name: /learn more/i })).toHaveAttribute(
      'href',
      '/experiences/disciples-toolkit',
    )
    const empty = await card('Empty Box')
    expect(within(empty).getByText('Sold Out')).toBeInTheDocument()
    expect(within(empty).queryByRole('button', { name: /add to cart/i })).toBeNull()
  })

  it('shows the pictures with their size and alt text, smaller copies in srcset; a drawing when there is none', async () => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const scroll = await card('The Scroll of Antioch')
    const img = within(scroll).getByRole('img', {
      name: 'An unrolled scroll with a torn corner and a wax seal',
    })
    expect(img).toHaveAttribute('width', '1200')
    expect(img).toHaveAttribute('height', '1200')
    const url = '/api/products/scroll-of-antioch/images/img-scroll-of-antioch'
    expect(img).toHaveAttribute('src', url)
    expect(img.getAttribute('srcset')).toBe(
      `${url}?w=240 240w, ${url}?w=400 400w, ${url}?w=600 600w, ${url} 1200w`,
    )
    const toolkit = await card("The Disciple's Toolkit")
    expect(within(toolkit).queryByRole('img')).toBeNull()
    expect(toolkit.querySelector('[data-art="puzzle-box"]')).not.toBeNull()
  })

  it('marks the featured box and recommends it to first-timers; three steps', async () => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const scroll = await card('The Scroll of Antioch')
    expect(within(scroll).getByText('Featured')).toBeInTheDocument()
    expect(screen.getAllByText('Featured')).toHaveLength(1)
    const hint = screen.getByRole('complementary', { name: 'New to Lamplight?' })
    expect(hint).toHaveTextContent('Start with The Scroll of Antioch')
    expect(hint).toHaveTextContent('walks you through 5 mysteries')
    expect(within(hint).getByRole('link')).toHaveAttribute('href', '/scroll-of-antioch')
    const steps = within(
      screen.getByRole('region', { name: 'Three steps to your first mystery' }),
    ).getAllByRole('heading', { level: 3 })
    expect(steps.map((s) => s.textContent)).toEqual(['Choose', 'Receive', 'Begin'])
  })

  it('says so with Retry when the catalogue cannot be read (not an empty shop)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeApi(() => Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }))),
    )
    renderWithProviders(<ExperiencesPage />, '/experiences')
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 })).toBeInTheDocument()
  })

  it('scrolls the card named in the hash into view once the cards are there', async () => {
    renderWithProviders(<ExperiencesPage />, '/experiences#letters-to-the-lost')
    const letters = await card('Letters to the Lost')
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1))
    expect(scrollIntoView.mock.contexts[0]).toBe(letters)
  })
})
