import type { Hono } from 'hono'
import { afterAll, beforeAll } from 'vitest'
import { type Actors, createActors } from '../security/actors'
import type { AppEnv } from '../types'
import { createTestApp } from './app'
import { createTestDatabase, type Driver, type TestDatabase } from './database'

/**
 * A fresh test database on `driver` and the real app over it (`createTestApp`) for the tests
 * of one `describe`: made before them, destroyed after them. Its fields are set once its
 * `beforeAll` has run, so read them inside tests and later hooks (`setup.app`). (Kept apart
 * from `app.ts`, which the benches import outside vitest.)
 */
export function useTestApp(driver: Driver, env: Record<string, string> = {}) {
  const setup = {} as { database: TestDatabase } & ReturnType<typeof createTestApp>
  beforeAll(async () => {
    const database = await createTestDatabase(driver)
    Object.assign(setup, { database, ...createTestApp(database, env) })
  })
  afterAll(() => setup.database?.destroy())
  return setup
}

/** `useTestApp`, with the signed-in people and the visitor of `createActors` (their emails tagged `tag`). */
export function useTestAppWithActors(driver: Driver, tag: string, env: Record<string, string> = {}) {
  const setup = useTestApp(driver, env) as ReturnType<typeof useTestApp> & { actors: Actors }
  beforeAll(async () => {
    setup.actors = await createActors(setup.app as unknown as Hono<AppEnv>, setup.database, tag)
  })
  return setup
}
