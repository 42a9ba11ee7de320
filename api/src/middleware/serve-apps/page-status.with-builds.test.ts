import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, resources } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { requireBuilds } from '../../test/builds'
import { insertTeachingResourcesCategory } from '../../test/catalog'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import type { AppEnv } from '../../types'

// The real builds (`npm run build`): the shell and its server renderer, and the remotes' server builds.
requireBuilds(
  'shell/dist/index.html',
  'shell/dist-server/index.cjs',
  'resources-app/dist/server/mf-manifest.json',
  'storefront/dist/server/mf-manifest.json',
)

const NOINDEX = /<meta name="robots" content="noindex"\/?>/

/** Issue 39, item 6: an address that names nothing is a 404, and HEAD says what GET would. */
describe.each(DRIVERS)('page status codes through the real app on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database, { SERVE_APPS: 'true', SERVER_RENDER_DEADLINE_MS: '10000' })
      .app as unknown as Hono<AppEnv>
    const categoryId = await insertTeachingResourcesCategory(database)
    await database.db.insert(resources).values({
      slug: 'known-worksheet',
      title: 'Known Worksheet',
      categoryId,
      published: true,
    })
    await database.db.insert(resources).values({
      slug: 'draft-worksheet',
      title: 'Draft Worksheet',
      categoryId,
      published: false,
    })
    await database.db.insert(products).values([
      { slug: 'known-box', name: 'Known Box', priceCents: 4200 },
      { slug: 'retired-box', name: 'Retired Box', priceCents: 4200, status: 'draft' as const },
    ])
  }, 120_000)
  afterAll(() => database?.destroy())

  async function page(url: string) {
    const res = await app.request(url)
    return { status: res.status, html: await res.text() }
  }

  it.each([
    ['/resources/item/no-such-thing', 'Resource Not Found'],
    ['/resources/item/draft-worksheet', 'Resource Not Found'],
    ['/resources/print/no-such-thing', 'Resource Not Found'],
    ['/resources/no-such-category', 'Category Not Found'],
    ['/kids-activities-colouring/no-such-gallery', 'Oops! Page not found'],
  ])(
    '%s: 404, the page rendered on the server says "%s", and it is not to be indexed',
    async (url, heading) => {
      const res = await page(url)
      expect(res.status).toBe(404)
      // The not-found screen itself, rendered on the server (not a spinner the browser replaces).
      expect(res.html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`))
      expect(res.html).not.toContain('data-remote-loading')
      expect(res.html).toMatch(NOINDEX)
      // Hoisted into the head, where search engines read it.
      expect(res.html.indexOf('noindex')).toBeLessThan(res.html.indexOf('</head>'))
    },
    60_000,
  )

  it.each([
    ['/resources/item/known-worksheet', 'Known Worksheet'],
    ['/resources/print/known-worksheet', 'Known Worksheet'],
    ['/resources/teaching-resources', 'Teaching Resources'],
    ['/kids-activities-colouring/bible-verses', 'Bible Verses Colouring Pages'],
  ])(
    '%s: 200 with its content, indexable',
    async (url, heading) => {
      const res = await page(url)
      expect(res.status).toBe(200)
      expect(res.html).toContain(heading)
      expect(res.html).not.toMatch(NOINDEX)
    },
    60_000,
  )

  it.each(['/checkout', '/puzzle'])(
    '%s/<product>: 404 and noindex for a product the catalog does not sell, 200 for one it does',
    async (prefix) => {
      for (const slug of ['no-such-product', 'retired-box', 'Not_A_Slug']) {
        const res = await page(`${prefix}/${slug}`)
        expect(res.status, slug).toBe(404)
        // Still the shell's page: it runs and says "Product Not Found" (or where to go) itself.
        expect(res.html, slug).toContain('<div id="root"></div>')
        expect(res.html, slug).toMatch(NOINDEX)
      }
      const known = await page(`${prefix}/known-box`)
      expect(known.status).toBe(200)
      expect(known.html).toContain('<div id="root"></div>')
      expect(known.html).not.toMatch(NOINDEX)
    },
    60_000,
  )

  /** Headers that differ between any two answers (the time, the request's own id). */
  // A first visit gets a fresh random visitor id (issue 38): the cookie's name and attributes compare, not its value.
  const headersOf = (res: Response) =>
    Object.fromEntries(
      [...res.headers]
        .filter(([name]) => !['date', 'x-request-id'].includes(name))
        .map(([name, value]) => [name, name === 'set-cookie' ? value.replace(/=[^;]*/, '=<id>') : value]),
    )

  it.each([
    '/',
    '/about',
    '/resources/item/known-worksheet',
    '/resources/item/no-such-thing',
    '/resources/no-such-category',
    '/checkout/known-box',
    '/checkout/no-such-product',
    '/no-such-page',
  ])(
    'HEAD %s answers what GET does: the same status and headers, no body',
    async (url) => {
      const get = await app.request(url)
      const getBody = await get.text()
      const head = await app.request(url, { method: 'HEAD' })
      expect(head.status).toBe(get.status)
      expect(headersOf(head)).toEqual(headersOf(get))
      expect(await head.text()).toBe('')
      // The length is the page's, not the empty shell's.
      expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(getBody))
    },
    60_000,
  )
})
