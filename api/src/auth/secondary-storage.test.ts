import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createDeps } from '../deps'
import { createLogger } from '../logger'
import { createTestApp } from '../test/app'
import { browser } from '../test/client'
import { createTestDatabase, type TestDatabase } from '../test/database'
import { createRedisStorage } from './secondary-storage'

// Runs where a Redis is configured (CI starts one); the memory store is covered elsewhere.
const url = process.env.REDIS_URL

describe.skipIf(!url)('Redis-backed rate limits and storage', () => {
  let database: TestDatabase
  let redis: ReturnType<typeof createRedisStorage>
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    redis = createRedisStorage(url!)
    database = await createTestDatabase('pglite')
    const base = createTestApp(database)
    const deps = createDeps({
      ...base.deps,
      logger: createLogger('silent'),
      secondaryStorage: redis.storage,
      redis: redis.redis,
    })
    app = createApp(deps)
  })
  afterAll(async () => {
    await redis?.close()
    await database?.destroy()
  })

  it('stores, reads, counts and deletes with expiry', async () => {
    const key = `test:${Date.now()}:${Math.random()}`
    await redis.storage.set(key, 'v', 5)
    expect(await redis.storage.get(key)).toBe('v')
    expect(await redis.storage.getAndDelete(key)).toBe('v')
    expect(await redis.storage.get(key)).toBeNull()
    expect(await redis.storage.increment(`${key}:n`, 5)).toBe(1)
    expect(await redis.storage.increment(`${key}:n`, 5)).toBe(2)
  })

  it('limits sign-in attempts per client through Redis', async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`
    const b = browser(app, ip)
    await b.signUp(`redis-${Date.now()}@example.com`)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await b.request('/api/auth/sign-in/email', {
            body: { email: 'x@example.com', password: 'wrong pass' },
          })
        ).status,
      )
    }
    expect(statuses).toEqual([401, 401, 401, 429])
  })
})

describe('the session cache without Redis', () => {
  it('answers "not here" at once, never throws, and says so once', async () => {
    const lines: string[] = []
    const logger = createLogger('silent')
    logger.warn = ((_: unknown, msg: string) => {
      lines.push(msg)
    }) as typeof logger.warn
    // Nothing listens on port 1: as Redis down from the start.
    const { storage, close } = createRedisStorage('redis://127.0.0.1:1/0', logger)
    const started = Date.now()
    for (let i = 0; i < 5; i++) {
      await storage.set(`k${i}`, 'v', 60)
      expect(await storage.get(`k${i}`)).toBeNull()
      await storage.delete(`k${i}`)
      expect(await storage.getAndDelete(`k${i}`)).toBeNull()
    }
    expect(Date.now() - started).toBeLessThan(2000)
    await new Promise((r) => setTimeout(r, 200))
    expect(lines).toEqual([
      'session cache: Redis is unavailable; sessions are read from the database until it is back',
    ])
    await close()
  })
})
