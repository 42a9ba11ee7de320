import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../../types'
import { cacheControlFor, IMMUTABLE, NO_CACHE, resolveInside, serveApps } from '.'

const REMOTES = {
  storefront: '/apps/storefront/mf-manifest.json',
  'resources-app': 'https://cdn.example.com/resources/mf-manifest.json',
  'puzzle-app': '/apps/puzzle-app/mf-manifest.json',
  'admin-app': '/apps/admin-app/mf-manifest.json',
}

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  writeFileSync(path.join(root, file), text)
}

let app: Hono<AppEnv>
let appsDir: string
beforeAll(() => {
  appsDir = mkdtempSync(path.join(tmpdir(), 'lamplight-apps-'))
  write(appsDir, 'shell/dist/index.html', '<!doctype html><div id="root"></div>')
  write(appsDir, 'shell/dist/static/js/index.0123abcd89.js', 'console.log(1)')
  write(appsDir, 'shell/dist/favicon.svg', '<svg/>')
  write(appsDir, 'storefront/dist/mf-manifest.json', '{"id":"storefront"}')
  write(appsDir, 'storefront/dist/static/js/storefront.89abcdef01.js', 'var storefront')
  write(appsDir, 'secret.txt', 'do not serve')
  const js = path.join(appsDir, 'storefront/dist/static/js/storefront.89abcdef01.js')
  writeFileSync(`${js}.br`, brotliCompressSync('var storefront'))
  writeFileSync(`${js}.gz`, gzipSync('var storefront'))
  app = new Hono<AppEnv>()
  app.get('/api/health', (c) => c.json({ ok: true }))
  write(appsDir, 'releases/storefront/1.2.0-abc1234/mf-manifest.json', '{"id":"storefront@1.2.0"}')
  write(appsDir, 'releases/storefront/1.2.0-abc1234/remoteEntry.js', 'var entry')
  const snapshot = { remotes: REMOTES, etag: '"abc"' }
  app.use(
    serveApps({
      visitorSecret: 'visitor-secret-for-tests',
      appsDir,
      remotes: { snapshot: async () => snapshot },
      releasesDir: path.join(appsDir, 'releases'),
    }),
  )
})

describe('serveApps', () => {
  it('before the first build, answers a page that says so (never cached)', async () => {
    const bare = new Hono<AppEnv>()
    const snapshot = { remotes: REMOTES, etag: '"abc"' }
    bare.use(
      serveApps({
        visitorSecret: 'visitor-secret-for-tests',
        appsDir: mkdtempSync(path.join(tmpdir(), 'lamplight-unbuilt-')),
        remotes: { snapshot: async () => snapshot },
        releasesDir: path.join(appsDir, 'releases'),
      }),
    )
    const res = await bare.request('/shop')
    expect(res.status).toBe(503)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('cache-control')).toBe(NO_CACHE)
    expect(await res.text()).toContain('The site is not built yet')
  })

  it('publishes the remotes configuration, never cached', async () => {
    const res = await app.request('/remotes.json')
    expect(res.status).toBe(200)
    // Per visitor (their canaries, issue 38): private, and revalidated every time.
    expect(res.headers.get('cache-control')).toBe(`private, ${NO_CACHE}`)
    expect(res.headers.get('vary')).toBe('Cookie')
    expect(await res.json()).toEqual({ ...REMOTES, releases: {} })
    expect(res.headers.get('etag')).toBe('"abc"')
    const again = await app.request('/remotes.json', { headers: { 'If-None-Match': '"abc"' } })
    expect(again.status).toBe(304)
    expect(again.headers.get('cache-control')).toBe(`private, ${NO_CACHE}`)
    const changed = await app.request('/remotes.json', { headers: { 'If-None-Match': '"old"' } })
    expect(changed.status).toBe(200)
  })

  it('serves a published release at /apps/<remote>/<version>/, immutable', async () => {
    const manifest = await app.request('/apps/storefront/1.2.0-abc1234/mf-manifest.json')
    expect(manifest.status).toBe(200)
    expect(manifest.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(await manifest.json()).toEqual({ id: 'storefront@1.2.0' })
    expect((await app.request('/apps/storefront/1.2.0-abc1234/remoteEntry.js')).status).toBe(200)
    expect((await app.request('/apps/storefront/9.9.9/mf-manifest.json')).status).toBe(404)
    expect((await app.request('/apps/puzzle-app/1.2.0-abc1234/mf-manifest.json')).status).toBe(404)
    // The bundled build is still where it was.
    expect(await (await app.request('/apps/storefront/mf-manifest.json')).json()).toEqual({
      id: 'storefront',
    })
    const outside = await app.request('/apps/storefront/1.2.0-abc1234/..%2F..%2F..%2Fsecret.txt')
    expect(await outside.text()).not.toContain('do not serve')
  })

  it('serves hashed assets as immutable and HTML and manifests as no-cache', async () => {
    const js = await app.request('/static/js/index.0123abcd89.js')
    expect(js.status).toBe(200)
    expect(js.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(js.headers.get('content-type')).toContain('text/javascript')
    const manifest = await app.request('/apps/storefront/mf-manifest.json')
    expect(manifest.headers.get('cache-control')).toBe(NO_CACHE)
    expect(await manifest.json()).toEqual({ id: 'storefront' })
    const remote = await app.request('/apps/storefront/static/js/storefront.89abcdef01.js')
    expect(remote.headers.get('cache-control')).toBe(IMMUTABLE)
    const html = await app.request('/')
    expect(html.headers.get('cache-control')).toBe(NO_CACHE)
    expect(html.headers.get('content-type')).toContain('text/html')
  })

  it("answers a page path of the route map with the shell's HTML, 200", async () => {
    for (const p of [
      '/',
      '/about',
      '/shop/',
      '/resources/item/x',
      '/resources/teaching-resources',
      '/auth',
    ]) {
      const res = await app.request(p)
      expect(res.status, p).toBe(200)
      expect(await res.text()).toContain('<div id="root">')
    }
  })

  it("answers a path no route owns with the shell's HTML (its 404 page) and status 404", async () => {
    for (const p of ['/no/such/page', '/shopping', '/resources/item/x/extra', '/admin/nope']) {
      const res = await app.request(p)
      expect(res.status, p).toBe(404)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('cache-control')).toBe(NO_CACHE)
      expect(await res.text()).toContain('<div id="root">')
    }
    expect((await app.request('/no/such/page', { method: 'HEAD' })).status).toBe(404)
    // Asked for by browsers on pages that name no icon: the SVG icon, not a 404 in the console.
    const icon = await app.request('/favicon.ico')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml\b/)
  })

  it('answers a form the browser posted to a page (before hydration, scripts off) by loading the page again, reading nothing', async () => {
    const body = new URLSearchParams({ email: 'ada@example.com', password: 'secret-pass-123' })
    const signIn = await app.request('/auth', { method: 'POST', body })
    expect(signIn.status).toBe(303)
    expect(signIn.headers.get('location')).toBe('/auth')
    expect(await signIn.text()).toBe('')
    // A reset link keeps its token; a product page its own path.
    const reset = await app.request('/auth/reset-password?token=abc', { method: 'POST', body })
    expect(reset.headers.get('location')).toBe('/auth/reset-password?token=abc')
    expect((await app.request('/contact', { method: 'POST', body })).headers.get('location')).toBe('/contact')
    // Only our own pages, and never to another origin.
    expect((await app.request('/no-such-page', { method: 'POST', body })).status).toBe(404)
    for (const sneaky of ['//evil.example/auth', '/\\evil.example']) {
      const res = await app.request(`http://localhost${sneaky}`, { method: 'POST', body })
      const location = res.headers.get('location')
      if (location !== null) expect(location).toMatch(/^\/[^/\\]/)
    }
  })

  it('never lets a cache keep a page whose address holds a key (a reset token, a payment session)', async () => {
    for (const url of ['/auth/reset-password?token=abc', '/checkout?session_id=cs_test_123']) {
      const res = await app.request(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control'), url).toBe('private, no-store')
    }
    expect((await app.request('/checkout')).headers.get('cache-control')).toBe(NO_CACHE)
  })

  it('serves the brotli or gzip copy the build made when the client takes it', async () => {
    const plain = await app.request('/apps/storefront/static/js/storefront.89abcdef01.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('var storefront')
    const br = await app.request('/apps/storefront/static/js/storefront.89abcdef01.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('var storefront')
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'))
    const gz = await app.request('/apps/storefront/static/js/storefront.89abcdef01.js', {
      headers: { 'Accept-Encoding': 'gzip, br;q=0' },
    })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('var storefront')
    // No copy beside it: as it is.
    const other = await app.request('/static/js/index.0123abcd89.js', {
      headers: { 'Accept-Encoding': 'br' },
    })
    expect(other.headers.get('content-encoding')).toBeNull()
  })

  it('answers missing assets with a plain 404, not HTML', async () => {
    expect((await app.request('/static/js/gone.0123abcd89.js')).status).toBe(404)
    expect((await app.request('/apps/storefront/nope.js')).status).toBe(404)
    expect((await app.request('/apps/unknown-remote/mf-manifest.json')).status).toBe(404)
  })

  it('revalidates with ETags', async () => {
    const first = await app.request('/apps/storefront/mf-manifest.json')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const second = await app.request('/apps/storefront/mf-manifest.json', {
      headers: { 'If-None-Match': etag! },
    })
    expect(second.status).toBe(304)
  })

  it('never leaves the app folders', async () => {
    for (const p of [
      '/apps/storefront/..%2F..%2Fsecret.txt',
      '/..%2Fsecret.txt',
      '/apps/storefront/%2e%2e/%2e%2e/secret.txt',
    ]) {
      const res = await app.request(p)
      expect(await res.text(), p).not.toContain('do not serve')
    }
    expect(resolveInside('/srv/app', '../etc/passwd')).toBeNull()
    expect(resolveInside('/srv/app', '%E0%A4%A')).toBeNull()
    expect(resolveInside('/srv/app', 'a\0b')).toBeNull()
    expect(resolveInside('/srv/app', 'static/x.js')).toBe('/srv/app/static/x.js')
  })

  it('leaves /api to the API', async () => {
    expect(await (await app.request('/api/health')).json()).toEqual({ ok: true })
  })

  it('classifies cache lifetimes by path', () => {
    expect(cacheControlFor('static/js/async/12.a1b2c3d4e5.js')).toBe(IMMUTABLE)
    expect(cacheControlFor('static/css/index.a1b2c3d4e5.css')).toBe(IMMUTABLE)
    expect(cacheControlFor('mf-manifest.json')).toBe(NO_CACHE)
    expect(cacheControlFor('remoteEntry.js')).toBe(NO_CACHE)
    expect(cacheControlFor('index.html')).toBe(NO_CACHE)
  })
})
