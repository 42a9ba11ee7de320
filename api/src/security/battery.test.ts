import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRouters } from '../routes'
import { createTestApp, TEST_ORIGIN } from '../test/app'
import { createTestDatabase, ONE_DRIVER, type TestDatabase } from '../test/database'
import type { AppEnv } from '../types'
import { type Actors, createActors, databaseChecksum } from './actors'
import { hostileCases, leaks, probeCases } from './hostile-inputs'

const allRoutes = apiRouters.flatMap((r) => r.routes)
const routes = allRoutes.filter((r) => r.params || r.query || r.headers || r.body)
// Generated once: making them (1 MB bodies, schema checks) takes seconds.
const casesOf = new Map(routes.map((route) => [route, hostileCases(route)]))
const probesOf = new Map(allRoutes.map((route) => [route, probeCases(route)]))
const planned =
  [...casesOf.values()].reduce((sum, cases) => sum + cases.length, 0) +
  [...probesOf.values()].reduce((sum, cases) => sum + cases.length, 0)
/** PostgreSQL when there is one (about twice as fast as PGlite here), else PGlite. */
const driver = ONE_DRIVER
const started = performance.now()
let requests = 0
let serverErrors = 0
let nextIp = 0

/**
 * Four requests in flight at a time: one waiting on the database or a password hash (the
 * libuv pool) need not hold up the rest; a run takes half the time it took one by one.
 */
async function fourAtATime<T>(items: T[], run: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await run(items[next++]!)
  }
  await Promise.all([worker(), worker(), worker(), worker()])
}

/**
 * The hostile-input battery: every route with params, a query or a body gets forty or more
 * generated bad requests, as an admin (so access never hides the validator). Whatever the
 * route's schema refuses must be a 4xx in our error shape that changes nothing; whatever it
 * accepts must still never be a 500. No error may carry a stack, a path or SQL.
 */
describe('hostile-input battery', () => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  let actors: Actors

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database).app as unknown as Hono<AppEnv>
    actors = await createActors(app, database, 'battery')
  }, 120_000)
  afterAll(async () => {
    const seconds = Math.round((performance.now() - started) / 100) / 10
    console.info(
      `hostile-input battery on ${driver}: ${requests} requests over ${allRoutes.length} routes, ${serverErrors} answers of 500, ${seconds} s`,
    )
    await database?.destroy()
  })

  it('covers every route that takes input, with at least forty cases each, ten thousand in all', () => {
    expect(routes.length).toBeGreaterThan(5)
    expect(planned).toBeGreaterThanOrEqual(10_000)
    for (const route of routes)
      expect(casesOf.get(route)!.length, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(40)
    for (const route of allRoutes)
      expect(probesOf.get(route)!.length, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(12)
  })

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    const cases = casesOf.get(route)!
    const send = async (c: (typeof cases)[number]) => {
      requests += 1
      nextIp += 1
      const headers: Record<string, string> = {
        Origin: TEST_ORIGIN,
        'X-Forwarded-For': `198.18.${Math.floor(nextIp / 250) % 250}.${(nextIp % 250) + 1}`,
        Cookie: actors.admin.cookie(),
        ...c.headers,
      }
      if (c.contentType !== null) headers['Content-Type'] = c.contentType ?? 'application/json'
      const res = await app.request(`/api${c.path}${c.query ? `?${c.query}` : ''}`, {
        method: route.method,
        headers,
        body: route.method === 'GET' ? undefined : c.body,
      })
      if (res.status >= 500) serverErrors += 1
      return { status: res.status, text: await res.text() }
    }

    const before = await databaseChecksum(database)
    await fourAtATime(
      cases.filter((c) => c.mustFail),
      async (c) => {
        const { status, text } = await send(c)
        const label = `${route.method} ${route.path} ${c.label}: ${status} ${text.slice(0, 200)}`
        expect(status, label).toBeGreaterThanOrEqual(400)
        expect(status, label).toBeLessThan(500)
        const body = JSON.parse(text)
        expect(typeof body.error?.code, label).toBe('string')
        expect(typeof body.error?.message, label).toBe('string')
        expect(leaks(text), label).toBeUndefined()
      },
    )
    expect(await databaseChecksum(database), `${route.method} ${route.path} changed the database`).toBe(
      before,
    )

    await fourAtATime(
      cases.filter((c) => !c.mustFail),
      async (c) => {
        const { status, text } = await send(c)
        const label = `${route.method} ${route.path} ${c.label}: ${status} ${text.slice(0, 200)}`
        expect(status, label).toBeLessThan(500)
        if (status >= 400) expect(leaks(text), label).toBeUndefined()
      },
    )
  })

  it('answers every route at every method, at mangled addresses and with polluting queries, without a 500', async () => {
    // Signing out ends the admin's session: it goes last, so the others reach past access.
    const signOutLast = [...allRoutes].sort(
      (a, b) => Number(a.path === '/auth/sign-out') - Number(b.path === '/auth/sign-out'),
    )
    for (const route of signOutLast) {
      for (const probe of probesOf.get(route)!) {
        requests += 1
        nextIp += 1
        const headers: Record<string, string> = {
          Origin: TEST_ORIGIN,
          'X-Forwarded-For': `198.18.${Math.floor(nextIp / 250) % 250}.${(nextIp % 250) + 1}`,
          Cookie: actors.admin.cookie(),
        }
        if (probe.contentType) headers['Content-Type'] = probe.contentType
        const res = await app.request(`/api${probe.path}${probe.query ? `?${probe.query}` : ''}`, {
          method: probe.method,
          headers,
          body: probe.body,
        })
        if (res.status >= 500) serverErrors += 1
        const text = await res.text()
        const label = `${route.method} ${route.path} ${probe.label}: ${res.status} ${text.slice(0, 200)}`
        expect(res.status, label).toBeLessThan(500)
        if (res.status >= 400) expect(leaks(text), label).toBeUndefined()
        if (
          res.status >= 400 &&
          probe.method !== 'HEAD' &&
          res.headers.get('content-type')?.includes('application/json')
        )
          expect(typeof JSON.parse(text).error?.message, label).toBe('string')
      }
    }
  }, 120_000)

  it('sent every planned request and got no 500', () => {
    expect(requests).toBe(planned)
    expect(requests).toBeGreaterThanOrEqual(10_000)
    expect(serverErrors).toBe(0)
  })
})
