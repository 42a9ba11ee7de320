import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { REPO, requireBuilds } from '../../test/builds'
import type { AppEnv } from '../../types'
import { serveApps } from '.'

// What a page waits for a remote's server build unless SERVER_RENDER_DEADLINE_MS says otherwise.
const DEFAULT_DEADLINE_MS = loadConfig({ NODE_ENV: 'test' }).serverRender?.deadlineMs ?? 0

// The real builds: the shell's server renderer and storefront's server build (`npm run build`).
requireBuilds('shell/dist-server/index.cjs', 'storefront/dist/server/mf-manifest.json')

/** A copy of storefront's build published as release `version`, changed by `edit`. */
function release(releases: string, version: string, edit: (dir: string) => void = () => {}) {
  const dir = path.join(releases, 'storefront', version)
  cpSync(path.join(REPO, 'storefront/dist'), dir, { recursive: true })
  const manifestFile = path.join(dir, 'mf-manifest.json')
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  manifest.metaData.buildInfo.buildVersion = version
  writeFileSync(manifestFile, JSON.stringify(manifest))
  edit(dir)
  return `/apps/storefront/${version}/mf-manifest.json`
}

/** How long a slow release's server entry takes to give its `./routes` module. */
const SLOW_MS = 2000

/**
 * A release whose server entry is slow, not failing: its container answers `get` (the
 * module the server asks for) only after SLOW_MS, and says so on `globalThis` (the entry
 * runs in this process) so a test can tell whether the page waited for it.
 */
function slowRelease(releases: string, version: string) {
  return release(releases, version, (dir) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'server/mf-manifest.json'), 'utf8'))
    const entry = path.join(dir, 'server', manifest.metaData.remoteEntry.name)
    const wrap = `
;{
  const container = module.exports
  const served = (globalThis.LAMPLIGHT_SLOW_ENTRY ??= {})
  module.exports = {
    ...container,
    get: (...args) =>
      new Promise((resolve) => setTimeout(resolve, ${SLOW_MS}))
        .then(() => container.get(...args))
        .finally(() => { served[${JSON.stringify(version)}] = true }),
  }
}`
    writeFileSync(entry, readFileSync(entry, 'utf8') + wrap)
    rmSync(`${entry}.br`, { force: true })
    rmSync(`${entry}.gz`, { force: true })
  })
}
const slowServed = (version: string) =>
  Boolean((globalThis as { LAMPLIGHT_SLOW_ENTRY?: Record<string, boolean> }).LAMPLIGHT_SLOW_ENTRY?.[version])

describe('server-rendered pages from the registry (real builds)', () => {
  let app: Hono<AppEnv>
  let active = ''
  let canaries: Record<string, { releaseId: string; manifestUrl: string; share: number }> = {}
  const warnings: string[] = []
  let v1 = ''
  let v2 = ''
  let missing = ''
  let throwing = ''
  let slow = ''
  let slowToo = ''
  // Read on every page: the slow release's tests set the deadline they need.
  const serverRender = {
    deadlineMs: 10_000,
    fetchApi: (request: Request) => app.fetch(request),
    publicOrigin: 'https://shop.example',
  }

  beforeAll(() => {
    const appsDir = mkdtempSync(path.join(tmpdir(), 'lamplight-ssr-'))
    symlinkSync(path.join(REPO, 'shell'), path.join(appsDir, 'shell'))
    symlinkSync(path.join(REPO, 'storefront'), path.join(appsDir, 'storefront'))
    const releases = path.join(appsDir, 'releases')
    v1 = release(releases, 'v1')
    // v2: the same remote rebuilt with another heading on its About page.
    v2 = release(releases, 'v2', (dir) => {
      for (const file of readdirSync(path.join(dir, 'server'))) {
        if (!file.endsWith('.js')) continue
        const full = path.join(dir, 'server', file)
        writeFileSync(full, readFileSync(full, 'utf8').replaceAll('About Us', 'About Us, release two'))
        rmSync(`${full}.br`, { force: true })
        rmSync(`${full}.gz`, { force: true })
      }
    })
    missing = release(releases, 'no-server', (dir) => rmSync(path.join(dir, 'server'), { recursive: true }))
    throwing = release(releases, 'throws', (dir) => {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'server/mf-manifest.json'), 'utf8'))
      writeFileSync(path.join(dir, 'server', manifest.metaData.remoteEntry.name), 'throw new Error("boom")')
    })
    slow = slowRelease(releases, 'slow')
    slowToo = slowRelease(releases, 'slow-too')
    active = v1
    app = new Hono<AppEnv>()
    app.use(async (c, next) => {
      const log = (level: string) => (data: unknown, message: string) =>
        level === 'warn' ? warnings.push(`${message} ${JSON.stringify(data)}`) : undefined
      c.set('log', {
        info: log('info'),
        warn: log('warn'),
        error: log('error'),
      } as unknown as AppEnv['Variables']['log'])
      await next()
    })
    // The visitor's cookie reaches the API call the header's session comes from.
    app.get('/api/auth/get-session', (c) =>
      c.req.header('cookie') === 'session=ada'
        ? c.json({
            user: { id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'customer', emailVerified: true },
          })
        : c.json(null),
    )
    app.get('/api/*', (c) => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404))
    app.use(
      serveApps({
        visitorSecret: 'visitor-secret-for-tests',
        appsDir,
        releasesDir: releases,
        remotes: {
          snapshot: async () => ({
            remotes: {
              storefront: active,
              'resources-app': '/apps/resources-app/mf-manifest.json',
              'puzzle-app': '/apps/puzzle-app/mf-manifest.json',
              'admin-app': '/apps/admin-app/mf-manifest.json',
            },
            etag: active,
            releases: {},
            canaries,
          }),
        },
        serverRender,
      }),
    )
  })

  const page = async (url: string) => {
    const res = await app.request(url)
    return { status: res.status, html: await res.text(), cacheControl: res.headers.get('cache-control') }
  }

  it("leaves a canary visitor's page to the browser when the page's own remote is on canary for them (issue 38)", async () => {
    const RELEASE = '11111111-2222-4333-8444-555555555555'
    try {
      // Everyone (100 %) is on a storefront canary: its pages render in the browser, from /remotes.json.
      canaries = { storefront: { releaseId: RELEASE, manifestUrl: v2, share: 100 } }
      const about = await app.request('/about')
      const html = await about.text()
      expect(about.status).toBe(200)
      expect(html).not.toMatch(/<h1[^>]*>About Us/)
      expect(html).not.toContain('id="lamplight-state"')
      const cookie = (about.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      const remotes = await (await app.request('/remotes.json', { headers: { Cookie: cookie } })).json()
      expect(remotes.storefront).toBe(v2)
      expect(remotes.releases.storefront).toBe(RELEASE)
      // A canary of another remote does not change how this page renders.
      canaries = {
        'resources-app': {
          releaseId: RELEASE,
          manifestUrl: '/apps/resources-app/mf-manifest.json',
          share: 100,
        },
      }
      expect((await page('/about')).html).toMatch(/<h1[^>]*>About Us<\/h1>/)
    } finally {
      canaries = {}
    }
  })

  it('renders the owning remote from the active release, and a newly activated one on the next request', async () => {
    const first = await page('/about')
    expect(first.status).toBe(200)
    expect(first.html).toMatch(/<h1[^>]*>About Us<\/h1>/)
    expect(first.html).not.toContain('data-remote-loading')
    expect(first.html).toContain('<title>')
    // The shell's and the remote's stylesheets are linked: the page paints styled without scripts.
    expect(first.html).toMatch(/<link rel="stylesheet" href="\/static\/css\/[^"]+\.css">/)
    expect(first.html).toMatch(
      /<link rel="stylesheet" href="\/apps\/storefront\/v1\/static\/css\/[^"]+\.css" data-href="static\/css\/[^"]+\.css">/,
    )
    expect(first.cacheControl).toBe('no-cache')

    // Canonical and Open Graph URLs are absolute, on the configured origin, whatever Host the
    // request named (a Host header is the client's to choose).
    const spoofed = await (await app.request('/about', { headers: { Host: 'evil.example' } })).text()
    for (const html of [first.html, spoofed]) {
      expect(html).toContain('<link rel="canonical" href="https://shop.example/about"/>')
      expect(html).toContain('<meta property="og:url" content="https://shop.example/about"/>')
      expect(html).toContain('data-origin="https://shop.example"')
      expect(html).not.toContain('evil.example')
    }

    active = v2 // activated in the registry: no restart, no shell rebuild
    const second = await page('/about')
    expect(second.html).toMatch(/<h1[^>]*>About Us, release two<\/h1>/)

    active = v1 // rolled back
    expect((await page('/about')).html).toMatch(/<h1[^>]*>About Us<\/h1>/)
  }, 60_000)

  it.each([
    ['has no server build', () => missing],
    ['has a server build that throws', () => throwing],
  ])(
    'a release that %s: the chrome, and the area left to the browser, logged',
    async (_, which) => {
      warnings.length = 0
      active = which()
      const res = await page('/about')
      expect(res.status).toBe(200)
      expect(res.html).toContain('data-remote-loading="storefront"')
      expect(res.html).toContain('<header')
      expect(res.html).toContain('<footer')
      expect(warnings.join('\n')).toMatch(/rendered in the browser/)
    },
    60_000,
  )

  it('a release whose server entry is slow: past the deadline the page answers with the chrome at once, the area left to the browser, logged', async () => {
    warnings.length = 0
    active = slow
    serverRender.deadlineMs = DEFAULT_DEADLINE_MS
    try {
      const started = Date.now()
      const res = await page('/about')
      const took = Date.now() - started
      // The page did not wait for the remote: its entry had not given the module yet.
      expect(slowServed('slow')).toBe(false)
      expect(took).toBeLessThan(SLOW_MS)
      expect(res.status).toBe(200)
      expect(res.html).toContain('<header')
      expect(res.html).toContain('<footer')
      expect(res.html).toContain('data-remote-loading="storefront"')
      expect(res.html).not.toMatch(/<h1[^>]*>About Us<\/h1>/)
      expect(warnings.join('\n')).toMatch(/rendered in the browser.*"remote":"storefront".*deadline/)

      // The load carries on after the page has gone: once it is done, the next visitor's page
      // has the area rendered on the server (and no later load of it is in flight).
      await expect.poll(() => slowServed('slow'), { timeout: 10_000 }).toBe(true)
      const later = await page('/about')
      expect(later.html).toMatch(/<h1[^>]*>About Us<\/h1>/)
    } finally {
      serverRender.deadlineMs = 10_000
    }
  }, 60_000)

  it('a release whose server entry is slow but within the deadline: rendered on the server', async () => {
    warnings.length = 0
    active = slowToo
    serverRender.deadlineMs = SLOW_MS * 5
    try {
      const res = await page('/about')
      expect(slowServed('slow-too')).toBe(true)
      expect(res.html).toMatch(/<h1[^>]*>About Us<\/h1>/)
      expect(res.html).not.toContain('data-remote-loading')
      expect(warnings).toEqual([])
    } finally {
      serverRender.deadlineMs = 10_000
    }
  }, 60_000)

  it("renders the signed-in header from the visitor's cookie, and such a page is private", async () => {
    active = v1
    const res = await app.request('/about', { headers: { cookie: 'session=ada' } })
    const html = await res.text()
    expect(html).toContain('ada@example.com')
    expect(html).toContain('Sign Out')
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    const anonymous = await page('/about')
    expect(anonymous.html).not.toContain('ada@example.com')
    expect(anonymous.html).toContain('Sign In')
  }, 60_000)

  it('the rendered page and the shell HTML asked for instead both vary by X-Lamplight-Render, so a cache in front keeps them apart', async () => {
    active = v1
    const rendered = await app.request('/about')
    const shell = await app.request('/about', { headers: { 'X-Lamplight-Render': 'browser' } })
    expect(await rendered.text()).toContain('About Us')
    expect(await shell.text()).not.toContain('About Us')
    for (const res of [rendered, shell]) {
      expect(res.headers.get('vary')?.split(/,\s*/)).toEqual([
        'Cookie',
        'Accept-Encoding',
        'X-Lamplight-Render',
      ])
    }
  }, 60_000)

  it('answers a path no route owns with 404 and the 404 page', async () => {
    active = v1
    const res = await page('/no-such-page')
    expect(res.status).toBe(404)
    expect(res.html).toContain('Oops! Page not found')
  }, 60_000)
})
