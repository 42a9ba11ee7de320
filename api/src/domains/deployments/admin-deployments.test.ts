import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { deploymentsContract, type RemoteDeployment } from '@lamplight/contracts'
import { and, eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, remoteReleases } from '../../db/schema'
import { type Actors, createActors } from '../../security/actors'
import { createTestApp } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import { manifest } from '../../test/remote-manifest'
import type { AppEnv } from '../../types'
import { ensureDefaultReleases, REGISTRY_CACHE_MS } from './remote-registry'

/** A CDN on loopback: good and broken manifests. */
function startCdn(): Promise<Server> {
  const routes: Record<string, (res: import('node:http').ServerResponse) => void> = {
    '/v2/mf-manifest.json': (res) => res.end(JSON.stringify(manifest('storefront'))),
    '/v3/mf-manifest.json': (res) => res.end(JSON.stringify(manifest('storefront'))),
    '/react18/mf-manifest.json': (res) =>
      res.end(JSON.stringify(manifest('storefront', { react: '18.3.1', requiredReact: '^18.2.0' }))),
    '/query4/mf-manifest.json': (res) =>
      res.end(JSON.stringify(manifest('storefront', { reactQuery: '4.36.1' }))),
    '/old-federation/mf-manifest.json': (res) =>
      res.end(JSON.stringify(manifest('storefront', { federation: '0.9.0' }))),
    '/no-routes/mf-manifest.json': (res) =>
      res.end(JSON.stringify(manifest('storefront', { exposes: ['./app'] }))),
    '/wrong-remote/mf-manifest.json': (res) => res.end(JSON.stringify(manifest('puzzle_app'))),
    '/not-json/mf-manifest.json': (res) => res.end('<html>oops</html>'),
    '/redirect/mf-manifest.json': (res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' })
      res.end()
    },
    '/huge/mf-manifest.json': (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`)
    },
  }
  const server = createServer((req, res) => {
    const route = routes[req.url ?? '']
    if (!route) {
      res.writeHead(404)
      res.end()
      return
    }
    route(res)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** A service on the server's network that no release may reach: it counts what reaches it. */
function startInternal(): Promise<Server & { hits: string[] }> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    res.writeHead(500, { 'content-type': 'application/json' })
    res.end('{"secret":"internal-token-123"}')
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(Object.assign(server, { hits }))),
  )
}

/** Nothing listens on port 1 of loopback: an allowed host that cannot be reached. */
const UNREACHABLE = 'http://127.0.0.1:1'

describe.each(DRIVERS)('admin deployments on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  let actors: Actors
  let cdn: Server
  let internal: Server & { hits: string[] }
  let base: string
  let internalBase: string
  let releasesDir: string

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    await ensureDefaultReleases(database.db)
    cdn = await startCdn()
    base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`
    internal = await startInternal()
    internalBase = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`
    // The loopback "CDN" is a release host; the internal service, on another port, is not.
    const test = createTestApp(database, { SERVE_APPS: 'true', RELEASE_HOSTS: `${base}, ${UNREACHABLE}` })
    app = test.app as unknown as Hono<AppEnv>
    releasesDir = test.config.releasesDir
    actors = await createActors(app, database, `deploy-${driver}`)
  }, 120_000)
  afterAll(async () => {
    cdn?.close()
    internal?.close()
    await database?.destroy()
  })

  type Answer = { data: RemoteDeployment; error: { code: string; message: string } }
  const post = (p: string, body?: unknown) =>
    actors.admin.json<Answer>(`/api/admin/deployments${p}`, { body: body ?? {} })
  const remotesJson = async () => (await app.request('/remotes.json')).json()

  it('lists each remote with its bundled release active', async () => {
    const res = await actors.admin.json<{ data: RemoteDeployment[] }>('/api/admin/deployments')
    expect(res.status).toBe(200)
    const storefront = res.body.data.find((d) => d.remote === 'storefront')!
    expect(storefront.active).toMatchObject({
      version: 'bundled',
      manifestUrl: '/apps/storefront/mf-manifest.json',
    })
    expect(storefront.rollbackTo).toBeNull()
    expect(storefront.history).toHaveLength(1)
    expect((await actors.editor.request('/api/admin/deployments')).status).toBe(403)
  })

  it('registers a release without activating it, audited; the same again changes nothing', async () => {
    const res = await post('/storefront/releases', {
      version: '2.0.0',
      manifestUrl: `${base}/v2/mf-manifest.json`,
    })
    expect(res.status).toBe(201)
    expect(res.body.data.active?.version).toBe('bundled')
    expect(res.body.data.releases.map((r) => r.version)).toContain('2.0.0')
    expect((await remotesJson()).storefront).toBe('/apps/storefront/mf-manifest.json')
    const again = await post('/storefront/releases', {
      version: '2.0.0',
      manifestUrl: `${base}/v2/mf-manifest.json`,
    })
    expect(again.status).toBe(200)
    const other = await post('/storefront/releases', {
      version: '2.0.0',
      manifestUrl: `${base}/v3/mf-manifest.json`,
    })
    expect(other.status).toBe(409)
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deployment.release_registered'))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorId: actors.ids.admin, entityId: 'storefront' })
  })

  it('refuses manifest URLs that are not http(s) or a path of this remote', async () => {
    for (const manifestUrl of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ftp://cdn.example.com/mf-manifest.json',
      '//evil.example/mf-manifest.json',
      '/etc/passwd',
      'https://user:pw@cdn.example.com/mf-manifest.json',
    ]) {
      const res = await post('/storefront/releases', { version: '9.9.9', manifestUrl })
      expect(res.status, manifestUrl).toBe(400)
      expect(res.body.error.code).toBe('validation_failed')
    }
    for (const version of ['static', 'bundled', '../x', '', 'a/b']) {
      const res = await post('/storefront/releases', { version, manifestUrl: `${base}/v2/mf-manifest.json` })
      expect(res.status, version).toBe(400)
    }
    expect(
      (await post('/nope/releases', { version: '1', manifestUrl: `${base}/v2/mf-manifest.json` })).status,
    ).toBe(400)
  })

  it('refuses a manifest URL on a host that is not a release host with a 400 on manifestUrl, and registers nothing', async () => {
    const releasesBefore = await database.db.select().from(remoteReleases)
    const auditBefore = await database.db.select().from(auditLog)
    for (const manifestUrl of [
      `${internalBase}/mf-manifest.json`,
      `${internalBase}/`,
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      // The CDN's port under another name, and another scheme: other origins.
      `${base.replace('127.0.0.1', 'localhost')}/v2/mf-manifest.json`,
      `${base.replace('http:', 'https:')}/v2/mf-manifest.json`,
      'https://cdn.example.com/storefront/mf-manifest.json',
    ]) {
      const res = await post('/storefront/releases', { version: '6.6.6', manifestUrl })
      expect(res.status, manifestUrl).toBe(400)
      const error = res.body.error as {
        code: string
        message: string
        issues: { path: string; message: string }[]
      }
      expect(error.code).toBe('validation_failed')
      expect(error.issues).toEqual([
        { path: 'manifestUrl', message: expect.stringMatching(/not on a release host/) },
      ])
      expect(error.message).toMatch(/RELEASE_HOSTS/)
    }
    expect(await database.db.select().from(remoteReleases)).toEqual(releasesBefore)
    expect(await database.db.select().from(auditLog)).toEqual(auditBefore)
    expect(internal.hits, 'nothing reached the internal service').toEqual([])
    // A path on this server needs no host, and the release host is still welcome.
    expect(
      (await post('/storefront/releases', { version: '6.6.7', manifestUrl: `${base}/v2/mf-manifest.json` }))
        .status,
    ).toBe(201)
  })

  it('checks the host again at activation: a release registered before RELEASE_HOSTS changed is not fetched', async () => {
    await database.db.insert(remoteReleases).values({
      remote: 'storefront',
      version: 'from-before',
      manifestUrl: `${internalBase}/mf-manifest.json`,
    })
    const res = await post('/storefront/activate', { version: 'from-before' })
    expect(res.status).toBe(422)
    expect(res.body.error.message).toMatch(/not on a release host/)
    expect(internal.hits, 'nothing reached the internal service').toEqual([])
    expect((await remotesJson()).storefront).toBe('/apps/storefront/mf-manifest.json')
  })

  it('activates a compatible release: /remotes.json, the CSP and the audit log follow at once', async () => {
    const res = await post('/storefront/activate', { version: '2.0.0' })
    expect(res.status).toBe(200)
    expect(res.body.data.active).toMatchObject({
      version: '2.0.0',
      activatedBy: expect.stringContaining('admin'),
    })
    expect(res.body.data.rollbackTo).toBe('bundled')
    // Its dates are ISO strings, as the contract says: what a client parses is what was sent.
    expect(res.body.data.active?.activatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(res.body.data.releases.find((r) => r.version === '2.0.0')?.lastActivatedAt).toBe(
      res.body.data.active?.activatedAt,
    )
    expect(deploymentsContract.activate.response.parse(res.body)).toEqual(res.body)
    expect((await remotesJson()).storefront).toBe(`${base}/v2/mf-manifest.json`)
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`script-src 'self' ${base}`)
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deployment.activated'), eq(auditLog.entityId, 'storefront')))
    expect(entry).toMatchObject({
      actorId: actors.ids.admin,
      before: { version: 'bundled' },
      after: { version: '2.0.0' },
      data: { builtVersion: '1.0.0-abc1234' },
    })
    expect((await post('/storefront/activate', { version: '2.0.0' })).status).toBe(409)
    expect((await post('/storefront/activate', { version: '7.7.7' })).status).toBe(404)
  })

  it('says only "could not be loaded" when the fetch fails, whatever the host answered or did not', async () => {
    const generic = (url: string) =>
      `The manifest at ${url} could not be loaded, so the release was not activated. The server's log has the details.`
    for (const [version, manifestUrl] of [
      ['gone', `${UNREACHABLE}/mf-manifest.json`],
      ['missing', `${base}/missing/mf-manifest.json`],
      ['redirect', `${base}/redirect/mf-manifest.json`],
    ] as const) {
      expect((await post('/storefront/releases', { version, manifestUrl })).status, version).toBe(201)
      const res = await post('/storefront/activate', { version })
      expect(res.status, version).toBe(422)
      expect(res.body.error.code).toBe('validation_failed')
      // The same words for a refused connection, a 404 and a redirect: no status, no error, no location.
      expect(res.body.error.message, version).toBe(generic(manifestUrl))
      expect(JSON.stringify(res.body), version).not.toMatch(/404|302|ECONNREFUSED|169\.254|meta-data/)
    }
    expect((await remotesJson()).storefront).toBe(`${base}/v2/mf-manifest.json`)
  })

  it('refuses at registration a release that does not fit the shell (its shared ranges), with the reason, registering nothing', async () => {
    const auditBefore = await database.db.select().from(auditLog)
    const cases: [string, string, RegExp][] = [
      ['react18', `${base}/react18/mf-manifest.json`, /react 18\.3\.1, outside the shell's range \^19\.0\.0/],
      [
        'react18',
        `${base}/react18/mf-manifest.json`,
        /requires react \^18\.2\.0, but the shell provides 19\./,
      ],
      [
        'query4',
        `${base}/query4/mf-manifest.json`,
        /@tanstack\/react-query 4\.36\.1, outside the shell's range \^5\.0\.0/,
      ],
      ['no-routes', `${base}/no-routes/mf-manifest.json`, /does not expose "\.\/routes"/],
      ['old-federation', `${base}/old-federation/mf-manifest.json`, /built with Module Federation 0\.9\.0/],
      ['wrong-remote', `${base}/wrong-remote/mf-manifest.json`, /is for "puzzle_app"/],
    ]
    for (const [version, manifestUrl, message] of cases) {
      const res = await post('/storefront/releases', { version, manifestUrl })
      expect(res.status, version).toBe(422)
      expect(res.body.error.code).toBe('validation_failed')
      expect(res.body.error.message, version).toMatch(/cannot be registered: it does not fit the shell/)
      expect(res.body.error.message, version).toMatch(message)
    }
    const versions = (await database.db.select().from(remoteReleases)).map((r) => r.version)
    for (const [version] of cases) expect(versions).not.toContain(version)
    expect(await database.db.select().from(auditLog)).toEqual(auditBefore)
  })

  it('refuses a malformed or missing manifest at activation with a clear 422, and changes nothing', async () => {
    const cases: [string, string, RegExp][] = [
      ['not-json', `${base}/not-json/mf-manifest.json`, /not valid JSON/],
      ['huge', `${base}/huge/mf-manifest.json`, /larger than 1024 KB/],
      ['local-missing', '/apps/storefront/0.0.1-nothere/mf-manifest.json', /not on this server/],
    ]
    for (const [version, manifestUrl, message] of cases) {
      expect((await post('/storefront/releases', { version, manifestUrl })).status, version).toBe(201)
      const res = await post('/storefront/activate', { version })
      expect(res.status, version).toBe(422)
      expect(res.body.error.code).toBe('validation_failed')
      expect(res.body.error.message, version).toMatch(message)
    }
    expect((await remotesJson()).storefront).toBe(`${base}/v2/mf-manifest.json`)
  })

  it('activates a release published on this server (read from disk)', async () => {
    mkdirSync(path.join(releasesDir, 'storefront', '2.1.0'), { recursive: true })
    writeFileSync(
      path.join(releasesDir, 'storefront', '2.1.0', 'mf-manifest.json'),
      JSON.stringify(manifest('storefront')),
    )
    const manifestUrl = '/apps/storefront/2.1.0/mf-manifest.json'
    expect((await post('/storefront/releases', { version: '2.1.0', manifestUrl })).status).toBe(201)
    expect((await post('/storefront/activate', { version: '2.1.0' })).status).toBe(200)
    expect((await remotesJson()).storefront).toBe(manifestUrl)
    const served = await app.request(manifestUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toContain('immutable')
  })

  it('rolls back one step at a time (never forth), audited', async () => {
    expect(
      (await post('/storefront/releases', { version: '3.0.0', manifestUrl: `${base}/v3/mf-manifest.json` }))
        .status,
    ).toBe(201)
    expect((await post('/storefront/activate', { version: '3.0.0' })).status).toBe(200)
    // live: 3.0.0, 2.1.0, 2.0.0, bundled
    const first = await post('/storefront/rollback')
    expect(first.status).toBe(200)
    expect(first.body.data.active?.version).toBe('2.1.0')
    expect(first.body.data.rollbackTo).toBe('2.0.0')
    const second = await post('/storefront/rollback')
    expect(second.body.data.active?.version).toBe('2.0.0')
    expect((await remotesJson()).storefront).toBe(`${base}/v2/mf-manifest.json`)
    const rollbacks = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deployment.rolled_back'))
    expect(rollbacks.map((r) => (r.after as { version: string }).version).sort()).toEqual(['2.0.0', '2.1.0'])
    const history = second.body.data.history as {
      version: string
      kind: string
      rolledBackAt: string | null
    }[]
    expect(history[0]).toMatchObject({ version: '2.0.0', kind: 'rollback', rolledBackAt: null })
    expect(history.find((h) => h.version === '3.0.0')?.rolledBackAt).toBeTruthy()
  })

  it('applies two switches sent at once one after the other: the pointer is the last one recorded', async () => {
    await post('/storefront/releases', { version: '4.0.0', manifestUrl: `${base}/v2/mf-manifest.json` })
    await post('/storefront/releases', { version: '4.1.0', manifestUrl: `${base}/v3/mf-manifest.json` })
    const answers = await Promise.all([
      post('/storefront/activate', { version: '4.0.0' }),
      post('/storefront/activate', { version: '4.1.0' }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    const { body } = await actors.admin.json<{ data: RemoteDeployment[] }>('/api/admin/deployments')
    const storefront = body.data.find((d) => d.remote === 'storefront')!
    expect(['4.0.0', '4.1.0']).toContain(storefront.active?.version)
    expect(storefront.history[0]?.version).toBe(storefront.active?.version)
    expect(storefront.rollbackTo).toBe(storefront.active?.version === '4.0.0' ? '4.1.0' : '4.0.0')
  })

  it('has nothing to roll back to on a remote still on its bundled build', async () => {
    const res = await post('/puzzle-app/rollback')
    expect(res.status).toBe(409)
    expect(res.body.error.message).toMatch(/no earlier release of puzzle-app/)
  })

  it("refuses a release whose manifest is another remote's", async () => {
    const wrongName = await post('/resources-app/releases', {
      version: '1.0.0',
      manifestUrl: `${base}/v2/mf-manifest.json`,
    })
    expect(wrongName.status).toBe(422) // the CDN's manifest is the storefront's
    expect(wrongName.body.error.message).toMatch(/is for "storefront", not "resources_app"/)
  })

  it('a second instance on the same database follows a switch within its cache time, without a restart', async () => {
    const other = createTestApp(database, { SERVE_APPS: 'true' }).app
    const before = (await (await other.request('/remotes.json')).json()).storefront
    const target = before === `${base}/v2/mf-manifest.json` ? '3.0.0' : '2.0.0'
    expect((await post('/storefront/activate', { version: target })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, REGISTRY_CACHE_MS + 100))
    expect((await (await other.request('/remotes.json')).json()).storefront).toBe(
      target === '3.0.0' ? `${base}/v3/mf-manifest.json` : `${base}/v2/mf-manifest.json`,
    )
  })

  it('lets a REMOTE_*_URL setting win over the registry, and says so', async () => {
    const pinned = createTestApp(database, {
      SERVE_APPS: 'true',
      REMOTE_STOREFRONT_URL: 'https://pinned.example.com/mf-manifest.json',
    }).app
    expect((await (await pinned.request('/remotes.json')).json()).storefront).toBe(
      'https://pinned.example.com/mf-manifest.json',
    )
  })
})
