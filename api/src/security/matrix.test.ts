import { describeAccess } from '@lamplight/contracts'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeclaredRoute } from '../lib/router'
import { apiRouters } from '../routes'
import { createTestApp } from '../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import type { AppEnv } from '../types'
import { ACTOR_NAMES, type ActorName, type Actors, createActors } from './actors'
import { ROUTE_FIXTURES, type SampleRequest } from './fixtures'

const routes = apiRouters.flatMap((r) => r.routes)
const keyOf = (route: DeclaredRoute) => `${route.method} ${route.path}`

type Expectation = 'ok' | 401 | 403 | 404 | 'not-denied'

/** What each caller must get, read from the route's declaration alone. */
function expectedFor(route: DeclaredRoute, actor: ActorName, hasSample: boolean): Expectation {
  const allowed: Expectation = hasSample ? 'ok' : 'not-denied'
  const { access } = route
  if (access === 'public') return allowed
  if (actor === 'anonymous') return 401
  if (access === 'customer') return allowed
  if (access === 'editor') return actor === 'editor' || actor === 'admin' ? allowed : 403
  if (access === 'admin') return actor === 'admin' ? allowed : 403
  // An ownership rule: the owner passes, the other customer gets a 404 (no probing ids).
  const also = ROUTE_FIXTURES[keyOf(route)]?.alsoAllowed ?? ['admin']
  if (actor === 'customer') return 'ok'
  if (actor === 'otherCustomer') return 404
  return also.includes(actor as 'editor' | 'admin') ? 'ok' : 404
}

function fillPath(path: string, params: Record<string, string> = {}) {
  return path
    .replace(/\/\*$/, '/matrix-probe')
    .replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? '00000000-0000-4000-8000-000000000000'),
    )
}

describe.each(DRIVERS)(
  'authorization matrix on %s: every declared route, as every kind of caller',
  (driver) => {
    let database: TestDatabase
    let app: Hono<AppEnv>
    let actors: Actors
    let throwaway = 0

    beforeAll(async () => {
      database = await createTestDatabase(driver)
      app = createTestApp(database).app as unknown as Hono<AppEnv>
      actors = await createActors(app, database, driver)
    }, 120_000)
    afterAll(() => database?.destroy())

    it('has a sample for every route with an ownership rule', () => {
      const missing = routes
        .filter((r) => typeof r.access === 'object' && !ROUTE_FIXTURES[keyOf(r)])
        .map(keyOf)
      expect(missing).toEqual([])
    })

    it.each(routes.map((r) => [keyOf(r), r] as const))('%s', async (_, route) => {
      const fixture = ROUTE_FIXTURES[keyOf(route)]
      // Routes that end the caller's session run with callers of their own.
      const callers = fixture?.throwawayCallers
        ? await createActors(app, database, `${driver}-${++throwaway}`)
        : actors
      let sample: SampleRequest | undefined = fixture
        ? await fixture.sample({ database, actors: callers })
        : undefined
      for (const actor of ACTOR_NAMES) {
        if (fixture?.freshSamplePerCaller) sample = await fixture.sample({ database, actors: callers })
        const expected = expectedFor(route, actor, Boolean(sample))
        const query = sample?.query ? `?${new URLSearchParams(sample.query)}` : ''
        const res = await callers[actor].request(`/api${fillPath(route.path, sample?.params)}${query}`, {
          method: route.method,
          body: sample?.body ?? (route.method === 'GET' ? undefined : {}),
        })
        const label = `${keyOf(route)} [${describeAccess(route.access)}] as ${actor}: ${res.status}`
        expect(res.status, label).toBeLessThan(500)
        if (expected === 'ok') expect(res.status, label).toBeLessThan(300)
        else if (expected === 'not-denied') expect([401, 403], label).not.toContain(res.status)
        else {
          expect(res.status, label).toBe(expected)
          const body = await res.json()
          expect(body.error.code, label).toBe(
            { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' }[expected],
          )
        }
      }
    })
  },
)
