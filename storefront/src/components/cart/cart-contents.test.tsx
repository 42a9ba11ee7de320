import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATALOGUE, cartOf } from '../../test/catalogue'
import { fakeApi, renderWithProviders } from '../../test/render'
import { AddToCartButton } from './add-to-cart-button'
import { CartContents } from './cart-contents'

const scroll = CATALOGUE[0]!
const psalms = CATALOGUE[3]!

/**
 * A cart API in memory, as the server answers: each change returns the whole cart, priced
 * here (the component never adds up money; these numbers come from "the server"). Ten or
 * more Scrolls cost $39.99 each.
 */
function cartApi(initial: Record<string, number> = {}) {
  const quantities = new Map(Object.entries(initial))
  const calls: string[] = []
  const answer = (country: string | null = null) => {
    const cart = cartOf(
      [...quantities].map(([slug, quantity]) => ({
        product: CATALOGUE.find((p) => p.slug === slug)!,
        quantity,
      })),
      country,
    )
    for (const line of cart.lines)
      if (line.productSlug === scroll.slug) {
        const tier = { minQuantity: 10, unitPriceCents: 3999 }
        if (line.quantity >= 10) {
          line.quantityPrice = tier
          line.unitPriceCents = 3999
          cart.subtotalCents -= line.lineTotalCents - 3999 * line.quantity
          cart.totalCents = cart.subtotalCents + (cart.shipping?.amountCents ?? 0)
          line.lineTotalCents = 3999 * line.quantity
        } else line.nextQuantityPrice = tier
      }
    return Response.json({ data: cart })
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi(async (url, init) => {
        const { pathname, searchParams } = new URL(url, 'http://localhost')
        const method = init.method ?? 'GET'
        calls.push(`${method} ${pathname}${searchParams.size ? `?${searchParams}` : ''}`)
        const slug = pathname.split('/').at(-1)!
        if (pathname === '/api/cart') {
          if (searchParams.get('zipCode') === '123')
            return Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Invalid',
                  issues: [{ path: 'zipCode', message: 'Please enter a 5-digit ZIP code.' }],
                },
              },
              { status: 400 },
            )
          return answer(searchParams.get('country'))
        }
        if (pathname === '/api/cart/items' && method === 'POST') {
          const body = JSON.parse(String(init.body)) as { productSlug: string; quantity: number }
          quantities.set(body.productSlug, (quantities.get(body.productSlug) ?? 0) + body.quantity)
          return answer()
        }
        if (method === 'PATCH') {
          quantities.set(slug, (JSON.parse(String(init.body)) as { quantity: number }).quantity)
          return answer()
        }
        if (method === 'DELETE') {
          quantities.delete(slug)
          return answer()
        }
        return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
      }),
    ),
  )
  return { calls }
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('the cart', () => {
  it('lists the lines with their prices, changes a quantity with − and +, and removes a line', async () => {
    const { calls } = cartApi({ [scroll.slug]: 2, [psalms.slug]: 1 })
    renderWithProviders(<CartContents />, '/cart')
    const lines = await screen.findAllByTestId('cart-line')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toHaveTextContent('The Scroll of Antioch')
    expect(lines[0]).toHaveTextContent('$49.99 each')
    expect(lines[0]).toHaveTextContent('10 or more: $39.99 each')
    expect(lines[0]).toHaveTextContent('$99.98')
    expect(screen.getByTestId('order-totals')).toHaveTextContent('Subtotal$131.97')
    await userEvent.click(screen.getByRole('button', { name: 'One more The Scroll of Antioch' }))
    await waitFor(() => expect(screen.getAllByTestId('cart-line')[0]).toHaveTextContent('$149.97'))
    expect(calls).toContain('PATCH /api/cart/items/scroll-of-antioch')
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mysteries of the Psalms' }))
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1))
    expect(screen.getByTestId('order-totals')).toHaveTextContent('Subtotal$149.97')
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout/cart')
  })

  it('shows the group price once a line reaches it ("10+ at $39.99 each")', async () => {
    cartApi({ [scroll.slug]: 10 })
    renderWithProviders(<CartContents />, '/cart')
    const [line] = await screen.findAllByTestId('cart-line')
    expect(line).toHaveTextContent('10+ at $39.99 each')
    expect(line).toHaveTextContent('$399.90')
    expect(within(line!).getByText('$49.99', { selector: 's' })).toBeInTheDocument()
  })

  it("estimates shipping for the chosen country from the server's answer, and puts a refused postal code on its field", async () => {
    const { calls } = cartApi({ [psalms.slug]: 1 })
    renderWithProviders(<CartContents />, '/cart')
    await screen.findAllByTestId('cart-line')
    expect(screen.getByTestId('order-totals')).toHaveTextContent('Estimated at checkout')
    await userEvent.selectOptions(screen.getByLabelText('Ship to'), 'CA')
    await waitFor(() => expect(screen.getByTestId('order-totals')).toHaveTextContent('$12.99'))
    expect(screen.getByTestId('order-totals')).toHaveTextContent('Total$44.98')
    expect(calls).toContain('GET /api/cart?country=CA')
    await userEvent.selectOptions(screen.getByLabelText('Ship to'), 'US')
    await userEvent.type(screen.getByLabelText('ZIP code'), '123')
    await userEvent.click(screen.getByRole('button', { name: 'Estimate shipping' }))
    expect(await screen.findByText('Please enter a 5-digit ZIP code.')).toBeInTheDocument()
  })

  it('says an empty cart is empty and offers the shop', async () => {
    cartApi()
    renderWithProviders(<CartContents />, '/cart')
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop')
  })
})

describe('Add to Cart', () => {
  it('adds the box on the server and opens the cart drawer with it', async () => {
    const { calls } = cartApi()
    renderWithProviders(<AddToCartButton productSlug={scroll.slug} productName={scroll.name} />, '/shop')
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart: The Scroll of Antioch' }))
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' })
    expect(await within(drawer).findByRole('link', { name: 'The Scroll of Antioch' })).toBeInTheDocument()
    expect(calls).toContain('POST /api/cart/items')
  })
})
