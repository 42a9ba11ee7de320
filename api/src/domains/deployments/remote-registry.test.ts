import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { remoteActivations, remoteDeployments, remoteReleases } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import {
  BUNDLED_VERSION,
  buildSnapshot,
  createRemoteRegistry,
  ensureDefaultReleases,
  originsOf,
} from './remote-registry'

describe.each(DRIVERS)('remote registry on %s', (driver) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await database.destroy()
  })

  it('registers the bundled builds once, even when two instances start at once', async () => {
    const [a, b] = await Promise.all([ensureDefaultReleases(database.db), ensureDefaultReleases(database.db)])
    expect([...a, ...b].sort()).toEqual(['admin-app', 'puzzle-app', 'resources-app', 'storefront'])
    expect(await ensureDefaultReleases(database.db)).toEqual([])
    const releases = await database.db.select().from(remoteReleases)
    expect(releases).toHaveLength(4)
    expect(releases.every((r) => r.version === BUNDLED_VERSION && r.registeredBy === null)).toBe(true)
    expect(await database.db.select().from(remoteActivations)).toHaveLength(4)
    const [storefront] = await database.db
      .select()
      .from(remoteDeployments)
      .where(eq(remoteDeployments.remote, 'storefront'))
    expect(storefront).toBeTruthy()
  })

  it('publishes the active releases, with REMOTE_*_URL overrides winning', async () => {
    const [release] = await database.db
      .insert(remoteReleases)
      .values({
        remote: 'puzzle-app',
        version: '2.0.0',
        manifestUrl: 'https://cdn.example.com/p/mf-manifest.json',
      })
      .returning()
    const [activation] = await database.db
      .insert(remoteActivations)
      .values({ remote: 'puzzle-app', releaseId: release!.id, kind: 'activate' })
      .returning()
    await database.db
      .update(remoteDeployments)
      .set({ releaseId: release!.id, activationId: activation!.id, activatedAt: activation!.activatedAt })
      .where(eq(remoteDeployments.remote, 'puzzle-app'))

    const registry = createRemoteRegistry(database.db, {
      'admin-app': 'https://admin.example.org/mf-manifest.json',
    })
    const snapshot = await registry.snapshot()
    expect(snapshot.remotes).toEqual({
      storefront: '/apps/storefront/mf-manifest.json',
      'resources-app': '/apps/resources-app/mf-manifest.json',
      'puzzle-app': 'https://cdn.example.com/p/mf-manifest.json',
      'admin-app': 'https://admin.example.org/mf-manifest.json',
    })
    expect(snapshot.origins).toEqual(['https://admin.example.org', 'https://cdn.example.com'])
    expect(registry.cached()).toBe(snapshot)
  })

  it('serves /remotes.json from the registry with an ETag, and the CSP follows the active origins', async () => {
    const { app, deps } = createTestApp(database, { SERVE_APPS: 'true' })
    const res = await app.request('/remotes.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    expect((await res.json())['puzzle-app']).toBe('https://cdn.example.com/p/mf-manifest.json')
    expect((await app.request('/remotes.json', { headers: { 'If-None-Match': etag! } })).status).toBe(304)
    const page = await app.request('/')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com/)
    expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example\.com/)

    // Back to the bundled build: the origin leaves the policy, the ETag changes.
    const [bundled] = await database.db
      .select()
      .from(remoteReleases)
      .where(eq(remoteReleases.remote, 'puzzle-app'))
      .orderBy(remoteReleases.registeredAt)
    const [activation] = await database.db
      .insert(remoteActivations)
      .values({ remote: 'puzzle-app', releaseId: bundled!.id, kind: 'rollback' })
      .returning()
    await database.db
      .update(remoteDeployments)
      .set({ releaseId: bundled!.id, activationId: activation!.id, activatedAt: activation!.activatedAt })
      .where(eq(remoteDeployments.remote, 'puzzle-app'))
    deps.remotes.invalidate()
    const after = await app.request('/remotes.json', { headers: { 'If-None-Match': etag! } })
    expect(after.status).toBe(200)
    expect((await after.json())['puzzle-app']).toBe('/apps/puzzle-app/mf-manifest.json')
    const csp2 = (await app.request('/')).headers.get('content-security-policy') ?? ''
    expect(csp2).not.toContain('cdn.example.com')
  })
})

describe('registry snapshot', () => {
  it('defaults each remote to its bundled build when nothing is registered', () => {
    const snapshot = buildSnapshot({}, {})
    expect(snapshot.remotes.storefront).toBe('/apps/storefront/mf-manifest.json')
    expect(snapshot.origins).toEqual([])
    expect(buildSnapshot({}, {}).etag).toBe(snapshot.etag)
    expect(buildSnapshot({ storefront: '/apps/storefront/1.0.0/mf-manifest.json' }, {}).etag).not.toBe(
      snapshot.etag,
    )
  })

  it('takes only http(s) origins', () => {
    expect(
      originsOf(['/apps/x', 'javascript:alert(1)', 'https://a.example/x', 'http://b.example:8080/y']),
    ).toEqual(['http://b.example:8080', 'https://a.example'])
  })

  it('reads REMOTE_*_URL as overrides only when set', () => {
    expect(loadConfig({}).remoteOverrides).toEqual({})
    expect(
      loadConfig({ REMOTE_STOREFRONT_URL: 'https://cdn.example.com/s/mf-manifest.json' }).remoteOverrides,
    ).toEqual({
      storefront: 'https://cdn.example.com/s/mf-manifest.json',
    })
  })
})
