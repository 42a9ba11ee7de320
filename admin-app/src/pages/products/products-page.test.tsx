import type { AdminProductRow } from '@lamplight/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminSession, renderAdminPage as renderAt } from '../../test/render-admin-page'
import { LowStock } from '../dashboard/low-stock'
import { ProductsPage } from './products-page'

const row = (over: Partial<AdminProductRow>): AdminProductRow => ({
  id: '3f2a9c1b-0000-4000-8000-000000000001',
  slug: 'scroll-of-antioch',
  name: 'The Scroll of Antioch',
  category: 'history',
  status: 'on_sale',
  availability: 'on_sale',
  price_cents: 4999,
  stock: null,
  low_stock_threshold: 3,
  low_stock: false,
  featured: true,
  image: '/api/products/scroll-of-antioch/images/abc',
  updated_at: new Date().toISOString(),
  ...over,
})

const ROWS = [
  row({}),
  row({
    id: '3f2a9c1b-0000-4000-8000-000000000002',
    slug: 'pilgrims-cipher',
    name: "Pilgrim's Cipher",
    category: 'mystery',
    price_cents: 2999,
    stock: 2,
    low_stock: true,
    featured: false,
    image: null,
  }),
]

const lists: URLSearchParams[] = []
const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost')
  if (url.pathname.endsWith('/get-session')) return adminSession()
  if (url.pathname === '/api/admin/products') {
    lists.push(url.searchParams)
    const status = url.searchParams.get('status')
    const category = url.searchParams.get('category')
    const low = url.searchParams.get('low_stock') === 'true'
    return Response.json({
      data: ROWS.filter(
        (r) =>
          (!status || r.status === status) && (!category || r.category === category) && (!low || r.low_stock),
      ),
    })
  }
  return Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 })
})

beforeEach(() => {
  lists.length = 0
  vi.stubGlobal('fetch', api)
})
afterEach(() => vi.unstubAllGlobals())

describe('/admin/products', () => {
  it('lists each product with its status, stock (low stock marked) and price, linking to its editor', async () => {
    renderAt('/admin/products', <ProductsPage />)
    const table = await screen.findByRole('table', { name: 'Products' })
    const cipher = within(table).getByRole('link', { name: "Edit Pilgrim's Cipher" }).closest('tr')!
    expect(within(table).getByRole('link', { name: "Edit Pilgrim's Cipher" })).toHaveAttribute(
      'href',
      '/admin/products/3f2a9c1b-0000-4000-8000-000000000002',
    )
    expect(cipher).toHaveTextContent('$29.99')
    expect(within(cipher).getByText('Low stock')).toBeInTheDocument()
    const scroll = within(table).getByRole('link', { name: 'Edit The Scroll of Antioch' }).closest('tr')!
    expect(scroll).toHaveTextContent('Not counted')
    expect(within(scroll).queryByText('Low stock')).toBeNull()
    expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '/admin/products/new')
  })

  it('asks the API for the filters in the address, and ignores one it does not know', async () => {
    renderAt('/admin/products?status=draft&category=nonsense&q=cipher', <ProductsPage />)
    expect(await screen.findByText('No product matches these filters')).toBeInTheDocument()
    const asked = lists.at(-1)!
    expect(asked.get('status')).toBe('draft')
    expect(asked.get('q')).toBe('cipher')
    expect(asked.has('category')).toBe(false)
  })

  it('filters by the labelled fields of the filter bar, in the address and the request; Clear empties them', async () => {
    const user = userEvent.setup()
    renderAt('/admin/products?category=mystery', <ProductsPage />)
    const table = await screen.findByRole('table', { name: 'Products' })
    expect(await within(table).findByRole('link', { name: "Edit Pilgrim's Cipher" })).toBeInTheDocument()
    expect(within(table).queryByRole('link', { name: 'Edit The Scroll of Antioch' })).toBeNull()
    const filters = screen.getByRole('region', { name: 'Filters' })
    const category = within(filters).getByLabelText('Category')
    expect(category).toHaveValue('mystery')
    expect(within(category).getByRole('option', { name: 'All categories' })).toBeInTheDocument()
    const status = within(filters).getByLabelText('Status')
    expect(status).toHaveValue('')

    await user.selectOptions(status, 'Draft')
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/admin/products?status=draft&category=mystery',
    )
    expect(await screen.findByText('No product matches these filters')).toBeInTheDocument()
    expect(lists.at(-1)!.get('status')).toBe('draft')
    expect(lists.at(-1)!.get('category')).toBe('mystery')

    await user.selectOptions(status, 'All statuses')
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/admin\/products\?category=mystery$/)
    await user.click(within(filters).getByRole('button', { name: 'Clear' }))
    expect(screen.getByLabelText('address')).toHaveTextContent(/^\/admin\/products$/)
    expect(await within(table).findByRole('link', { name: 'Edit The Scroll of Antioch' })).toBeInTheDocument()
  })

  it('searches as the admin types', async () => {
    const user = userEvent.setup()
    renderAt('/admin/products', <ProductsPage />)
    await screen.findByRole('table', { name: 'Products' })
    await user.type(screen.getByLabelText('Search'), 'antioch')
    await vi.waitFor(() => expect(lists.at(-1)?.get('q')).toBe('antioch'))
    expect(screen.getByLabelText('address')).toHaveTextContent('/admin/products?q=antioch')
  })
})

describe('the dashboard low-stock card', () => {
  it('lists the products at or under their line, each linking to its editor', async () => {
    renderAt('/admin', <LowStock />)
    const link = await screen.findByRole('link', { name: /Pilgrim's Cipher/ })
    expect(link).toHaveAttribute('href', '/admin/products/3f2a9c1b-0000-4000-8000-000000000002')
    expect(link).toHaveTextContent('2 left')
    expect(screen.queryByRole('link', { name: /Scroll of Antioch/ })).toBeNull()
    expect(lists.at(-1)?.get('low_stock')).toBe('true')
  })
})
