import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAdminPage } from '../../test/render-admin-page'
import { DiscountsPage } from './discounts-page'

const code = (code: string, status: 'active' | 'paused', description = '') => ({
  id: code.toLowerCase(),
  code,
  description,
  kind: 'percent',
  value: 15,
  productIds: [],
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  oncePerCustomer: false,
  status,
  usedCount: 0,
  paidOrders: 0,
  revenueCents: 0,
  discountedCents: 0,
  createdAt: '2026-11-28T10:00:00.000Z',
})
const codes = [code('EASTER15', 'active', 'Easter week'), code('LENT5', 'paused'), code('ADVENT10', 'active')]
let stored = codes

const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost')
  if (url.pathname.endsWith('/get-session'))
    return Response.json({ user: { id: 'admin-1', email: 'boss@example.com', name: 'Boss', role: 'admin' } })
  if (url.pathname === '/api/admin/discounts') return Response.json({ data: stored })
  return Response.json({ data: [], total: 0 })
})

const renderAt = (path: string) => renderAdminPage(path, <DiscountsPage />)

beforeEach(() => {
  stored = codes
  vi.stubGlobal('fetch', fetchStub)
})
afterEach(() => vi.unstubAllGlobals())

const shownCodes = async () => {
  const table = await screen.findByRole('table', { name: 'Discount codes' })
  await within(table).findAllByText(/^[A-Z]+\d+$/)
  return within(table)
    .getAllByText(/^[A-Z]+\d+$/)
    .map((cell) => cell.textContent)
}

describe('/admin/discounts', () => {
  it('filters the codes by the status and search in the address, and Clear shows them all', async () => {
    const user = userEvent.setup()
    renderAt('/admin/discounts?status=active')
    expect(await shownCodes()).toEqual(['EASTER15', 'ADVENT10'])
    const filters = screen.getByRole('region', { name: 'Filters' })
    expect(within(filters).getByLabelText('Show')).toHaveValue('active')

    await user.type(within(filters).getByLabelText('Search'), 'easter')
    await vi.waitFor(() =>
      expect(screen.getByLabelText('address')).toHaveTextContent('/admin/discounts?q=easter&status=active'),
    )
    expect(await shownCodes()).toEqual(['EASTER15'])

    await user.selectOptions(within(filters).getByLabelText('Show'), 'paused')
    expect(await screen.findByText('No discount codes match')).toBeInTheDocument()

    await user.click(within(filters).getByRole('button', { name: 'Clear' }))
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/admin\/discounts$/)
    expect(await shownCodes()).toEqual(['EASTER15', 'LENT5', 'ADVENT10'])
  })

  it("names the filter Show, apart from the form's Status", async () => {
    renderAt('/admin/discounts')
    await shownCodes()
    const filters = screen.getByRole('region', { name: 'Filters' })
    expect(within(filters).getByLabelText('Show')).toHaveDisplayValue('All codes')
    expect(screen.getAllByLabelText('Status')).toHaveLength(1)
    expect(within(filters).queryByLabelText('Status')).toBeNull()
  })

  it('shows a shop with no code only its empty state, and the filters again once a filter is set', async () => {
    stored = []
    const { unmount } = renderAt('/admin/discounts')
    expect(await screen.findByText('No discount codes yet')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
    unmount()
    // A filter from a shared address: it can be cleared, so it shows.
    renderAt('/admin/discounts?status=paused')
    expect(await screen.findByText('No discount codes match')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument()
  })
})
