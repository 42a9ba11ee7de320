import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'

describe.each(DRIVERS)('GET /api/products/:slug on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database).app
    await database.db.insert(products).values([
      {
        slug: 'scroll-of-antioch',
        name: 'The Scroll of Antioch',
        description: 'A mystery',
        priceCents: 4999,
      },
      { slug: 'retired-box', name: 'Retired', priceCents: 1000, status: 'draft' as const },
    ])
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('returns the checkout view of an active product, price in cents', async () => {
    const res = await app.request('/api/products/scroll-of-antioch')
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Record<string, unknown> }
    expect(data).toEqual({
      id: expect.any(String),
      name: 'The Scroll of Antioch',
      description: 'A mystery',
      slug: 'scroll-of-antioch',
      price: 4999,
      image: null,
      tagline: '',
      category: 'mystery',
      compare_at: null,
      availability: 'on_sale',
      sku: null,
      featured: false,
      facts: {},
      images: [],
    })
  })

  it('hides inactive and unknown products behind a 404', async () => {
    for (const slug of ['retired-box', 'no-such-box']) {
      const res = await app.request(`/api/products/${slug}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({
        error: { code: 'not_found', message: 'The requested product is not available' },
      })
    }
  })

  it('refuses a malformed slug with a 400', async () => {
    const res = await app.request('/api/products/Robert%27);DROP%20TABLE%20products;--')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed')
  })
})
