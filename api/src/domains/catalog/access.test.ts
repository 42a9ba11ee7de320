import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, products, user } from '../../db/schema'
import { signInListedAdmin } from '../../test/accounts'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'

type AccessBody = { data: { hasAccess: boolean } }
type ErrorBody = { error: { code: string } }

describe.each(DRIVERS)('GET /api/products/:slug/access on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  const ids: Record<string, string> = {}

  async function userId(email: string) {
    const [row] = await database.db.select().from(user).where(eq(user.email, email))
    return row!.id
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database, { ADMIN_EMAILS: 'boss@example.com' }).app
    const rows = await database.db
      .insert(products)
      .values([
        { slug: 'scroll-of-antioch', name: 'The Scroll of Antioch', priceCents: 4999 },
        { slug: 'pilgrims-cipher', name: "Pilgrim's Cipher", priceCents: 2999 },
        { slug: 'retired-box', name: 'Retired', priceCents: 1000, status: 'draft' as const },
      ])
      .returning()
    for (const row of rows) ids[row.slug] = row.id
  })
  afterAll(async () => {
    await database?.destroy()
  })

  const access = (b: ReturnType<typeof browser>, slug = 'scroll-of-antioch') =>
    b.json<AccessBody>(`/api/products/${slug}/access`)

  it('answers false, not 401, to a signed-out visitor', async () => {
    const res = await access(browser(app))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: { hasAccess: false } })
    expect(res.headers.get('cache-control')).toContain('no-store')
  })

  it('answers false to a customer without a paid order, true once one is paid or completed', async () => {
    const b = browser(app)
    await b.signUp('timothy@example.com')
    expect((await access(b)).body.data.hasAccess).toBe(false)

    const uid = await userId('timothy@example.com')
    const [order] = await database.db
      .insert(orders)
      .values({
        userId: uid,
        email: 'timothy@example.com',
        productId: ids['scroll-of-antioch']!,
        amountCents: 4999,
        provider: 'test',
        status: 'pending',
      })
      .returning()
    expect((await access(b)).body.data.hasAccess).toBe(false)

    for (const status of ['failed', 'cancelled', 'refunded'] as const) {
      await database.db.update(orders).set({ status }).where(eq(orders.id, order!.id))
      expect((await access(b)).body.data.hasAccess, status).toBe(false)
    }
    // "paid" is an order whose first box the buyer owned already: its boxes are theirs (issue 32).
    for (const status of ['paid', 'completed'] as const) {
      await database.db.update(orders).set({ status }).where(eq(orders.id, order!.id))
      expect((await access(b)).body, status).toEqual({ data: { hasAccess: true } })
    }
    // Owning one product says nothing about another.
    expect((await access(b, 'pilgrims-cipher')).body.data.hasAccess).toBe(false)
  })

  it('does not lend one customer’s purchase to another', async () => {
    const b = browser(app)
    await b.signUp('eunice@example.com')
    expect((await access(b)).body.data.hasAccess).toBe(false)
  })

  it('counts an admin grant (a completed order of 0) as access', async () => {
    const b = browser(app)
    await b.signUp('lois@example.com')
    await database.db.insert(orders).values({
      userId: await userId('lois@example.com'),
      email: 'lois@example.com',
      productId: ids['pilgrims-cipher']!,
      amountCents: 0,
      provider: 'admin',
      status: 'completed',
    })
    expect((await access(b, 'pilgrims-cipher')).body.data.hasAccess).toBe(true)
  })

  it('answers true to an admin for every product', async () => {
    const admin = await signInListedAdmin(app, database, 'boss@example.com')
    expect((await access(admin)).body.data.hasAccess).toBe(true)
    expect((await access(admin, 'pilgrims-cipher')).body.data.hasAccess).toBe(true)
  })

  it('answers 404 for an unknown or inactive product and 400 for a malformed slug', async () => {
    for (const slug of ['no-such-box', 'retired-box']) {
      const res = await browser(app).json<ErrorBody>(`/api/products/${slug}/access`)
      expect(res.status, slug).toBe(404)
      expect(res.body.error.code).toBe('not_found')
    }
    const bad = await browser(app).json<ErrorBody>('/api/products/Not_A_Slug/access')
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('validation_failed')
  })
})
