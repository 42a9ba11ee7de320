import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/app'
import { createTestDatabase, type TestDatabase } from '../test/database'

/** A fake Sentry on 127.0.0.1: keeps every envelope it is sent. */
async function fakeTracker() {
  const envelopes: { path: string; items: Record<string, unknown>[] }[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body = Buffer.concat(chunks)
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body)
      const items = body
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      envelopes.push({ path: req.url ?? '', items })
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    envelopes,
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type Event = {
  tags?: Record<string, string>
  release?: string
  environment?: string
  exception?: { values?: { type?: string; value?: string }[] }
  request?: unknown
  contexts?: Record<string, Record<string, unknown>>
}
const events = (tracker: Awaited<ReturnType<typeof fakeTracker>>) =>
  tracker.envelopes.flatMap((e) => e.items.filter((item) => 'exception' in item) as Event[])

/** The app with a route that fails unexpectedly (a bug), and one that fails as designed (404). */
function appWith(database: TestDatabase, env: Record<string, string>) {
  const test = createTestApp(database, env)
  test.app.get('/boom', () => {
    throw new Error('the database went away')
  })
  return test
}

describe('error reporting', () => {
  let database: TestDatabase
  let tracker: Awaited<ReturnType<typeof fakeTracker>>
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    tracker = await fakeTracker()
  })
  afterAll(async () => {
    await tracker?.close()
    await database?.destroy()
  })

  it('a server error reaches the configured tracker once, tagged with the request id', async () => {
    tracker.envelopes.length = 0
    const { app, deps } = appWith(database, { SENTRY_DSN: tracker.dsn, SENTRY_RELEASE: 'lamplight@1.2.3' })
    expect(deps.errors.enabled).toBe(true)
    const res = await app.request('/boom', { headers: { cookie: 'better-auth.session_token=secret' } })
    expect(res.status).toBe(500)
    const body = await res.json()
    expect(JSON.stringify(body)).not.toContain('database went away')
    const requestId = res.headers.get('x-request-id')
    expect(requestId).toBeTruthy()

    // Errors that are answers (404, 400) are not reported.
    expect((await app.request('/api/no-such-endpoint')).status).toBe(404)

    expect(await deps.errors.flush(5000)).toBe(true)
    const sent = events(tracker)
    expect(sent).toHaveLength(1)
    const [event] = sent
    expect(event?.tags?.request_id).toBe(requestId)
    expect(event?.tags?.service).toBe('api')
    expect(event?.release).toBe('lamplight@1.2.3')
    expect(event?.environment).toBe('test')
    expect(event?.exception?.values?.[0]?.value).toBe('the database went away')
    expect(event?.contexts?.request).toEqual({ method: 'GET', path: '/boom' })
    // Sent to the DSN's project, with nothing of the request's cookies or headers.
    expect(tracker.envelopes[0]?.path).toMatch(/^\/api\/42\/envelope\/\?/)
    expect(JSON.stringify(tracker.envelopes)).not.toContain('session_token')
  })

  it('sends nothing when no DSN is configured', async () => {
    tracker.envelopes.length = 0
    const { app, deps } = appWith(database, {})
    expect(deps.errors.enabled).toBe(false)
    const res = await app.request('/boom')
    expect(res.status).toBe(500)
    expect(await deps.errors.flush(1000)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(tracker.envelopes).toHaveLength(0)
  })

  it("the browser gets the public DSN at run time and the CSP allows that tracker's origin only", async () => {
    const on = createTestApp(database, {
      SERVE_APPS: 'true',
      PUBLIC_SENTRY_DSN: tracker.dsn,
      SENTRY_RELEASE: 'lamplight@1.2.3',
    })
    const res = await on.app.request('/runtime-config.json')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      errorReporting: { dsn: tracker.dsn, environment: 'test', release: 'lamplight@1.2.3' },
    })
    // The pages' policy (JSON answers get the short one, which allows no fetch at all).
    const csp = (await on.app.request('/')).headers.get('content-security-policy') ?? ''
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? ''
    expect(connect.split(' ')).toContain(tracker.origin)
    // The other directives do not open up to it.
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).not.toContain(tracker.origin)

    const off = createTestApp(database, { SERVE_APPS: 'true' })
    const plain = await off.app.request('/runtime-config.json')
    expect(await plain.json()).toEqual({ errorReporting: null })
    expect((await off.app.request('/')).headers.get('content-security-policy')).not.toContain('127.0.0.1')
  })
})
