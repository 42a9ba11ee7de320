import { beforeAll, describe, expect, it } from 'vitest'
import { signInListedAdmin } from '../../test/accounts'
import type { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { useTestApp } from '../../test/use-test-app'

/**
 * What the storefront's pages read (issue 31): the public list and a product by slug, both
 * from the public cache (decision 014). An admin's edit must show on the very next read, and
 * a product taken back to draft must be gone from both at once.
 */
const LETTERS: {
  compare_at_cents: number | null
  stock: number | null
  [field: string]: unknown
} = {
  name: 'Letters to the Lost',
  slug: 'letters-to-the-lost',
  tagline: 'Sealed letters and the long road home.',
  description: 'A bundle of sealed letters.',
  category: 'devotional',
  price_cents: 3499,
  compare_at_cents: null,
  status: 'coming_soon',
  stock: null,
  low_stock_threshold: 2,
  featured: false,
  featured_order: 0,
  facts: { duration: '2-4 hours' },
  sku: 'LPC-LL-001',
}

type View = { slug: string; name: string; price: number; availability: string; compare_at: number | null }

describe.each(DRIVERS)('public catalogue reads after admin edits on %s', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'owner@example.com' })
  let admin: ReturnType<typeof browser>
  let id: string

  beforeAll(async () => {
    admin = await signInListedAdmin(setup.app, setup.database, 'owner@example.com')
    const created = await admin.json<{ data: { id: string } }>('/api/admin/products', { body: LETTERS })
    expect(created.status).toBe(201)
    id = created.body.data.id
  })

  const page = async () => {
    const res = await setup.app.request('/api/products/letters-to-the-lost')
    return {
      status: res.status,
      data: res.status === 200 ? ((await res.json()) as { data: View }).data : null,
    }
  }
  const list = async () =>
    ((await (await setup.app.request('/api/products')).json()) as { data: View[] }).data
  const edit = async (change: Partial<typeof LETTERS>) => {
    const res = await admin.json(`/api/admin/products/${id}`, {
      method: 'PUT',
      body: { ...LETTERS, ...change },
    })
    expect(res.status).toBe(200)
  }

  it('shows an edit of name, price, compare-at and status on the next read, cached or not', async () => {
    // Both reads are cached now (the second answer of each comes from the cache).
    for (let i = 0; i < 2; i++) {
      expect((await page()).data).toMatchObject({ name: 'Letters to the Lost', availability: 'coming_soon' })
      expect((await list()).map((p) => p.slug)).toEqual(['letters-to-the-lost'])
    }
    const before = Date.now()
    await edit({ name: 'Letters Home', price_cents: 2999, compare_at_cents: 3499, status: 'on_sale' })
    const after = await page()
    const listed = await list()
    expect(Date.now() - before).toBeLessThan(1000)
    expect(after.data).toMatchObject({
      name: 'Letters Home',
      price: 2999,
      compare_at: 3499,
      availability: 'on_sale',
    })
    expect(listed).toEqual([expect.objectContaining({ name: 'Letters Home', price: 2999 })])
  })

  it('shows a counted stock of 0 as sold out at once', async () => {
    await edit({ name: 'Letters Home', price_cents: 2999, status: 'on_sale', stock: 0 })
    expect((await page()).data?.availability).toBe('sold_out')
    expect((await list())[0]?.availability).toBe('sold_out')
  })

  it('takes a product back to draft: a 404 by slug and gone from the list, right after', async () => {
    expect((await page()).status).toBe(200) // cached as public first
    await edit({ status: 'draft' })
    const res = await setup.app.request('/api/products/letters-to-the-lost')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'The requested product is not available' },
    })
    expect(await list()).toEqual([])
  })
})
