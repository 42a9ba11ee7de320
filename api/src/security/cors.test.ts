import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/app'
import { createTestDatabase, type TestDatabase } from '../test/database'

/** CORS (Hono's cors, app.ts): our own other origins read answers with cookies, nobody else. */
describe('CORS for trusted origins', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = createTestApp(database, { TRUSTED_ORIGINS: 'https://console.example' }).app
  }, 180_000)
  afterAll(() => database.destroy())

  it('lets a trusted origin read an answer with cookies: a cached read, a session, a 404', async () => {
    for (const path of ['/api/health', '/api/resources/categories', '/api/auth/get-session', '/api/nope']) {
      const res = await app.request(path, { headers: { Origin: 'https://console.example' } })
      expect(res.headers.get('access-control-allow-origin'), path).toBe('https://console.example')
      expect(res.headers.get('access-control-allow-credentials'), path).toBe('true')
      expect(res.headers.get('vary') ?? '', path).toMatch(/\bOrigin\b/)
      // The security headers are there too.
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'none'")
      expect(res.headers.get('x-request-id'), path).toBeTruthy()
    }
  })

  it('gives any other origin nothing to read with, and says answers vary by origin', async () => {
    for (const origin of ['https://evil.example', 'null', 'https://console.example.evil']) {
      const res = await app.request('/api/resources/categories', { headers: { Origin: origin } })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull()
      expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull()
      expect(res.headers.get('vary') ?? '').toMatch(/\bOrigin\b/)
    }
    const none = await app.request('/api/health')
    expect(none.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers preflights: allowed for a trusted origin, without permission for others', async () => {
    const preflight = (origin: string) =>
      app.request('/api/admin/resources', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, x-request-id',
        },
      })
    const ok = await preflight('https://console.example')
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://console.example')
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true')
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST')
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type,x-request-id')
    expect(ok.headers.get('access-control-max-age')).toBe('600')
    const refused = await preflight('https://evil.example')
    expect(refused.status).toBe(204)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    expect(refused.headers.get('access-control-allow-methods')).toBeNull()
  })
})
