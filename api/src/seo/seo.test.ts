import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products, resources } from '../db/schema'
import { createTestApp } from '../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import type { AppEnv } from '../types'

describe.each(DRIVERS)('robots.txt and sitemap.xml on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database, { PUBLIC_URL: 'https://shop.example.com' }).app as unknown as Hono<AppEnv>
    const [category] = await database.db
      .insert(categories)
      .values({ slug: 'teaching-resources', name: 'Teaching Resources' })
      .returning({ id: categories.id })
    await database.db.insert(resources).values([
      {
        slug: 'creation-week',
        title: 'Creation Week',
        categoryId: category!.id,
        published: true,
        updatedAt: new Date('2026-03-04T05:06:07Z'),
      },
      { slug: 'secret-draft', title: 'Draft', categoryId: category!.id, published: false },
      { slug: 'noahs-ark-page-1', title: 'Ark page', categoryId: category!.id, published: true },
    ])
    await database.db.insert(products).values([
      { slug: 'scroll-of-antioch', name: 'The Scroll of Antioch', priceCents: 4999 },
      {
        slug: 'pilgrims-cipher',
        name: "Pilgrim's Cipher",
        priceCents: 2999,
        status: 'coming_soon',
        updatedAt: new Date('2026-05-06T07:08:09Z'),
      },
      { slug: 'secret-box', name: 'Secret box', priceCents: 1000, status: 'draft' },
    ])
  }, 120_000)
  afterAll(() => database?.destroy())

  it('keeps the console, the puzzles, checkout and the API out, and points at the sitemap', async () => {
    const res = await app.request('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    for (const path of ['/admin', '/puzzle', '/checkout', '/api/'])
      expect(text.split('\n')).toContain(`Disallow: ${path}`)
    expect(text).toContain('Sitemap: https://shop.example.com/sitemap.xml')
  })

  it('lists the public pages, the categories and the published resources with lastmod', async () => {
    const res = await app.request('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    for (const path of [
      '/',
      '/shop',
      '/scroll-of-antioch',
      '/resources',
      '/faq',
      '/kids-activities-colouring/bible-verses',
    ])
      expect(locs).toContain(`https://shop.example.com${path}`)
    expect(locs).toContain('https://shop.example.com/resources/teaching-resources')
    expect(xml).toContain(
      '<url><loc>https://shop.example.com/resources/item/creation-week</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>',
    )
    expect(xml).toMatch(/teaching-resources<\/loc><lastmod>2026-03-04T05:06:07.000Z<\/lastmod>/)
    // Each product a visitor may see, on its own page; the Scroll's is its spec address, once.
    expect(xml).toContain(
      '<url><loc>https://shop.example.com/experiences/pilgrims-cipher</loc><lastmod>2026-05-06T07:08:09.000Z</lastmod></url>',
    )
    expect(locs.filter((l) => l?.endsWith('scroll-of-antioch'))).toEqual([
      'https://shop.example.com/scroll-of-antioch',
    ])
    expect(xml).not.toContain('secret-box')
    // Not drafts, not gallery pages (their gallery is listed), nothing robots.txt keeps out.
    expect(xml).not.toContain('secret-draft')
    expect(xml).not.toContain('noahs-ark-page-1')
    for (const path of ['/admin', '/puzzle', '/checkout', '/account', '/auth', ':'])
      expect(locs.some((l) => l?.replace('https://', '').includes(path))).toBe(false)
  })
})
