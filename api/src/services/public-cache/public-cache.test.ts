import { gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { categories, orders, products, resources } from '../../db/schema'
import type { Actors } from '../../security/actors'
import { insertTeachingResourcesCategory } from '../../test/catalog'
import { DRIVERS } from '../../test/database'
import { useTestAppWithActors } from '../../test/use-test-app'
import { createMemoryStore, createPublicCache, matchesEtag } from '.'

type Listing = { data: { slug: string; title: string }[] }

describe.each(DRIVERS)('public read cache on %s', (driver) => {
  const setup = useTestAppWithActors(driver, `cache-${driver}`)
  let draftId: string
  let liveId: string

  beforeAll(async () => {
    const categoryId = await insertTeachingResourcesCategory(setup.database)
    const rows = await setup.database.db
      .insert(resources)
      .values([
        {
          slug: 'psalm-draft',
          title: 'Psalm Draft',
          categoryId,
          published: false,
          isFeatured: true,
        },
        { slug: 'ark-live', title: 'Ark Live', categoryId, published: true, isFeatured: true },
      ])
      .returning({ id: resources.id })
    draftId = rows[0]!.id
    liveId = rows[1]!.id
    await setup.database.db
      .insert(products)
      .values({ slug: 'cache-box', name: 'Cache Box', priceCents: 4200 })
  })

  const slugs = async (path: string) =>
    ((await setup.actors.anonymous.json<Listing>(path)).body?.data ?? []).map((r) => r.slug)

  /** Polls a public read until `check` holds; returns how long that took. */
  async function visibleWithin(check: () => Promise<boolean>, ms = 1000): Promise<number> {
    const started = Date.now()
    while (!(await check())) {
      if (Date.now() - started > ms) throw new Error(`not visible within ${ms} ms`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    return Date.now() - started
  }

  it('shows an editor’s publish, unpublish and delete publicly within a second', async () => {
    const lists = [
      '/api/resources/featured',
      '/api/resources?category=teaching-resources',
      '/api/resources?q=psalm',
    ]
    // Prime the cache: the draft is nowhere.
    for (const path of lists) expect(await slugs(path)).not.toContain('psalm-draft')
    expect((await setup.actors.anonymous.request('/api/resources/item/psalm-draft')).status).toBe(404)
    const counts = async () =>
      (
        await setup.actors.anonymous.json<{ data: { slug: string; resourceCount: number }[] }>(
          '/api/resources/categories',
        )
      ).body.data[0]?.resourceCount
    expect(await counts()).toBe(1)

    const publish = await setup.actors.editor.request(`/api/admin/resources/${draftId}/published`, {
      method: 'PATCH',
      body: { published: true },
    })
    expect(publish.status).toBe(200)
    for (const path of lists) await visibleWithin(async () => (await slugs(path)).includes('psalm-draft'))
    await visibleWithin(
      async () => (await setup.actors.anonymous.request('/api/resources/item/psalm-draft')).status === 200,
    )
    await visibleWithin(async () => (await counts()) === 2)

    await setup.actors.editor.request(`/api/admin/resources/${draftId}/published`, {
      method: 'PATCH',
      body: { published: false },
    })
    await visibleWithin(async () => !(await slugs('/api/resources/featured')).includes('psalm-draft'))
    await visibleWithin(
      async () => (await setup.actors.anonymous.request('/api/resources/item/psalm-draft')).status === 404,
    )

    expect(await slugs('/api/resources/featured')).toContain('ark-live')
    const removed = await setup.actors.admin.request(`/api/admin/resources/${liveId}`, { method: 'DELETE' })
    expect(removed.status).toBe(200)
    await visibleWithin(async () => !(await slugs('/api/resources/featured')).includes('ark-live'))
    await visibleWithin(async () => (await counts()) === 0)
  })

  it('shows a price change made in the database once the write path invalidates', async () => {
    const price = async () =>
      (await setup.actors.anonymous.json<{ data: { price: number } }>('/api/products/cache-box')).body.data
        .price
    expect(await price()).toBe(4200)
    await setup.database.db.update(products).set({ priceCents: 3900 }).where(eq(products.slug, 'cache-box'))
    // Not yet: the cache holds the answer until the write tells it.
    expect(await price()).toBe(4200)
    await setup.deps.publicCache.invalidate('catalog')
    await visibleWithin(async () => (await price()) === 3900)
  })

  it('answers 304 to a matching ETag and tells a CDN (not browsers) it may serve stale while revalidating', async () => {
    const first = await setup.actors.anonymous.request('/api/resources?category=teaching-resources')
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/".+"$/)
    // Browsers always revalidate (never show a stale answer themselves); a CDN may, briefly.
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    expect(first.headers.get('cdn-cache-control')).toContain('stale-while-revalidate=')
    const again = await setup.actors.anonymous.request('/api/resources?category=teaching-resources', {
      headers: { 'If-None-Match': etag! },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    const other = await setup.actors.anonymous.request('/api/resources?category=teaching-resources', {
      headers: { 'If-None-Match': 'W/"something-else"' },
    })
    expect(other.status).toBe(200)
  })

  it('sends gzip (made once) to clients that take it, the same JSON; a small answer as it is', async () => {
    const [category] = await setup.database.db
      .insert(categories)
      .values({ slug: 'long-reads', name: 'Long Reads' })
      .returning({ id: categories.id })
    await setup.database.db.insert(resources).values({
      slug: 'long-read',
      title: 'Long Read',
      description: 'In the beginning was the Word. '.repeat(100),
      categoryId: category!.id,
      published: true,
    })
    await setup.deps.publicCache.invalidate('resources')
    const path = '/api/resources?category=long-reads'
    const plain = await setup.actors.anonymous.request(path)
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(1024)
    const zipped = await setup.app.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text)
    // Under a kilobyte, gzip saves nothing worth a zlib stream.
    const small = await setup.app.request('/api/resources/categories', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(((await small.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0)
  })

  it('answers HEAD as GET (status and headers, no body), with the security headers and a request id', async () => {
    const path = '/api/resources?category=teaching-resources'
    const variants: Record<string, string>[] = [{}, { 'Accept-Encoding': 'gzip' }]
    for (const headers of variants) {
      const get = await setup.app.request(path, { headers })
      const head = await setup.app.request(path, { method: 'HEAD', headers })
      expect(head.status).toBe(200)
      expect(await head.text()).toBe('')
      for (const name of [
        'etag',
        'cache-control',
        'cdn-cache-control',
        'content-type',
        'vary',
        'content-encoding',
      ])
        expect(head.headers.get(name), name).toBe(get.headers.get(name))
      for (const res of [get, head]) {
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
        expect(res.headers.get('x-request-id')).toBeTruthy()
      }
    }
    expect(
      (await setup.app.request(path, { method: 'HEAD', headers: { 'If-None-Match': '*' } })).status,
    ).toBe(304)
  })

  it('never serves one visitor’s private answer to another', async () => {
    const [product] = await setup.database.db.select().from(products).where(eq(products.slug, 'cache-box'))
    await setup.database.db.insert(orders).values({
      userId: setup.actors.ids.customer,
      email: 'customer@matrix.test',
      productId: product!.id,
      amountCents: 3900,
      provider: 'test',
      status: 'completed',
    })
    const access = (who: keyof Actors) =>
      (setup.actors[who] as Actors['anonymous']).json<{ data: { hasAccess: boolean } }>(
        '/api/products/cache-box/access',
      )
    const mine = await access('customer')
    expect(mine.body.data.hasAccess).toBe(true)
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    expect(mine.headers.get('etag')).toBeNull()
    expect((await access('otherCustomer')).body.data.hasAccess).toBe(false)
    expect((await access('anonymous')).body.data.hasAccess).toBe(false)

    // A signed-in reader of a public answer gets the very same bytes as a visitor, nothing of theirs.
    const signedIn = await setup.actors.admin.request('/api/resources/featured')
    const visitor = await setup.actors.anonymous.request('/api/resources/featured')
    const body = await signedIn.text()
    expect(body).toBe(await visitor.text())
    expect(body).not.toContain('@matrix.test')
    expect(signedIn.headers.getSetCookie()).toEqual([])
  })
})

describe('public cache store', () => {
  it('does not keep an answer computed while a write invalidated it', async () => {
    const cache = createPublicCache(createMemoryStore())
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let computed = 0
    const slow = cache.read('resources', 'k', async () => {
      computed++
      await gate
      return { v: 'old' }
    })
    await cache.invalidate('resources')
    release()
    expect(JSON.parse((await slow).body)).toEqual({ v: 'old' })
    // The stale answer was not stored: the next read computes again.
    const next = await cache.read('resources', 'k', async () => {
      computed++
      return { v: 'new' }
    })
    expect(JSON.parse(next.body)).toEqual({ v: 'new' })
    expect(computed).toBe(2)
  })

  it('computes concurrent misses once and expires entries after the TTL', async () => {
    const cache = createPublicCache(createMemoryStore(), 50)
    let computed = 0
    const compute = async () => {
      computed++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return { n: computed }
    }
    await Promise.all(Array.from({ length: 20 }, () => cache.read('catalog', 'k', compute)))
    expect(computed).toBe(1)
    await cache.read('catalog', 'k', compute)
    expect(computed).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 60))
    await cache.read('catalog', 'k', compute)
    expect(computed).toBe(2)
  })

  it('compares ETags weakly, in lists and with *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true)
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true)
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(matchesEtag('*', 'W/"abc"')).toBe(true)
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false)
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false)
  })
})
