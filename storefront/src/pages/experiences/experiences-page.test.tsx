import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithProviders } from '../../test/render'
import { ExperiencesPage } from './experiences-page'

const CARDS = [
  ['pilgrims-cipher', "Pilgrim's Cipher", '$29.99', 'Mystery'],
  // On sale in the shop: the card shows the shop's price, so it never disagrees with checkout.
  ['scroll-of-antioch', 'The Scroll of Antioch', '$49.99', 'History'],
  ['letters-to-lost', 'Letters to the Lost', '$34.99', 'Devotional'],
  ['parables-unboxed', 'Parables Unboxed', '$22.99', 'Devotional'],
  ['disciples-toolkit', "The Disciple's Toolkit", '$27.99', 'History'],
  ['mysteries-psalms', 'Mysteries of the Psalms', '$31.99', 'Mystery'],
] as const

const scrollIntoView = vi.fn()
beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url) =>
        url.endsWith('/api/products/scroll-of-antioch')
          ? Response.json({
              data: {
                id: 'p',
                slug: 'scroll-of-antioch',
                name: 'The Scroll of Antioch',
                description: '',
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
              },
            })
          : Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      ),
    ),
  )
})
afterEach(() => {
  scrollIntoView.mockReset()
  vi.unstubAllGlobals()
})

const card = (title: string) => screen.getByRole('article', { name: title })

describe('Experiences page', () => {
  it.each(CARDS)('shows #%s: %s at %s in %s', async (id, title, price, category) => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const article = card(title)
    expect(article).toHaveAttribute('id', id)
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent(title)
    await waitFor(() => expect(article).toHaveTextContent(price))
    expect(article).toHaveTextContent(category)
  })

  it('holds the live price with an inline placeholder: no <div> inside the price paragraph', async () => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const scroll = card('The Scroll of Antioch')
    const placeholder = scroll.querySelector('[data-slot="skeleton"]')
    expect(placeholder?.tagName).toBe('SPAN')
    expect(placeholder?.closest('p')).not.toBeNull()
    expect(scroll.querySelector('p div')).toBeNull()
    await waitFor(() => expect(scroll).toHaveTextContent('$49.99'))
  })

  it('marks the Scroll of Antioch as featured and sends Learn More to its page', () => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const scroll = card('The Scroll of Antioch')
    expect(within(scroll).getByText('Featured')).toBeInTheDocument()
    expect(within(scroll).getByRole('link', { name: /learn more/i })).toHaveAttribute(
      'href',
      '/scroll-of-antioch',
    )
    expect(screen.getAllByText('Featured')).toHaveLength(1)
  })

  it('sends Add to Cart to the shop, and disables it for the out-of-stock Toolkit', () => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    for (const [, title] of CARDS) {
      const article = card(title)
      if (title === "The Disciple's Toolkit") {
        expect(within(article).getByRole('button', { name: /^add to cart/i })).toBeDisabled()
        expect(within(article).getAllByText(/out of stock/i).length).toBeGreaterThan(0)
        expect(within(article).queryByRole('link', { name: /^add to cart/i })).toBeNull()
      } else {
        expect(within(article).getByRole('link', { name: /^add to cart/i })).toHaveAttribute('href', '/shop')
      }
      expect(
        within(article)
          .getByRole('link', { name: /learn more/i })
          .getAttribute('href'),
      ).toMatch(/^\/(experiences#|scroll-of-antioch$)/)
    }
  })

  it('recommends the featured experience to first-timers and explains three steps', () => {
    renderWithProviders(<ExperiencesPage />, '/experiences')
    const hint = screen.getByRole('complementary', { name: 'New to Lamplight?' })
    expect(hint).toHaveTextContent('The Scroll of Antioch')
    expect(within(hint).getByRole('link')).toHaveAttribute('href', '/scroll-of-antioch')
    const steps = within(
      screen.getByRole('region', { name: 'Three steps to your first mystery' }),
    ).getAllByRole('heading', { level: 3 })
    expect(steps.map((s) => s.textContent)).toEqual(['Choose', 'Receive', 'Begin'])
  })

  it('scrolls the card named in the hash into view', () => {
    renderWithProviders(<ExperiencesPage />, '/experiences#letters-to-lost')
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollIntoView.mock.contexts[0]).toBe(card('Letters to the Lost'))
  })
})
