import type { ProductView } from '@lamplight/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATALOGUE, catalogueResponse, productView } from '../../test/catalogue'
import { fakeApi, renderWithProviders } from '../../test/render'
import { ExperiencePage } from './experience-page'

afterEach(() => vi.unstubAllGlobals())

const jsonLd = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  )
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')

function open(
  slug: string,
  products: ProductView[] = CATALOGUE,
  handler?: (url: string, init: RequestInit) => Response | null,
  session: unknown = null,
) {
  const fetchMock = vi.fn(
    fakeApi(
      (url, init) =>
        handler?.(url, init) ??
        catalogueResponse(url, products) ??
        Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 }),
      session,
    ),
  )
  vi.stubGlobal('fetch', fetchMock)
  renderWithProviders(
    <Routes>
      <Route path="/experiences/:productSlug" element={<ExperiencePage />} />
    </Routes>,
    `/experiences/${slug}`,
  )
  return fetchMock
}

describe('a product page', () => {
  it('shows a box on sale: picture, price, facts, Add to Cart, its JSON-LD and head', async () => {
    const lamp = productView({
      slug: 'lamp-of-zion',
      name: 'Lamp of Zion',
      tagline: 'Oil, wicks and a watchful night.',
      price: 3999,
      compare_at: 4999,
      availability: 'on_sale',
      sku: 'LPC-LZ-1',
      facts: { duration: '3 hours', ages: '10+' },
      images: [
        {
          id: 'a',
          url: '/api/products/lamp-of-zion/images/a',
          alt: 'A clay lamp',
          width: 1600,
          height: 1200,
        },
        {
          id: 'b',
          url: '/api/products/lamp-of-zion/images/b',
          alt: 'The box, open',
          width: 200,
          height: 200,
        },
      ],
      image: '/api/products/lamp-of-zion/images/a',
    })
    open('lamp-of-zion', [lamp])
    expect(await screen.findByRole('heading', { level: 1, name: 'Lamp of Zion' })).toBeInTheDocument()
    expect(screen.getByText('$39.99')).toBeInTheDocument()
    expect(screen.getByText(/was/).closest('s')).toHaveTextContent('$49.99')
    expect(screen.getByText('3 hours')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /add to cart/i })).toBeEnabled()
    expect(screen.queryByRole('region', { name: "Tell me when it's ready" })).toBeNull()
    const main = screen.getByRole('img', { name: 'A clay lamp' })
    expect(main).toHaveAttribute('width', '1600')
    expect(main).toHaveAttribute('height', '1200')
    expect(main).toHaveAttribute('loading', 'eager')
    // The small second picture has no smaller copy to offer.
    expect(screen.getByRole('img', { name: 'The box, open' }).getAttribute('srcset')).toBe(
      '/api/products/lamp-of-zion/images/b 200w',
    )
    expect(jsonLd()).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'Lamp of Zion',
        sku: 'LPC-LZ-1',
        brand: { '@type': 'Brand', name: 'Lamplight Puzzle Co.' },
        image: ['/api/products/lamp-of-zion/images/a', '/api/products/lamp-of-zion/images/b'],
        offers: expect.objectContaining({ price: '39.99', availability: 'https://schema.org/InStock' }),
      }),
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: '/' },
          { '@type': 'ListItem', position: 2, name: 'Experiences', item: '/experiences' },
          { '@type': 'ListItem', position: 3, name: 'Lamp of Zion', item: '/experiences/lamp-of-zion' },
        ],
      },
    ])
    expect(document.title).toBe('Lamp of Zion | Lamplight Puzzle Co.')
    expect(canonical()).toBe('/experiences/lamp-of-zion')
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      '/api/products/lamp-of-zion/images/a',
    )
  })

  it('sells nothing coming soon, and takes an address to tell when it is ready', async () => {
    const fetchMock = open('pilgrims-cipher', CATALOGUE, (url, init) =>
      url.endsWith('/api/products/pilgrims-cipher/notify') && init.method === 'POST'
        ? Response.json({ data: { sent: true } }, { status: 202 })
        : null,
    )
    await screen.findByRole('heading', { level: 1, name: "Pilgrim's Cipher" })
    expect(screen.queryByRole('button', { name: /add to cart/i })).toBeNull()
    expect(screen.getByText('Coming Soon')).toBeInTheDocument()
    expect(jsonLd()[0]?.offers.availability).toBe('https://schema.org/PreOrder')
    const notify = screen.getByRole('region', { name: "Tell me when it's ready" })
    expect(notify).toHaveAttribute('id', 'notify')
    fireEvent.click(within(notify).getByRole('button', { name: "Email me when it's ready" }))
    const email = await within(notify).findByLabelText('Your email', {}, { timeout: 5000 })
    fireEvent.change(email, { target: { value: 'ruth@example.com' } })
    fireEvent.click(within(notify).getByRole('button', { name: "Tell me when it's ready" }))
    expect(await within(notify).findByText(/we sent a link to ruth@example.com/)).toBeInTheDocument()
    const sent = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/notify'))
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ email: 'ruth@example.com' })
  })

  it('refuses an address that is not one on its field, sending nothing', async () => {
    const fetchMock = open('pilgrims-cipher')
    const notify = await screen.findByRole('region', { name: "Tell me when it's ready" })
    fireEvent.click(within(notify).getByRole('button', { name: "Email me when it's ready" }))
    fireEvent.change(await within(notify).findByLabelText('Your email', {}, { timeout: 5000 }), {
      target: { value: 'not an address' },
    })
    fireEvent.submit(within(notify).getByRole('form'))
    await waitFor(() =>
      expect(within(notify).getByLabelText('Your email')).toHaveAccessibleDescription(/valid email/),
    )
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/notify'))).toBe(false)
  })

  it('shows an owner both parts of the box, each with its button, and still sells another', async () => {
    const lamp = productView({ slug: 'lamp-of-zion', name: 'Lamp of Zion', availability: 'on_sale' })
    const customer = { user: { id: 'u1', email: 'ann@example.com', role: 'customer' } }
    const owns = (hasAccess: boolean) =>
      open(
        'lamp-of-zion',
        [...CATALOGUE, lamp],
        (url) =>
          url.endsWith('/api/products/lamp-of-zion/access') ? Response.json({ data: { hasAccess } }) : null,
        customer,
      )
    owns(true)
    const owned = await screen.findByRole('region', { name: 'You own this box' })
    expect(within(owned).getByRole('link', { name: 'Start the online story' })).toHaveAttribute(
      'href',
      '/puzzle/lamp-of-zion',
    )
    expect(within(owned).getByRole('link', { name: "Enter your box's code" })).toHaveAttribute(
      'href',
      '/puzzle-portal/lamp-of-zion',
    )
    expect(screen.getByRole('button', { name: /add to cart/i })).toBeInTheDocument()
  })

  it('shows a buyer who does not own the box no owner section', async () => {
    const lamp = productView({ slug: 'lamp-of-zion', name: 'Lamp of Zion', availability: 'on_sale' })
    const fetchMock = open(
      'lamp-of-zion',
      [...CATALOGUE, lamp],
      (url) =>
        url.endsWith('/api/products/lamp-of-zion/access')
          ? Response.json({ data: { hasAccess: false } })
          : null,
      { user: { id: 'u2', email: 'bo@example.com', role: 'customer' } },
    )
    await screen.findByRole('heading', { level: 1, name: 'Lamp of Zion' })
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/lamp-of-zion/access'))).toBe(true),
    )
    expect(screen.queryByRole('region', { name: 'You own this box' })).toBeNull()
  })

  it('names /scroll-of-antioch as the canonical page of the Scroll', async () => {
    open('scroll-of-antioch')
    await screen.findByRole('heading', { level: 1, name: 'The Scroll of Antioch' })
    expect(canonical()).toBe('/scroll-of-antioch')
    expect(jsonLd()[0]?.url).toBe('/scroll-of-antioch')
  })

  it('says Experience Not Found (noindex) for a slug the shop does not show, not a spinner or Retry', async () => {
    open('no-such-box')
    expect(await screen.findByRole('heading', { name: 'Experience Not Found' })).toBeInTheDocument()
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    expect(screen.getByRole('link', { name: /see all experiences/i })).toHaveAttribute('href', '/experiences')
    expect(jsonLd()).toEqual([])
  })

  it('offers Retry when the product cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeApi(() => Response.json({ error: { code: 'x', message: 'x' } }, { status: 503 }))),
    )
    renderWithProviders(
      <Routes>
        <Route path="/experiences/:productSlug" element={<ExperiencePage />} />
      </Routes>,
      '/experiences/pilgrims-cipher',
    )
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.queryByText('Experience Not Found')).toBeNull()
  })
})
