import type { AdminOrderDetail } from '@lamplight/contracts'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminSession, renderAdminPage } from '../../test/render-admin-page'
import { OrderDetailPage } from './order-detail-page'

const ID = '3f2a9c1b-0000-4000-8000-000000000001'
const OTHER = '3f2a9c1b-0000-4000-8000-000000000002'
let matches: string[] = []
let detail: AdminOrderDetail | null = null
const fetchStub = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost')
  if (url.pathname.endsWith('/get-session')) return adminSession()
  if (detail && url.pathname === `/api/admin/orders/${detail.order_id}`)
    return Response.json({ data: detail })
  if (url.pathname === '/api/admin/orders')
    return Response.json({
      data: matches.map((id) => ({ order_id: id, order_number: 'EMZOSODM' })),
      total: matches.length,
    })
  return Response.json({ error: { code: 'not_found', message: 'Order Not Found' } }, { status: 404 })
})

function renderAt(path: string) {
  return renderAdminPage(
    path,
    <Routes>
      <Route path="/admin/orders/:id" element={<OrderDetailPage />} />
      <Route path="/admin/orders" element={<p>The orders list</p>} />
    </Routes>,
  )
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchStub)
  fetchStub.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('/admin/orders/<not an order id>', () => {
  it('opens the one order the number names, searched for as the list searches', async () => {
    matches = [ID]
    renderAt('/admin/orders/emzosodm')
    await vi.waitFor(() => expect(screen.getByLabelText('address')).toHaveTextContent(`/admin/orders/${ID}`))
    const search = fetchStub.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/admin/orders')
    expect(search?.searchParams.get('q')).toBe('emzosodm')
  })

  it('opens the list searched for the text when several orders share it', async () => {
    matches = [ID, OTHER]
    renderAt('/admin/orders/emzosodm')
    expect(await screen.findByText('The orders list')).toBeInTheDocument()
    expect(screen.getByLabelText('address')).toHaveTextContent('/admin/orders?q=emzosodm')
  })

  it('says Order Not Found when none has it', async () => {
    matches = []
    renderAt('/admin/orders/NOSUCHNO')
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Not Found' })).toBeInTheDocument()
  })
})

/** A paid order that bought a $25 gift card, as the API answers it. */
function giftCardOrder(card: Partial<NonNullable<AdminOrderDetail['gift_card']>>): AdminOrderDetail {
  const at = '2026-11-20T10:00:00.000Z'
  return {
    order_id: ID,
    order_number: 'GIFT2500',
    created_at: at,
    updated_at: at,
    customer_name: 'Mallory Buyer',
    customer_email: 'mallory@example.com',
    customer_created_at: null,
    product_title: 'Gift Card',
    product_sku: null,
    product_id: 'gift-card-product',
    amount_cents: 2500,
    status: 'paid',
    stripe_session_id: null,
    fulfilment_status: 'not_required',
    lines_summary: '1 × Gift Card',
    customer_id: null,
    currency: 'usd',
    provider: 'stripe',
    payment_method: 'card',
    shipping_address: null,
    paid_at: at,
    shipped_at: null,
    tracking_number: null,
    refunded_at: null,
    refunded_cents: 0,
    provider_url: null,
    can_refund: true,
    gift_card: {
      last4: 'Q7ZK',
      initial_cents: 2500,
      balance_cents: 2500,
      status: 'active',
      unfinished_refund_cents: 0,
      ...card,
    },
    can_ship: false,
    can_deliver: false,
    shipments: [],
    history: [],
    items: [
      {
        product_id: 'gift-card-product',
        product_title: 'Gift Card',
        quantity: 1,
        unit_price_cents: 2500,
        line_total_cents: 2500,
        shipped_quantity: 0,
        refunded_quantity: 0,
      },
    ],
    subtotal_cents: 2500,
    discount_cents: 0,
    shipping_cents: 0,
    tax_cents: 0,
  }
}

describe('refunding an order that bought a gift card', () => {
  afterEach(() => {
    detail = null
  })

  it('offers to finish a refund whose provider answer was lost: it says so and asks for that same amount', async () => {
    detail = giftCardOrder({ balance_cents: 0, status: 'disabled', unfinished_refund_cents: 2500 })
    renderAt(`/admin/orders/${ID}`)
    await userEvent.click(await screen.findByRole('button', { name: /^Refund/ }))
    expect(
      await screen.findByText(
        /An earlier refund of \$25\.00 closed the card, and the payment provider's answer to it was lost/,
      ),
    ).toBeInTheDocument()
    const submit = screen.getByRole('button', { name: 'Refund $25.00' })
    expect(submit).toBeEnabled()
    await userEvent.click(submit)
    await vi.waitFor(() => {
      const sent = fetchStub.mock.calls.find(
        ([input, init]) =>
          String(input).endsWith(`/api/admin/orders/${ID}/refund`) && init?.method === 'POST',
      )
      expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ amount_cents: 2500, expected_refunded_cents: 0 })
    })
  })

  it('has nothing to refund once the card is spent to nothing and no refund is unfinished', async () => {
    detail = giftCardOrder({ balance_cents: 0 })
    renderAt(`/admin/orders/${ID}`)
    await userEvent.click(await screen.findByRole('button', { name: /^Refund/ }))
    expect(
      await screen.findByText(/Nothing is left on it, so there is nothing to refund\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refund $0.00' })).toBeDisabled()
  })
})
