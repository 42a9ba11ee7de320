import { Writable } from 'node:stream'
import { type EndpointDef, endpoint } from '@lamplight/contracts'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createApp } from '../../app'
import { resources } from '../../db/schema'
import { defineRouter } from '../../lib/router'
import { createLogger } from '../../logger'
import { type Actors, createActors } from '../../security/actors'
import { cachedJson, createPublicCache } from '../../services/public-cache'
import { createTestApp, TEST_ORIGIN } from '../../test/app'
import { insertTeachingResourcesCategory } from '../../test/catalog'
import { PROXY_PEER } from '../../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import type { AppDeps, AppEnv, SessionUser } from '../../types'
import { errorHandler } from '../error-handler'
import { requestIds } from '../request-id'
import { responseHeaderBase } from '../response-headers'
import { withFastReads } from '.'

type Listing = { data: { slug: string }[] }

/** Every header but the date, names lower-cased, in order: what two answers are compared by. */
const headersOf = (res: Response) => [...res.headers].filter(([name]) => name !== 'date')

function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { lines, logger: createLogger('info', stream) }
}

describe.each(DRIVERS)('fast public reads on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  /** The same app without the fast reads: every request takes the middleware chain. */
  let normal: Hono<AppEnv>
  let deps: AppDeps
  let actors: Actors
  let draftId: string
  const log = capture()

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    const test = createTestApp(database, {}, log.logger)
    app = test.app as unknown as Hono<AppEnv>
    deps = test.deps
    normal = createApp(deps, { fastReads: false }) as unknown as Hono<AppEnv>
    actors = await createActors(app, database, `fast-${driver}`)
    const categoryId = await insertTeachingResourcesCategory(database)
    const rows = await database.db
      .insert(resources)
      .values([
        { slug: 'ark-live', title: 'Ark Live', categoryId, published: true, isFeatured: true },
        {
          slug: 'psalm-draft',
          title: 'Psalm Draft',
          categoryId,
          published: false,
          isFeatured: true,
          description: 'Sing to the Lord a new song. '.repeat(60),
        },
      ])
      .returning({ id: resources.id })
    draftId = rows[1]!.id
  }, 120_000)
  afterAll(() => database?.destroy())

  /** A request as a browser behind our proxy would make it, to either app. */
  const get = (to: Hono<AppEnv>, path: string, headers: Record<string, string> = {}, method = 'GET') =>
    to.request(path, { method, headers: { 'X-Forwarded-For': '203.0.113.9', ...headers } }, PROXY_PEER)

  /** Whether `path` was answered without the public cache's `read` (the handler's call). */
  async function answeredFast(path: string, headers: Record<string, string> = {}, method = 'GET') {
    const read = vi.spyOn(deps.publicCache, 'read')
    try {
      const res = await get(app, path, headers, method)
      return { res, fast: read.mock.calls.length === 0 }
    } finally {
      read.mockRestore()
    }
  }

  const variants: Record<string, Record<string, string>> = {
    'a plain GET': {},
    'gzip, from our own origin, with a request id': {
      'Accept-Encoding': 'gzip, br',
      Origin: TEST_ORIGIN,
      'X-Request-Id': 'client-id-1',
    },
    'another site, over https at our proxy': {
      Origin: 'https://elsewhere.example',
      'X-Forwarded-Proto': 'https',
    },
  }

  it.each(Object.entries(variants))(
    'answers a repeated public read before the middleware with the normal answer: %s',
    async (_name, headers) => {
      for (const path of [
        '/api/resources/featured',
        '/api/resources?category=teaching-resources',
        '/api/resources?category=teaching-resources&page=1',
        '/api/resources/categories',
      ]) {
        const fixed = { 'X-Request-Id': 'same-id', ...headers }
        const slow = await get(normal, path, fixed)
        expect(slow.status).toBe(200)
        await get(app, path, fixed) // remembered by the router
        const { res, fast } = await answeredFast(path, fixed)
        expect(fast, path).toBe(true)
        expect(res.status).toBe(200)
        expect(headersOf(res)).toEqual(headersOf(slow))
        expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from(await slow.arrayBuffer()))

        // A revalidation (304) and a HEAD: the same headers again, and no body.
        const etag = res.headers.get('etag')!
        const notModified = await answeredFast(path, { ...fixed, 'If-None-Match': etag })
        expect(notModified.fast).toBe(true)
        expect(notModified.res.status).toBe(304)
        expect(headersOf(notModified.res)).toEqual(
          headersOf(await get(normal, path, { ...fixed, 'If-None-Match': etag })),
        )
        const head = await answeredFast(path, fixed, 'HEAD')
        expect(head.fast).toBe(true)
        expect(await head.res.text()).toBe('')
        expect(headersOf(head.res)).toEqual(headersOf(await get(normal, path, fixed, 'HEAD')))
      }
      // The health check too (its body holds the uptime).
      const health = await get(app, '/api/health', { 'X-Request-Id': 'same-id', ...headers })
      expect(headersOf(health)).toEqual(
        headersOf(await get(normal, '/api/health', { 'X-Request-Id': 'same-id', ...headers })),
      )
      expect(await health.json()).toMatchObject({ status: 'ok' })
    },
  )

  it('gives every answer its own request id and logs it as the normal path does', async () => {
    const path = '/api/resources/featured'
    await get(app, path)
    log.lines.length = 0
    const a = await answeredFast(path)
    const b = await answeredFast(path)
    expect(a.fast && b.fast).toBe(true)
    const ids = [a.res.headers.get('x-request-id'), b.res.headers.get('x-request-id')]
    expect(ids[0]).toMatch(/^[\w-]+$/)
    expect(ids[1]).not.toBe(ids[0])
    const lines = log.lines.filter((l) => l.msg === 'request')
    expect(lines.map((l) => l.reqId)).toEqual(ids)
    // The normal path's line for the same request: the same fields, in the same order.
    await get(normal, path)
    const normalLine = log.lines.at(-1)!
    const keys = (l: Record<string, unknown>) => Object.keys(l)
    expect(keys(lines[0]!)).toEqual(keys(normalLine))
    expect({ ...lines[0], time: 0, reqId: 0, ms: 0 }).toEqual({ ...normalLine, time: 0, reqId: 0, ms: 0 })
  })

  it('shows an editor’s change on the very next read, then answers fast again', async () => {
    const paths = [
      '/api/resources/featured',
      '/api/resources?category=teaching-resources',
      '/api/resources?q=psalm',
    ]
    const slugs = async (path: string) =>
      ((await (await get(app, path)).json()) as Listing).data.map((r) => r.slug)
    for (const path of paths) {
      expect(await slugs(path)).not.toContain('psalm-draft')
      expect((await answeredFast(path)).fast).toBe(true)
    }
    const publish = await actors.editor.request(`/api/admin/resources/${draftId}/published`, {
      method: 'PATCH',
      body: { published: true },
    })
    expect(publish.status).toBe(200)
    // No waiting: the write emptied the cache before it answered.
    for (const path of paths) expect(await slugs(path)).toContain('psalm-draft')
    for (const path of paths) expect((await answeredFast(path)).fast).toBe(true)

    // A write outside /api/admin/ that invalidates (decision 014) is seen at once too.
    await database.db.update(resources).set({ title: 'Psalm Renamed' })
    const titles = async () =>
      ((await (await get(app, '/api/resources/featured')).json()) as { data: { title: string }[] }).data.map(
        (r) => r.title,
      )
    expect(await titles()).not.toContain('Psalm Renamed')
    await deps.publicCache.invalidate('resources')
    expect(await titles()).toContain('Psalm Renamed')
  })

  it('leaves to the normal path what it has not seen answered, and what is not a cached public read', async () => {
    // A first read goes the normal way; once answered from the cache, the same URL is fast.
    const search = '/api/resources?q=never-asked-before'
    expect((await answeredFast(search)).fast).toBe(false)
    expect((await answeredFast(search)).fast).toBe(true)
    for (const path of [
      '/api/resources?category=no-such-category', // a 404 is never cached
      '/api/resources?page=0', // refused by validation
      '/api/resources/item/Robert%27);DROP', // likewise
      '/api/admin/resources', // not public
      '/api/ready',
      '/api/health?verbose=1',
    ]) {
      const first = await get(app, path)
      const again = await answeredFast(path)
      expect(again.res.status, path).toBe(first.status)
      expect(again.res.headers.get('etag'), path).toBeNull()
    }
    expect((await get(app, '/api/admin/resources')).status).toBe(401)
    // A signed-in editor's private read is never remembered for a visitor.
    expect((await actors.editor.request('/api/admin/resources')).status).toBe(200)
    expect((await get(app, '/api/admin/resources')).status).toBe(401)
  })
})

describe('fast reads and the router’s declarations', () => {
  // Stand-ins for declarations a route might make: who may call it, and a rate limit.
  const open = endpoint({ method: 'GET', path: '/probe/open', access: 'public', summary: 'open' })
  const members = endpoint({ method: 'GET', path: '/probe/members', access: 'customer', summary: 'members' })
  const limited = endpoint({ method: 'GET', path: '/probe/limited', access: 'public', summary: 'limited' })
  const withHeader = endpoint({
    method: 'GET',
    path: '/probe/header',
    access: 'public',
    summary: 'reads a header',
    headers: z.object({ 'x-probe': z.string().optional() }),
  })

  function probeApp() {
    const publicCache = createPublicCache()
    const deps = { publicCache, database: { db: null } } as unknown as AppDeps
    let limitedCalls = 0
    const answer =
      (def: EndpointDef) =>
      ({ c }: { c: Parameters<typeof cachedJson>[0] }) =>
        cachedJson(c, 'resources', def.path, async () => ({ data: def.summary }))
    const router = defineRouter('/probe')
      .handle(open, answer(open))
      .handle(members, answer(members))
      .handle(
        limited,
        {
          middleware: [
            async (_c, next) => {
              limitedCalls += 1
              await next()
            },
          ],
        },
        answer(limited),
      )
      .handle(withHeader, answer(withHeader))
    const hono = new Hono<AppEnv>()
    hono.use(async (c, next) => {
      c.set('deps', deps)
      c.set('requestId', 'r')
      // A signed-in member, for this probe: what the session lookup would find.
      const member = c.req.header('x-member')
      c.set('user', member ? ({ id: member, role: 'customer' } as SessionUser) : null)
      await next()
    })
    hono.route('/api/probe', router.hono)
    hono.onError(errorHandler)
    const app = withFastReads(hono, {
      logger: createLogger('silent'),
      publicCache,
      requestIds: requestIds(),
      headerBase: responseHeaderBase({ trackerOrigin: null, crossOriginResourcePolicy: 'same-origin' }),
      remoteOrigins: () => [],
      servedOverHttps: () => false,
      viaProxy: () => false,
      cors: () => {},
    })
    const read = vi.spyOn(publicCache, 'read')
    return { app, read, limitedCalls: () => limitedCalls }
  }

  it('answers a public route without route middleware fast, and nothing else', async () => {
    const probe = probeApp()
    await probe.app.request('/api/probe/open')
    probe.read.mockClear()
    expect((await probe.app.request('/api/probe/open')).status).toBe(200)
    expect(probe.read).not.toHaveBeenCalled()

    // A members' route whose answer was cached for a member is never handed to a visitor.
    expect((await probe.app.request('/api/probe/members', { headers: { 'x-member': 'm1' } })).status).toBe(
      200,
    )
    expect((await probe.app.request('/api/probe/members')).status).toBe(401)

    // A rate-limited route goes through its limit every time.
    await probe.app.request('/api/probe/limited')
    await probe.app.request('/api/probe/limited')
    expect(probe.limitedCalls()).toBe(2)

    // A route whose input includes headers is not keyed by its URL alone.
    probe.read.mockClear()
    await probe.app.request('/api/probe/header')
    await probe.app.request('/api/probe/header', { headers: { 'x-probe': 'other' } })
    expect(probe.read).toHaveBeenCalledTimes(2)
  })
})
