import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminSession, renderAdminPage } from '../../test/render-admin-page'
import { OrderDetailPage } from './order-detail-page'

const ID = '3f2a9c1b-0000-4000-8000-000000000001'
const OTHER = '3f2a9c1b-0000-4000-8000-000000000002'
let matches: string[] = []
const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost')
  if (url.pathname.endsWith('/get-session')) return adminSession()
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
