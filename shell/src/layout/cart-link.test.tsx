import { cartReadKey } from '@lamplight/contracts'
import { AuthProvider, createQueryClient } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CartLink } from './cart-link'

const cartOf = (itemCount: number) => ({ data: { itemCount, lines: [] } })

function renderWith(itemCount: number) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    if (url.includes('/api/cart')) return Response.json(cartOf(itemCount))
    return Response.json(null) // signed out
  })
  vi.stubGlobal('fetch', fetchMock)
  const queryClient = createQueryClient()
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter>
          <CartLink />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  )
  return { queryClient, fetchMock }
}

afterEach(() => vi.unstubAllGlobals())

describe('CartLink', () => {
  it('links to /cart and says how many boxes the cart holds', async () => {
    renderWith(3)
    const link = await screen.findByRole('link', { name: 'Cart, 3 items' })
    expect(link).toHaveAttribute('href', '/cart')
    expect(link).toHaveTextContent('3')
  })

  it('says an empty cart is empty, with no count', async () => {
    const { fetchMock } = renderWith(0)
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/cart'))).toBe(true),
    )
    const link = await screen.findByRole('link', { name: 'Cart, empty' })
    expect(link).not.toHaveTextContent(/\d/)
  })

  it('follows the cart the storefront writes under the shared key, with no request of its own', async () => {
    const { queryClient, fetchMock } = renderWith(1)
    await screen.findByRole('link', { name: 'Cart, 1 item' })
    const before = fetchMock.mock.calls.length
    act(() => {
      queryClient.setQueryData(cartReadKey(), cartOf(11).data)
    })
    expect(await screen.findByRole('link', { name: 'Cart, 11 items' })).toHaveTextContent('11')
    expect(fetchMock.mock.calls.length).toBe(before)
  })
})
