import { eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, downloadClaims, fileAssets, resources } from '../../db/schema'
import { sizedThumbKey } from '../../lib/uploads/sized-thumbnail'
import { type Actors, createActors } from '../../security/actors'
import { createTestApp } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import type { AppEnv } from '../../types'
import { contentDisposition } from './files-routes'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])
const PDF = new TextEncoder().encode('%PDF-1.7\n%fake but real bytes\n')

/** The longest a shared cache (a CDN) may keep a file before asking again (decision 033). */
const SHORT_LIFETIME = 60

/**
 * How long these headers let a shared cache serve its copy without asking us: s-maxage, else
 * max-age; Infinity when it may serve it stale beyond that (no must-revalidate or
 * proxy-revalidate, or stale-while-revalidate / stale-if-error allow it), or is told the copy
 * never changes (immutable), or a CDN-only header says longer.
 */
function sharedCacheLifetime(headers: Headers): number {
  const directives = (value: string | null) =>
    new Map(
      (value ?? '')
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean)
        .map((part) => {
          const [name, arg] = part.split('=')
          return [name!, arg ?? ''] as const
        }),
    )
  const cc = directives(headers.get('cache-control'))
  if (cc.has('no-store') || cc.has('private')) return 0
  for (const cdnOnly of ['cdn-cache-control', 'surrogate-control'])
    if (headers.get(cdnOnly)) return Number.POSITIVE_INFINITY
  if (cc.has('immutable') || cc.has('stale-while-revalidate') || cc.has('stale-if-error'))
    return Number.POSITIVE_INFINITY
  if (!cc.has('must-revalidate') && !cc.has('proxy-revalidate')) return Number.POSITIVE_INFINITY
  return Number(cc.get('s-maxage') ?? cc.get('max-age') ?? 0)
}

describe.each(DRIVERS)('file downloads on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  let storage: ReturnType<typeof createTestApp>['storage']
  let lambThumb: Uint8Array
  let actors: Actors
  const ids = {
    png: '',
    pdf: '',
    draft: '',
    missing: '',
    resource: '',
    draftResource: '',
    lamb: '',
    wren: '',
    wrenPdf: '',
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    const testApp = createTestApp(database)
    app = testApp.app
    storage = testApp.storage
    // A real thumbnail as the seed makes them: a 400 x 518 PNG.
    lambThumb = new Uint8Array(
      await sharp({ create: { width: 400, height: 518, channels: 3, background: '#c33' } })
        .png()
        .toBuffer(),
    )
    await testApp.storage.put('thumbs/lamb.png', lambThumb)
    await testApp.storage.put('resources/dove/dove-page.png', PNG)
    await testApp.storage.put('resources/dove/guide.pdf', PDF)
    await testApp.storage.put('thumbs/dove.png', PNG)
    await testApp.storage.put('resources/draft/x.png', PNG)
    const db = database.db
    const [cat] = await db.insert(categories).values({ slug: 'kids', name: 'Kids' }).returning()
    const [dove, draft] = await db
      .insert(resources)
      .values([
        { slug: 'dove', title: 'Dove', categoryId: cat!.id, published: true, thumbKey: 'thumbs/dove.png' },
        { slug: 'draft', title: 'Draft', categoryId: cat!.id, published: false, thumbKey: 'thumbs/dove.png' },
        { slug: 'lamb', title: 'Lamb', categoryId: cat!.id, published: true, thumbKey: 'thumbs/lamb.png' },
      ])
      .returning()
    ids.lamb = (await db.select().from(resources).where(eq(resources.slug, 'lamb')))[0]!.id
    ids.resource = dove!.id
    ids.draftResource = draft!.id
    const files = await db
      .insert(fileAssets)
      .values([
        {
          resourceId: dove!.id,
          storageKey: 'resources/dove/dove-page.png',
          filename: 'Dove – page.png',
          mimeType: 'image/png',
          sizeBytes: PNG.length,
        },
        {
          resourceId: dove!.id,
          storageKey: 'resources/dove/guide.pdf',
          filename: 'guide.pdf',
          mimeType: 'application/pdf',
          sizeBytes: PDF.length,
          pages: 1,
        },
        {
          resourceId: draft!.id,
          storageKey: 'resources/draft/x.png',
          filename: 'x.png',
          mimeType: 'image/png',
          sizeBytes: PNG.length,
        },
        {
          resourceId: dove!.id,
          storageKey: 'resources/dove/gone.png',
          filename: 'gone.png',
          mimeType: 'image/png',
          sizeBytes: 1,
        },
      ])
      .returning()
    ids.png = files[0]!.id
    ids.pdf = files[1]!.id
    ids.draft = files[2]!.id
    ids.missing = files[3]!.id
    // A published resource that the unpublishing test takes down.
    await testApp.storage.put('resources/wren/wren.pdf', PDF)
    await testApp.storage.put('thumbs/wren.png', lambThumb)
    const [wren] = await db
      .insert(resources)
      .values({
        slug: 'wren',
        title: 'Wren',
        categoryId: cat!.id,
        published: true,
        thumbKey: 'thumbs/wren.png',
      })
      .returning()
    ids.wren = wren!.id
    const [wrenPdf] = await db
      .insert(fileAssets)
      .values({
        resourceId: wren!.id,
        storageKey: 'resources/wren/wren.pdf',
        filename: 'wren.pdf',
        mimeType: 'application/pdf',
        sizeBytes: PDF.length,
        pages: 1,
      })
      .returning()
    ids.wrenPdf = wrenPdf!.id
    actors = await createActors(app as unknown as Hono<AppEnv>, database, `files-${driver}`)
  }, 120_000)
  afterAll(async () => {
    await database?.destroy()
  })

  const downloads = async () =>
    (await database.db.select().from(resources).where(eq(resources.id, ids.resource)))[0]!.downloads

  it('downloads a file as an attachment with its type, bytes and name, and counts it', async () => {
    const page = async () =>
      ((await (await app.request('/api/resources/item/dove')).json()) as { data: { downloads: number } }).data
        .downloads
    // The resource's page is in the public cache before the download...
    expect(await page()).toBe(0)
    const res = await app.request(`/api/files/${ids.png}/download`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Dove _ page.png"; filename*=UTF-8''Dove%20%E2%80%93%20page.png`,
    )
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG)
    expect(await downloads()).toBe(1)
    // ...and shows the new count right after it.
    expect(await page()).toBe(1)
  })

  it('shows a file inline for printing without counting it', async () => {
    const res = await app.request(`/api/files/${ids.pdf}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="guide.pdf"/)
    expect(await res.text()).toContain('%PDF-1.7')
    expect(await downloads()).toBe(1)
  })

  const download = (id: string, ip: string, method = 'GET') =>
    app.request(`/api/files/${id}/download`, { method, headers: { 'X-Forwarded-For': ip } })

  it('counts 50 concurrent downloads by 50 visitors exactly', async () => {
    const before = await downloads()
    const responses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const r = await download(ids.pdf, `198.51.100.${i + 1}`)
        await r.arrayBuffer()
        return r.status
      }),
    )
    expect(responses.every((s) => s === 200)).toBe(true)
    expect(await downloads()).toBe(before + 50)
  })

  it('counts a HEAD as nothing, and 20 repeats by one visitor within a minute, concurrent or not, as one', async () => {
    const before = await downloads()
    const head = await download(ids.pdf, '192.0.2.77', 'HEAD')
    expect(head.status).toBe(200)
    expect(await downloads()).toBe(before)
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => (await download(ids.pdf, '192.0.2.77')).status),
    )
    for (let i = 0; i < 10; i++) statuses.push((await download(ids.png, '192.0.2.77')).status)
    expect(statuses.every((s) => s === 200)).toBe(true)
    // Both files are of one resource: one visitor, one download.
    expect(await downloads()).toBe(before + 1)
    // The window has passed: counted again.
    await database.db
      .update(downloadClaims)
      .set({ countedAt: new Date(Date.now() - 61_000) })
      .where(eq(downloadClaims.client, 'ip:192.0.2.77'))
    await download(ids.pdf, '192.0.2.77')
    expect(await downloads()).toBe(before + 2)
  })

  it("keeps drafts' files and missing files private, and counts nothing for them", async () => {
    const before = await downloads()
    expect((await app.request(`/api/files/${ids.draft}/download`)).status).toBe(404)
    expect((await app.request(`/api/files/${ids.draft}`)).status).toBe(404)
    expect((await app.request(`/api/files/${ids.missing}/download`)).status).toBe(404)
    expect((await app.request('/api/files/00000000-0000-4000-8000-000000000000/download')).status).toBe(404)
    expect(await downloads()).toBe(before)
  })

  it('never lets a request path reach the file system', async () => {
    for (const path of [
      '/api/files/..%2F..%2Fpackage.json/download',
      '/api/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/api/files/resources%2Fdove%2Fguide.pdf',
      '/api/files/thumbs/..%2Fthumbs%2Fdove.png',
    ]) {
      const res = await app.request(path)
      expect(res.status, path).toBe(400)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed')
    }
    const dotted = await app.request('/api/files/../../api/package.json')
    expect([400, 404]).toContain(dotted.status)
    expect(await dotted.text()).not.toContain('"name"')
  })

  it('serves thumbnails of published resources, cached a minute at most by a CDN', async () => {
    const res = await app.request(`/api/files/thumbs/${ids.resource}?v=abc`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, must-revalidate')
    expect(res.headers.get('content-type')).toBe('image/png')
    expect((await app.request(`/api/files/thumbs/${ids.draftResource}`)).status).toBe(404)
  })

  it('serves a thumbnail at a srcset width as WebP, made once and then read from storage', async () => {
    const key = sizedThumbKey('thumbs/lamb.png', lambThumb.byteLength, 240)
    expect(await storage.exists(key)).toBe(false)
    const res = await app.request(`/api/files/thumbs/${ids.lamb}?v=abc&w=240`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60, must-revalidate')
    const body = new Uint8Array(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(body.byteLength)
    const meta = await sharp(body).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 311])
    expect(await storage.exists(key)).toBe(true)

    // The second answer is the stored copy: replace it and the route sends the replacement.
    const marker = new Uint8Array(
      await sharp({ create: { width: 7, height: 9, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
    )
    await storage.put(key, marker)
    const again = await app.request(`/api/files/thumbs/${ids.lamb}?w=240`)
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(marker)
  })

  it('never enlarges a thumbnail, and refuses a width that is not a srcset width', async () => {
    const res = await app.request(`/api/files/thumbs/${ids.lamb}?w=600`)
    expect((await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).width).toBe(400)
    for (const w of ['599', '0', '-240', '240.5', 'abc', '1e9']) {
      const bad = await app.request(`/api/files/thumbs/${ids.lamb}?w=${w}`)
      expect(bad.status, w).toBe(400)
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('validation_failed')
    }
  })

  it('sends a thumbnail sharp cannot read as it is stored, never a 500', async () => {
    const res = await app.request(`/api/files/thumbs/${ids.resource}?w=400`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG)
    expect((await app.request(`/api/files/thumbs/${ids.draftResource}?w=400`)).status).toBe(404)
  })

  it('sends every file and thumbnail sandboxed (no scripts, nothing loaded) and never sniffed', async () => {
    for (const url of [
      `/api/files/${ids.pdf}`,
      `/api/files/${ids.pdf}/download`,
      `/api/files/${ids.png}`,
      `/api/files/thumbs/${ids.lamb}?v=abc`,
      `/api/files/thumbs/${ids.lamb}?v=abc&w=240`,
    ]) {
      const res = await app.request(url)
      await res.arrayBuffer()
      expect(res.status, url).toBe(200)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(
        csp.split(';').map((d) => d.trim()),
        url,
      ).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'"]))
      // The site's own policy (scripts from 'self') is not what a file gets.
      expect(csp, url).not.toContain('script-src')
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff')
    }
    const editorThumb = await actors.editor.request(`/api/admin/resources/${ids.lamb}/thumbnail`)
    expect(editorThumb.status).toBe(200)
    expect(editorThumb.headers.get('content-security-policy')).toMatch(/^sandbox;/)
  })

  it('answers a repeat with 304 while published; once unpublished, 404, and no CDN kept it past a minute', async () => {
    const fileUrl = `/api/files/${ids.wrenPdf}`
    const thumbUrl = `/api/files/thumbs/${ids.wren}?v=abc`
    const sizedUrl = `/api/files/thumbs/${ids.wren}?v=abc&w=240`
    const earlier: Record<string, Headers> = {}
    for (const url of [fileUrl, thumbUrl, sizedUrl]) {
      const res = await app.request(url)
      expect(res.status, url).toBe(200)
      await res.arrayBuffer()
      earlier[url] = res.headers
      const etag = res.headers.get('etag')
      expect(etag, url).toBeTruthy()
      const again = await app.request(url, { headers: { 'If-None-Match': etag! } })
      expect(again.status, url).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(sharedCacheLifetime(again.headers), url).toBeLessThanOrEqual(SHORT_LIFETIME)
      // Another validator is a full answer.
      expect((await app.request(url, { headers: { 'If-None-Match': 'W/"other"' } })).status).toBe(200)
    }

    const off = await actors.editor.json(`/api/admin/resources/${ids.wren}/published`, {
      method: 'PATCH',
      body: { published: false },
    })
    expect(off.status).toBe(200)
    for (const url of [fileUrl, thumbUrl, sizedUrl]) {
      expect((await app.request(url)).status, url).toBe(404)
      // A cache revalidating the copy it holds is told it is gone, not that it is current.
      const etag = earlier[url]!.get('etag')!
      expect((await app.request(url, { headers: { 'If-None-Match': etag } })).status, url).toBe(404)
      // What a shared cache got before the unpublish let it keep the file a minute at most.
      const lifetime = sharedCacheLifetime(earlier[url]!)
      expect(lifetime, `${url}: ${earlier[url]!.get('cache-control')}`).toBeLessThanOrEqual(SHORT_LIFETIME)
      expect(lifetime, url).toBeGreaterThan(0)
    }
  })
})

describe('contentDisposition', () => {
  it('quotes a safe ASCII name and keeps the exact one encoded', () => {
    expect(contentDisposition('inline', 'a"b\\c.pdf')).toBe(
      `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    )
  })
})
