import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { signInListedAdmin } from '../../test/accounts'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { LYDIA_ADDRESS } from '../../test/shipping'
import { useTestApp } from '../../test/use-test-app'

type Issue = { path: string; message: string }
type ErrorBody = { error: { code: string; message: string; issues?: Issue[] } }
type Editable = {
  data: {
    id: string
    slug: string
    price_cents: number
    images: { id: string; url: string; alt: string; width: number; height: number }[]
  }
}

const CIPHER = {
  name: "Pilgrim's Cipher",
  slug: 'pilgrims-cipher',
  tagline: 'A coded journal',
  description: 'A weathered journal left behind by a pilgrim.',
  category: 'mystery',
  price_cents: 2999,
  compare_at_cents: null,
  status: 'draft',
  stock: 3,
  low_stock_threshold: 1,
  featured: true,
  featured_order: 2,
  facts: { duration: '2-4 hours', mysteries: 4 },
  sku: 'LPC-PC-001',
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a2430' } })
    .png()
    .toBuffer()

describe.each(DRIVERS)('admin products on %s', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'owner@example.com' })
  let admin: ReturnType<typeof browser>

  beforeAll(async () => {
    admin = await signInListedAdmin(setup.app, setup.database, 'owner@example.com')
  })

  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        setup.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]!.n
  const rawUpload = (id: string, body: Uint8Array<ArrayBuffer>, alt?: string) =>
    setup.app.request(`/api/admin/products/${id}/images`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:3000',
        'X-Forwarded-For': admin.ip,
        Cookie: admin.cookie(),
        ...(alt === undefined ? {} : { 'X-Alt': encodeURIComponent(alt) }),
      },
      body,
    })

  it('keeps products to admins: signed out 401, a customer 403', async () => {
    expect((await browser(setup.app).request('/api/admin/products')).status).toBe(401)
    const customer = browser(setup.app)
    await customer.signUp('buyer@example.com')
    expect((await customer.request('/api/admin/products')).status).toBe(403)
    expect((await customer.request('/api/admin/products', { body: CIPHER })).status).toBe(403)
    expect(await count('products')).toBe(0)
  })

  it('creates a product as a draft, audited, unseen by visitors until published', async () => {
    const created = await admin.json<Editable>('/api/admin/products', { body: CIPHER })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ slug: 'pilgrims-cipher', price_cents: 2999, images: [] })
    const [audit] = await queryRows<{ action: string }>(
      setup.database.db,
      sql`select action from audit_log where entity = 'product' and entity_id = ${created.body.data.id}`,
    )
    expect(audit?.action).toBe('product.created')
    expect((await setup.app.request('/api/products/pilgrims-cipher')).status).toBe(404)
    const list = (await (await setup.app.request('/api/products')).json()) as { data: unknown[] }
    expect(list.data).toHaveLength(0)
  })

  it.each([
    [{ price_cents: -1 }, 'price_cents', 'Price cannot be negative.'],
    [{ price_cents: 1_000_001 }, 'price_cents', 'Price cannot be more than $10,000.'],
    [{ compare_at_cents: 2000 }, 'compare_at_cents', 'The compare-at price cannot be below the price.'],
    [{ price_cents: 0, status: 'on_sale' }, 'status', 'Give the product a price before selling it.'],
    [{ slug: 'pilgrims-cipher' }, 'slug', 'That slug is already used by another product. Choose another.'],
    [{ slug: 'other-box', sku: 'LPC-PC-001' }, 'sku', 'That SKU is already used by another product.'],
  ])('refuses %o on its field, saving nothing', async (change, path, message) => {
    const before = await count('products')
    const res = await admin.json<ErrorBody>('/api/admin/products', { body: { ...CIPHER, ...change } })
    expect(res.status).toBe(400)
    expect(res.body.error.issues).toContainEqual({ path, message })
    expect(await count('products')).toBe(before)
  })

  it('refuses an edit that would sell a product with no price, changing nothing', async () => {
    const [row] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`select id from products where slug = 'pilgrims-cipher'`,
    )
    const res = await admin.json<ErrorBody>(`/api/admin/products/${row!.id}`, {
      method: 'PUT',
      body: { ...CIPHER, price_cents: 0, status: 'on_sale' },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.issues).toContainEqual({
      path: 'status',
      message: 'Give the product a price before selling it.',
    })
    const [after] = await queryRows<{ status: string; price_cents: number }>(
      setup.database.db,
      sql`select status, price_cents from products where id = ${row!.id}`,
    )
    expect(after).toEqual({ status: 'draft', price_cents: 2999 })
  })

  it('takes pictures as WebP made on the server with their size; refuses non-pictures and missing alt text on their fields', async () => {
    const [row] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`select id from products where slug = 'pilgrims-cipher'`,
    )
    const id = row!.id
    const images = await count('product_images')

    const noAlt = await rawUpload(id, new Uint8Array(await png(40, 30)))
    expect(noAlt.status).toBe(400)
    expect(((await noAlt.json()) as ErrorBody).error.issues).toContainEqual({
      path: 'alt',
      message: 'Describe the picture (alt text is required).',
    })
    const notPicture = await rawUpload(
      id,
      new Uint8Array(new TextEncoder().encode('<svg onload="alert(1)"></svg>')),
      'A box',
    )
    expect(notPicture.status).toBe(415)
    expect(((await notPicture.json()) as ErrorBody).error.issues?.[0]?.path).toBe('file')
    const pdf = await rawUpload(id, new Uint8Array(new TextEncoder().encode('%PDF-1.4\n%%EOF')), 'A box')
    expect(pdf.status).toBe(415)
    expect(await count('product_images')).toBe(images)

    const first = await rawUpload(id, new Uint8Array(await png(2400, 1200)), 'The cipher wheel')
    expect(first.status).toBe(201)
    const second = await rawUpload(id, new Uint8Array(await png(300, 400)), 'The map')
    const { data } = (await second.json()) as Editable
    expect(data.images.map((i) => [i.alt, i.width, i.height])).toEqual([
      ['The cipher wheel', 1600, 800],
      ['The map', 300, 400],
    ])
    // A draft's picture is the admin's preview only.
    expect((await setup.app.request(data.images[0]!.url)).status).toBe(404)
    const mine = await admin.request(data.images[0]!.url)
    expect(mine.status).toBe(200)
    expect(mine.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(new Uint8Array(await mine.arrayBuffer())).metadata()).format).toBe('webp')

    // Reorder and change alt text: every picture once, alt text required.
    const [a, b] = data.images
    const missing = await admin.json<ErrorBody>(`/api/admin/products/${id}/images`, {
      method: 'PUT',
      body: {
        images: [
          { id: b!.id, alt: ' ' },
          { id: a!.id, alt: 'Wheel' },
        ],
      },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error.issues?.[0]?.path).toBe('images.0.alt')
    const reordered = await admin.json<Editable>(`/api/admin/products/${id}/images`, {
      method: 'PUT',
      body: {
        images: [
          { id: b!.id, alt: 'The hand-drawn map' },
          { id: a!.id, alt: 'The cipher wheel' },
        ],
      },
    })
    expect(reordered.body.data.images.map((i) => i.alt)).toEqual(['The hand-drawn map', 'The cipher wheel'])
  })

  it('publishes: public within the same second, cached answers included; an order keeps its price after a price change', async () => {
    const [row] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`select id from products where slug = 'pilgrims-cipher'`,
    )
    // Warm the public cache with the 404 and the empty list first.
    expect((await setup.app.request('/api/products/pilgrims-cipher')).status).toBe(404)
    await setup.app.request('/api/products')
    const published = await admin.json<Editable>(`/api/admin/products/${row!.id}`, {
      method: 'PUT',
      body: { ...CIPHER, status: 'on_sale' },
    })
    expect(published.status).toBe(200)
    const page = await setup.app.request('/api/products/pilgrims-cipher')
    expect(page.status).toBe(200)
    const view = ((await page.json()) as { data: Record<string, unknown> & { images: { url: string }[] } })
      .data
    expect(view).toMatchObject({
      availability: 'on_sale',
      price: 2999,
      sku: 'LPC-PC-001',
      category: 'mystery',
    })
    expect(view.image).toBe(view.images[0]!.url)
    expect((await setup.app.request(view.images[0]!.url)).status).toBe(200)
    const list = (await (await setup.app.request('/api/products')).json()) as { data: { slug: string }[] }
    expect(list.data.map((p) => p.slug)).toEqual(['pilgrims-cipher'])

    const buyer = browser(setup.app)
    const checkout = await buyer.json<{ url: string }>('/api/checkout', {
      body: {
        productSlug: 'pilgrims-cipher',
        customerInfo: { email: 'lydia@example.com', ...LYDIA_ADDRESS },
        paymentMethod: 'card',
        collectShipping: true,
      },
    })
    expect(checkout.status).toBe(200)
    await admin.json(`/api/admin/products/${row!.id}`, {
      method: 'PUT',
      body: { ...CIPHER, status: 'on_sale', price_cents: 3999 },
    })
    // The box at the price of the day, plus the US rate under $35 (decision 052).
    const [order] = await queryRows<{ amount_cents: number; unit_price_cents: number }>(
      setup.database.db,
      sql`select o.amount_cents, i.unit_price_cents from orders o join order_items i on i.order_id = o.id`,
    )
    expect(order).toEqual({ amount_cents: 2999 + 599, unit_price_cents: 2999 })
    expect(
      (
        (await (await setup.app.request('/api/products/pilgrims-cipher')).json()) as {
          data: { price: number }
        }
      ).data.price,
    ).toBe(3999)
    const trail = await queryRows<{ action: string }>(
      setup.database.db,
      sql`select action from audit_log where entity = 'product' and entity_id = ${row!.id} order by created_at`,
    )
    expect(trail.map((t) => t.action)).toEqual([
      'product.created',
      'product.image_added',
      'product.image_added',
      'product.images_updated',
      'product.updated',
      'product.updated',
    ])
  })

  it('lists with status, stock and price; searches and filters; low stock marked', async () => {
    const all = await admin.json<{
      data: { slug: string; stock: number; low_stock: boolean; availability: string }[]
    }>('/api/admin/products')
    expect(all.body.data).toEqual([
      expect.objectContaining({
        slug: 'pilgrims-cipher',
        stock: 3,
        low_stock: false,
        availability: 'on_sale',
      }),
    ])
    expect((await admin.json<{ data: unknown[] }>('/api/admin/products?q=cipher')).body.data).toHaveLength(1)
    expect((await admin.json<{ data: unknown[] }>('/api/admin/products?q=nothing')).body.data).toHaveLength(0)
    expect(
      (await admin.json<{ data: unknown[] }>('/api/admin/products?status=draft')).body.data,
    ).toHaveLength(0)
    expect(
      (await admin.json<{ data: unknown[] }>('/api/admin/products?category=history')).body.data,
    ).toHaveLength(0)
    expect(
      (await admin.json<{ data: unknown[] }>('/api/admin/products?low_stock=true')).body.data,
    ).toHaveLength(0)
  })
})
