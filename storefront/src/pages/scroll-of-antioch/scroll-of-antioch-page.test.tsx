import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SCROLL } from '../../test/catalogue'
import { fakeApi, renderWithProviders } from '../../test/render'
import { ScrollOfAntiochPage } from './scroll-of-antioch-page'

afterEach(() => vi.unstubAllGlobals())

const CUSTOMER = { user: { id: 'u1', email: 'ann@example.com', role: 'customer' } }

function setup({ session = null as unknown, access = false, product = true, accessFails = false } = {}) {
  const fetchMock = vi.fn(
    fakeApi((url) => {
      if (url.endsWith('/api/products/scroll-of-antioch/access')) {
        return accessFails
          ? Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 })
          : Response.json({ data: { hasAccess: access } })
      }
      if (url.endsWith('/api/products/scroll-of-antioch')) {
        return product
          ? Response.json({ data: SCROLL })
          : Response.json({ error: { code: 'not_found', message: 'Not available' } }, { status: 404 })
      }
      return Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 })
    }, session),
  )
  vi.stubGlobal('fetch', fetchMock)
  renderWithProviders(<ScrollOfAntiochPage />, '/scroll-of-antioch')
  const accessCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/access'))
  return { accessCalls }
}

describe('Scroll of Antioch sales page', () => {
  it('states the facts of the experience', async () => {
    setup()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The Scroll of Antioch')
    for (const fact of ['2-3 hours', '5 mysteries', 'Beginner friendly']) {
      expect(screen.getByRole('list', { name: 'At a glance' })).toHaveTextContent(fact)
    }
    expect(document.title).toBe('The Scroll of Antioch | Lamplight Puzzle Co.')
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'product')
  })

  it('gives search engines the product, its price from the API and that it is in stock', async () => {
    setup()
    await screen.findAllByRole('button', { name: 'Unlock for $49.99' })
    const script = document.querySelector('script[type="application/ld+json"]')
    expect(JSON.parse(script?.textContent ?? '')).toMatchObject({
      '@type': 'Product',
      name: 'The Scroll of Antioch',
      url: '/scroll-of-antioch',
      offers: { price: '49.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    })
  })

  it('offers a signed-out visitor to unlock it for the price from the API, without asking about access', async () => {
    const { accessCalls } = setup()
    const unlock = await screen.findAllByRole('button', { name: 'Unlock for $49.99' })
    // Into the cart (issue 32), no longer a link straight to checkout.
    expect(unlock[0]).toBeEnabled()
    expect(screen.queryByRole('link', { name: /Enter your box's code/ })).toBeNull()
    expect(accessCalls()).toHaveLength(0)
  })

  it('offers a signed-in customer without a purchase to unlock it', async () => {
    const { accessCalls } = setup({ session: CUSTOMER, access: false })
    expect((await screen.findAllByRole('button', { name: 'Unlock for $49.99' })).length).toBeGreaterThan(0)
    expect(accessCalls()).toHaveLength(1)
  })

  it('offers an owner both parts of the box: the online story and the portal behind the code', async () => {
    setup({ session: CUSTOMER, access: true })
    const story = await screen.findAllByRole('link', { name: 'Start the online story' })
    expect(story[0]).toHaveAttribute('href', '/puzzle/scroll-of-antioch')
    const links = await screen.findAllByRole('link', { name: "Enter your box's code" })
    expect(links[0]).toHaveAttribute('href', '/puzzle-portal')
    expect(screen.getAllByText(/when your box arrives, enter the code inside it/).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: /Unlock/ })).toBeNull()
  })

  it('treats a failed access check as no access', async () => {
    setup({ session: CUSTOMER, accessFails: true })
    expect((await screen.findAllByRole('button', { name: 'Unlock for $49.99' })).length).toBeGreaterThan(0)
  })

  it('says so when the product is not for sale', async () => {
    setup({ product: false })
    expect((await screen.findAllByText(/not available to order just now/)).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: /Unlock/ })).toBeNull()
  })
})
