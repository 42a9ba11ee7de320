import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from './logger'
import { createTestApp } from './test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from './test/database'

describe.each(DRIVERS)('API skeleton on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database).app
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('GET /api/health says the process is up', async () => {
    const res = await app.request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok' })
  })

  it('GET /api/ready checks the database', async () => {
    const res = await app.request('/api/ready')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ready', database: driver })
  })

  it('GET /api/ready answers 503 when the database is gone', async () => {
    const broken = await createTestDatabase(driver)
    const { app: brokenApp } = createTestApp(broken)
    await broken.destroy()
    const res = await brokenApp.request('/api/ready')
    expect(res.status).toBe(503)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_ready')
  })

  it('GET /api/ready logs an outage when it starts and when it ends, not at every check', async () => {
    const lines: { level: number; msg: string }[] = []
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) })
    let down = false
    const flaky = {
      ...database,
      ping: async () => {
        if (down) throw new Error('connection refused')
        await database.ping()
      },
    }
    const { app: watched } = createTestApp(flaky, {}, logger)
    const readiness = () => lines.filter((l) => /^readiness/.test(l.msg)).map((l) => l.msg)
    expect((await watched.request('/api/ready')).status).toBe(200)
    down = true
    for (let i = 0; i < 3; i++) expect((await watched.request('/api/ready')).status).toBe(503)
    down = false
    expect((await watched.request('/api/ready')).status).toBe(200)
    expect((await watched.request('/api/ready')).status).toBe(200)
    expect(readiness()).toEqual([
      'readiness check failed: the database is not reachable',
      'readiness restored: the database answers again',
    ])
  })

  it('GET /api/ready answers 503 once shutdown has begun, while the rest still answers', async () => {
    const { app: stopping, deps } = createTestApp(database)
    expect((await stopping.request('/api/ready')).status).toBe(200)
    deps.shutdown.begin()
    const res = await stopping.request('/api/ready')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.json()).toEqual({
      error: { code: 'not_ready', message: 'The server is shutting down.' },
    })
    // Only readiness changes: requests that still arrive (in flight, kept-alive) are served.
    expect((await stopping.request('/api/health')).status).toBe(200)
  })

  it('answers unknown API paths with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/products', '/api']) {
      const res = await app.request(path, { method: 'POST' })
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
  })

  it('tags every response with a request id and secure headers', async () => {
    const res = await app.request('/api/health')
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[\w-]{8,}-[0-9a-z]+$/)
    const next = await app.request('/api/health')
    expect(next.headers.get('x-request-id')).not.toBe(id)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // A JSON answer is never a document: the policy that lets it run nothing, no page headers.
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull()
    // A page (the API's own documentation here) gets the pages' policy and headers.
    const page = await app.request('/api/docs')
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    const echoed = await app.request('/api/health', { headers: { 'X-Request-Id': 'trace-123' } })
    expect(echoed.headers.get('x-request-id')).toBe('trace-123')
    // Not one that could break a log line or a header.
    const odd = await app.request('/api/health', { headers: { 'X-Request-Id': 'a b<script>' } })
    expect(odd.headers.get('x-request-id')).not.toContain(' ')
  })

  it('reads the session as signed out until accounts exist', async () => {
    const res = await app.request('/api/auth/get-session')
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
  })
})
