import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAdminPage } from '../../test/render-admin-page'
import { OrdersPage } from './orders-page'

const order = {
  order_id: 'o-1',
  order_number: 'LP-1001',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  customer_name: 'Ruth Moab',
  customer_email: 'ruth@example.com',
  customer_created_at: null,
  product_title: 'The Scroll of Antioch',
  product_sku: null,
  product_id: 'p-1',
  amount_cents: 4999,
  status: 'completed',
  stripe_session_id: null,
  fulfilment_status: 'unfulfilled',
  lines_summary: '1 × The Scroll of Antioch',
}

let stored: (typeof order)[] = []
const asked: URL[] = []
const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost')
  if (url.pathname.endsWith('/get-session'))
    return Response.json({ user: { id: 'admin-1', email: 'boss@example.com', name: 'Boss', role: 'admin' } })
  if (url.pathname === '/api/admin/orders') {
    asked.push(url)
    // The server filters: a status that no stored order has finds nothing.
    const status = url.searchParams.get('status')
    const data = stored.filter((o) => !status || o.status === status)
    return Response.json({ data, total: data.length, total_capped: false })
  }
  return Response.json({ data: [], total: 0 })
})

const renderAt = (path: string) => renderAdminPage(path, <OrdersPage />)

beforeEach(() => {
  stored = [order]
  asked.length = 0
  vi.stubGlobal('fetch', fetchStub)
})
afterEach(() => vi.unstubAllGlobals())

describe('/admin/orders', () => {
  it('filters by the labelled fields of the filter bar, in the address and the request', async () => {
    const user = userEvent.setup()
    renderAt('/admin/orders?fulfilment=unfulfilled')
    const table = await screen.findByRole('table', { name: 'Orders' })
    expect(await within(table).findByRole('link', { name: 'Order LP-1001' })).toBeInTheDocument()
    const filters = screen.getByRole('region', { name: 'Filters' })
    expect(within(filters).getByLabelText('Fulfilment')).toHaveValue('unfulfilled')
    for (const name of ['Search', 'Status', 'From', 'To'])
      expect(within(filters).getByLabelText(name)).toBeVisible()

    await user.selectOptions(within(filters).getByLabelText('Status'), 'refunded')
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/admin/orders?status=refunded&fulfilment=unfulfilled',
    )
    expect(await screen.findByText('No orders found')).toBeInTheDocument()
    expect(asked.at(-1)!.searchParams.get('status')).toBe('refunded')

    await user.type(within(filters).getByLabelText('Search'), 'ruth')
    await vi.waitFor(() => expect(asked.at(-1)!.searchParams.get('q')).toBe('ruth'))
    await user.click(within(filters).getByRole('button', { name: 'Clear' }))
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/admin\/orders$/)
  })

  it('shows a shop with no order only its empty state', async () => {
    stored = []
    renderAt('/admin/orders')
    expect(await screen.findByText('No orders found')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
  })
})
