import { type EditableProduct, ProductInputSchema, QuantityPricesBody } from '@lamplight/contracts'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminSession, renderAdminPage, validationFailed } from '../../test/render-admin-page'
import { EditProductPage, NewProductPage } from './product-editor-page'

const ID = '3f2a9c1b-0000-4000-8000-000000000031'
const IMAGE = '3f2a9c1b-0000-4000-8000-0000000000a1'

const draft = (): EditableProduct => ({
  id: ID,
  name: "Pilgrim's Cipher",
  slug: 'pilgrims-cipher-2',
  tagline: '',
  description: 'A coded journal.',
  category: 'mystery',
  price_cents: 2999,
  compare_at_cents: null,
  status: 'draft',
  stock: 3,
  low_stock_threshold: 3,
  featured: false,
  featured_order: 0,
  facts: {},
  sku: null,
  images: [
    {
      id: IMAGE,
      url: `/api/products/pilgrims-cipher-2/images/${IMAGE}`,
      alt: 'A cipher wheel',
      width: 800,
      height: 600,
    },
  ],
  updated_at: new Date().toISOString(),
})

let stored: EditableProduct
let tiers: { minQuantity: number; unitPriceCents: number }[] = []
let sent: { method: string; path: string; body: unknown; headers: Headers }[] = []

/**
 * The API as far as these pages need it: a body is judged by the contract's own schema (as
 * the router does), so a refusal names the field the real API would name.
 */
const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost')
  const method = init?.method ?? 'GET'
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body
  sent.push({ method, path: url.pathname, body, headers: new Headers(init?.headers) })
  if (url.pathname.endsWith('/get-session')) return adminSession()
  if (url.pathname === `/api/admin/products/${ID}` && method === 'GET') return Response.json({ data: stored })
  if (
    (url.pathname === '/api/admin/products' && method === 'POST') ||
    (url.pathname === `/api/admin/products/${ID}` && method === 'PUT')
  ) {
    const parsed = ProductInputSchema.safeParse(body)
    if (!parsed.success) return validationFailed(parsed.error.issues)
    stored = { ...stored, ...parsed.data, id: ID }
    return Response.json({ data: stored }, { status: method === 'POST' ? 201 : 200 })
  }
  if (url.pathname === `/api/admin/products/${ID}/quantity-prices`) {
    if (method === 'GET') return Response.json({ data: tiers })
    // As the API judges them: the contract's schema, then each below the box's own price.
    const parsed = QuantityPricesBody.safeParse(body)
    const issues = parsed.success
      ? parsed.data.tiers.flatMap((t, i) =>
          t.unitPriceCents >= stored.price_cents
            ? [
                {
                  path: `tiers.${i}.unitPriceCents`,
                  message: 'A quantity price must be below the box’s own price.',
                },
              ]
            : [],
        )
      : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
    if (!parsed.success || issues.length)
      return Response.json(
        { error: { code: 'validation_failed', message: 'The request is not valid.', issues } },
        { status: 400 },
      )
    tiers = parsed.data.tiers
    return Response.json({ data: tiers })
  }
  if (url.pathname === `/api/admin/products/${ID}/images` && method === 'POST') {
    if (!new Headers(init?.headers).get('X-Alt'))
      return Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Describe the picture (alt text is required).',
            issues: [{ path: 'alt', message: 'Describe the picture (alt text is required).' }],
          },
        },
        { status: 400 },
      )
    return Response.json({ data: stored }, { status: 201 })
  }
  return Response.json({ error: { code: 'not_found', message: 'No such product.' } }, { status: 404 })
})

function renderAt(path: string) {
  return renderAdminPage(
    path,
    <Routes>
      <Route path="/admin/products/new" element={<NewProductPage />} />
      <Route path="/admin/products/:id" element={<EditProductPage />} />
    </Routes>,
  )
}

const writes = () => sent.filter((r) => r.method !== 'GET')
const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}

beforeEach(() => {
  stored = draft()
  tiers = []
  sent = []
  vi.stubGlobal('fetch', api)
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('a new product', () => {
  it('makes its slug from the name and sends prices entered in dollars as cents', async () => {
    const user = userEvent.setup()
    renderAt('/admin/products/new')
    await user.type(await screen.findByLabelText('Name'), "Pilgrim's Cipher")
    expect(screen.getByLabelText('Slug')).toHaveValue('pilgrims-cipher')
    await user.type(screen.getByLabelText('Price (USD)'), '29.99')
    await user.type(screen.getByLabelText('Stock'), '3')
    await user.click(screen.getByRole('button', { name: 'Create product' }))
    // The save, then the move to the product's own address: a busy machine takes over a second.
    await vi.waitFor(
      () => expect(screen.getByLabelText('address')).toHaveTextContent(`/admin/products/${ID}`),
      { timeout: 5000 },
    )
    expect(writes()[0]?.body).toMatchObject({
      slug: 'pilgrims-cipher',
      price_cents: 2999,
      stock: 3,
      status: 'draft',
    })
  })

  it("shows the API's refusal on the field it names and goes nowhere", async () => {
    const user = userEvent.setup()
    renderAt('/admin/products/new')
    await user.type(await screen.findByLabelText('Name'), 'Bad prices')
    await user.type(screen.getByLabelText('Price (USD)'), '-5')
    await user.click(screen.getByRole('button', { name: 'Create product' }))
    const price = screen.getByLabelText('Price (USD)')
    await vi.waitFor(() => expect(errorOf(price)).toBe('Price cannot be negative.'))
    expect(price).toHaveAttribute('aria-invalid', 'true')
    // Taken to the field, wherever it is on the page.
    expect(price).toHaveFocus()

    await user.clear(price)
    await user.type(price, '30')
    await user.type(screen.getByLabelText('Compare-at price (USD)'), '20')
    await user.click(screen.getByRole('button', { name: 'Create product' }))
    const compareAt = screen.getByLabelText('Compare-at price (USD)')
    await vi.waitFor(() => expect(errorOf(compareAt)).toBe('The compare-at price cannot be below the price.'))
    expect(errorOf(screen.getByLabelText('Price (USD)'))).not.toBe('Price cannot be negative.')
    expect(screen.getByLabelText('address')).toHaveTextContent('/admin/products/new')
  })

  it('says a price that is not a number on its field without asking the API', async () => {
    const user = userEvent.setup()
    renderAt('/admin/products/new')
    await user.type(await screen.findByLabelText('Price (USD)'), 'thirty')
    await user.click(screen.getByRole('button', { name: 'Create product' }))
    expect(errorOf(screen.getByLabelText('Price (USD)'))).toBe(
      'Price must be an amount in dollars, like 49.99.',
    )
    expect(writes()).toHaveLength(0)
  })
})

describe('editing a product', () => {
  it('leads to its puzzle, previews a draft in the admin and publishes it', async () => {
    const user = userEvent.setup()
    renderAt(`/admin/products/${ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: "Pilgrim's Cipher" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Puzzle and codes' })).toHaveAttribute(
      'href',
      `/admin/puzzles/${ID}`,
    )
    // A draft has no public page yet: its preview is here.
    expect(screen.queryByRole('link', { name: /View on the site/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    const preview = await screen.findByRole('dialog', { name: 'Preview' })
    expect(within(preview).getByText('$29.99')).toBeInTheDocument()
    expect(within(preview).getByRole('img', { name: 'A cipher wheel' })).toBeInTheDocument()
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Publish (put on sale)' }))
    await vi.waitFor(() => expect(writes()[0]?.body).toMatchObject({ status: 'on_sale', price_cents: 2999 }))
    // Once live, the public page is the preview.
    expect(await screen.findByRole('link', { name: /View on the site/ })).toHaveAttribute(
      'href',
      '/experiences/pilgrims-cipher-2',
    )
  })

  it('refuses a picture without alt text on its alt field, and sends its alt text with it', async () => {
    const user = userEvent.setup()
    renderAt(`/admin/products/${ID}`)
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'map.png', { type: 'image/png' })
    await user.upload(await screen.findByLabelText('Add pictures'), file)
    await user.click(screen.getByRole('button', { name: 'Upload picture' }))
    const alt = screen.getByLabelText('Alt text for map.png')
    await vi.waitFor(() => expect(errorOf(alt)).toBe('Describe the picture (alt text is required).'))

    await user.type(alt, 'A hand-drawn map')
    await user.click(screen.getByRole('button', { name: 'Upload picture' }))
    await vi.waitFor(() => expect(screen.queryByLabelText('Alt text for map.png')).toBeNull())
    const upload = writes().at(-1)
    expect(upload?.body).toBe(file)
    expect(decodeURIComponent(upload?.headers.get('X-Alt') ?? '')).toBe('A hand-drawn map')
  })

  it('saves a group price in cents, and shows a price not below the box’s own on its field', async () => {
    const user = userEvent.setup()
    renderAt(`/admin/products/${ID}`)
    const panel = await screen.findByRole('form', { name: 'Quantity prices' })
    expect(within(panel).getByText('No quantity prices: every box costs the same.')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Add a quantity price' }))
    // The FAQ's groups of ten are the first suggestion.
    expect(within(panel).getByLabelText('From (boxes)')).toHaveValue('10')
    const each = within(panel).getByLabelText('Each (USD)')
    await user.type(each, '29.99')
    await user.click(within(panel).getByRole('button', { name: 'Save quantity prices' }))
    await vi.waitFor(() => expect(errorOf(each)).toBe('A quantity price must be below the box’s own price.'))
    expect(tiers).toEqual([])

    await user.clear(each)
    await user.type(each, '24.50')
    await user.click(within(panel).getByRole('button', { name: 'Save quantity prices' }))
    await vi.waitFor(() => expect(tiers).toEqual([{ minQuantity: 10, unitPriceCents: 2450 }]))
    expect(errorOf(within(panel).getByLabelText('Each (USD)'))).toBeUndefined()
  })

  it('says Product Not Found for an id no product has', async () => {
    renderAt('/admin/products/3f2a9c1b-0000-4000-8000-00000000ffff')
    expect(await screen.findByRole('heading', { level: 1, name: 'Product Not Found' })).toBeInTheDocument()
  })
})
