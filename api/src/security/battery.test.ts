import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRouters } from '../routes'
import { createTestApp, TEST_ORIGIN } from '../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import type { AppEnv } from '../types'
import { type Actors, createActors, databaseChecksum } from './actors'
import { hostileCases, leaks } from './hostile-inputs'

const routes = apiRouters.flatMap((r) => r.routes).filter((r) => r.params || r.query || r.headers || r.body)
const planned = routes.reduce((sum, route) => sum + hostileCases(route).length, 0)
/** PostgreSQL when there is one (about twice as fast as PGlite here), else PGlite. */
const driver = DRIVERS.at(-1) ?? 'pglite'
const started = performance.now()
let requests = 0
let serverErrors = 0
let nextIp = 0

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
      `hostile-input battery on ${driver}: ${requests} requests over ${routes.length} routes, ${serverErrors} answers of 500, ${seconds} s`,
    )
    await database?.destroy()
  })

  it('covers every route that takes input, with at least forty cases each, ten thousand in all', () => {
    expect(routes.length).toBeGreaterThan(5)
    expect(planned).toBeGreaterThanOrEqual(10_000)
    for (const route of routes)
      expect(hostileCases(route).length, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(40)
  })

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    const cases = hostileCases(route)
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
    for (const c of cases.filter((c) => c.mustFail)) {
      const { status, text } = await send(c)
      const label = `${route.method} ${route.path} ${c.label}: ${status} ${text.slice(0, 200)}`
      expect(status, label).toBeGreaterThanOrEqual(400)
      expect(status, label).toBeLessThan(500)
      const body = JSON.parse(text)
      expect(typeof body.error?.code, label).toBe('string')
      expect(typeof body.error?.message, label).toBe('string')
      expect(leaks(text), label).toBeUndefined()
    }
    expect(await databaseChecksum(database), `${route.method} ${route.path} changed the database`).toBe(
      before,
    )

    for (const c of cases.filter((c) => !c.mustFail)) {
      const { status, text } = await send(c)
      const label = `${route.method} ${route.path} ${c.label}: ${status} ${text.slice(0, 200)}`
      expect(status, label).toBeLessThan(500)
      if (status >= 400) expect(leaks(text), label).toBeUndefined()
    }
  })

  it('sent every planned request and got no 500', () => {
    expect(requests).toBe(planned)
    expect(requests).toBeGreaterThanOrEqual(10_000)
    expect(serverErrors).toBe(0)
  })
})
