import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createDeps } from '../deps'
import { createLogger } from '../logger'
import { type Actors, createActors } from '../security/actors'
import { createTestApp } from '../test/app'
import { browser } from '../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import type { AppEnv } from '../types'
import { createRedisStorage } from './secondary-storage'

// The probe found this only with Redis: better-auth answered sessions from the user it had
// cached there, so a demoted admin kept exporting every customer's address for days. CI
// starts a Redis (REDIS_URL); both stores run there, on both drivers.
const REDIS_URL = process.env.REDIS_URL
const CASES = DRIVERS.flatMap((driver) =>
  (REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const)).map(
    (store) => [driver, store] as const,
  ),
)

describe.each(CASES)('a role change on %s with sessions in %s', (driver, store) => {
  let database: TestDatabase
  let redis: ReturnType<typeof createRedisStorage> | undefined
  // Two instances of the API over one database (and one Redis): a change made through one
  // must count on the other at once.
  let one: Hono<AppEnv>
  let two: Hono<AppEnv>
  let actors: Actors

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    const base = createTestApp(database)
    if (store === 'redis') {
      redis = createRedisStorage(REDIS_URL!)
      // The cache stays off (reads go to the database) until Redis is ready: wait, or this
      // test would pass without ever reading a cached session.
      expect(await redis.connected(5000)).toBe(true)
    }
    const instance = () =>
      createApp(
        createDeps({
          ...base.deps,
          logger: createLogger('silent'),
          secondaryStorage: redis?.storage,
          redis: redis?.redis,
        }),
      ) as unknown as Hono<AppEnv>
    one = instance()
    two = instance()
    actors = await createActors(one, database, `role-${driver}-${store}`)
  })
  afterAll(async () => {
    await redis?.close()
    await database?.destroy()
  })

  const role = (id: string, to: string) =>
    actors.admin.request(`/api/admin/users/${id}/role`, { method: 'PATCH', body: { role: to } })
  /** The same signed-in browser, its requests sent to the other instance. */
  const onTwo = (client: ReturnType<typeof browser>) => (path: string) =>
    two.request(path, { headers: { Cookie: client.cookie(), 'X-Forwarded-For': client.ip } })
  const sessionRole = async (client: ReturnType<typeof browser>) =>
    ((await client.json<{ user?: { role?: string } } | null>('/api/auth/get-session')).body?.user?.role ??
      null) as string | null

  it('a promotion counts on the next request, on every instance, and the pages see it', async () => {
    const person = actors.otherCustomer
    expect((await person.request('/api/admin/orders/export')).status).toBe(403)
    expect((await role(actors.ids.otherCustomer, 'admin')).status).toBe(200)
    expect((await person.request('/api/admin/orders/export')).status).toBe(200)
    expect((await onTwo(person)('/api/admin/orders/export')).status).toBe(200)
    expect(await sessionRole(person)).toBe('admin')
  })

  it('a demotion ends every session of the user at once, on every instance', async () => {
    const person = actors.otherCustomer
    // A second browser of the same person, signed in before the demotion.
    const laptop = browser(one)
    expect(
      (await laptop.signIn(`othercustomer-role-${driver}-${store}@matrix.test`, 'matrix-password-1')).status,
    ).toBe(200)
    expect((await laptop.request('/api/admin/orders/export')).status).toBe(200)

    expect((await role(actors.ids.otherCustomer, 'customer')).status).toBe(200)
    for (const client of [person, laptop]) {
      expect((await client.request('/api/admin/orders/export')).status).toBe(401)
      expect((await onTwo(client)('/api/admin/orders/export')).status).toBe(401)
      expect(await sessionRole(client)).toBeNull()
    }
    // Signed in again, they are what they are now.
    expect(
      (await person.signIn(`othercustomer-role-${driver}-${store}@matrix.test`, 'matrix-password-1')).status,
    ).toBe(200)
    expect(await sessionRole(person)).toBe('customer')
    expect((await person.request('/api/admin/orders/export')).status).toBe(403)
  })

  it('an editor made a customer can no longer write to the library', async () => {
    const editor = actors.editor
    expect((await editor.request('/api/admin/resources')).status).toBe(200)
    expect((await role(actors.ids.editor, 'customer')).status).toBe(200)
    expect((await editor.request('/api/admin/resources')).status).toBe(401)
    expect((await onTwo(editor)('/api/admin/resources')).status).toBe(401)
    const created = await editor.request('/api/admin/resources', {
      body: { title: 'Sneaked in', slug: 'sneaked-in' },
    })
    expect(created.status).toBe(401)
  })
})
