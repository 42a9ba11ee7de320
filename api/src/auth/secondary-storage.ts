import { Redis } from 'ioredis'
import { redisOptions } from '../lib/redis'
import type { Logger } from '../logger'

/** better-auth's secondary storage (session cache, verification values) on Redis; the client also counts our rate limits. */
export type SecondaryStorage = {
  get: (key: string) => Promise<string | null>
  getAndDelete: (key: string) => Promise<string | null>
  set: (key: string, value: string, ttl?: number) => Promise<void>
  delete: (key: string) => Promise<void>
  increment: (key: string, ttl: number) => Promise<number>
}

/** More keys than this written while Redis is away, and the cache stays off until a restart. */
const MAX_STALE_KEYS = 100_000

/**
 * The session cache on Redis, that a Redis outage cannot break or poison.
 *
 * Sessions and verification values are also in the database (auth.ts), so the cache may
 * always answer "not here": while Redis is away (not ready, or a command failed) reads
 * answer null and better-auth reads the database; writes are skipped. Every key whose
 * write or delete did not reach Redis is remembered, and when Redis is back they are
 * deleted there before it is read again: a session signed out during the outage cannot
 * come back from an old cached copy. The outage and the return are logged once each.
 */
export function createRedisStorage(
  url: string,
  logger?: Logger,
): {
  redis: Redis
  storage: SecondaryStorage
  /**
   * Resolves true once the client is connected, false at its first error (Redis refused:
   * it is down, no point waiting) or after `timeoutMs`. The server waits for it before it
   * listens, so its first requests do not count rate limits in memory, and say Redis failed,
   * only because the connection was still being made.
   */
  connected: (timeoutMs: number) => Promise<boolean>
  close: () => Promise<void>
} {
  // Commands are bounded (redisOptions): a timeout is an error like any other here: the
  // database answers and the key is remembered as stale.
  const redis = new Redis(url, { ...redisOptions('lamplight:'), lazyConnect: false })
  const stale = new Set<string>()
  let overflowed = false
  // Off until Redis has been ready once (and while anything written since may be stale).
  let off = true
  let announced = false
  let recovering: Promise<boolean> | null = null

  const markOff = (err?: unknown) => {
    off = true
    if (announced) return
    announced = true
    logger?.warn(
      { component: 'session-cache', fallback: 'database', err: err instanceof Error ? err.message : err },
      'session cache: Redis is unavailable; sessions are read from the database until it is back',
    )
  }
  const remember = (key: string) => {
    if (stale.size >= MAX_STALE_KEYS) {
      if (!overflowed)
        logger?.error(
          { component: 'session-cache', keys: stale.size },
          'session cache: too many writes missed Redis; the cache stays off until the server restarts',
        )
      overflowed = true
      return
    }
    stale.add(key)
  }
  // The client reports each failed reconnect; one line per outage is enough.
  redis.on('error', (err) => {
    if (redis.status !== 'ready') markOff(err)
  })
  redis.on('ready', () => void usable())

  /** Deletes what may be stale, then turns the cache back on. */
  function recover(): Promise<boolean> {
    // `finally` attached to the promise, not inside it: with nothing stale the work is
    // synchronous, and an inner finally would run before the assignment (and pin it).
    recovering ??= invalidateStale().finally(() => {
      recovering = null
    })
    return recovering
  }

  async function invalidateStale(): Promise<boolean> {
    try {
      let invalidated = 0
      while (stale.size) {
        const batch = [...stale].slice(0, 500)
        await redis.del(...batch)
        for (const key of batch) stale.delete(key)
        invalidated += batch.length
      }
      if (overflowed || redis.status !== 'ready') return false
      off = false
      if (announced) {
        announced = false
        logger?.info({ component: 'session-cache', invalidated }, 'session cache: Redis is back')
      }
      return true
    } catch (err) {
      markOff(err)
      return false
    }
  }

  async function usable(): Promise<boolean> {
    if (redis.status !== 'ready') {
      if (!off) markOff()
      return false
    }
    return off ? recover() : true
  }

  return {
    redis,
    storage: {
      get: async (key) => {
        if (!(await usable())) return null
        try {
          return await redis.get(key)
        } catch (err) {
          markOff(err)
          return null
        }
      },
      getAndDelete: async (key) => {
        if (!(await usable())) {
          remember(key)
          return null
        }
        try {
          return await redis.getdel(key)
        } catch (err) {
          markOff(err)
          remember(key)
          return null
        }
      },
      set: async (key, value, ttl) => {
        if (!(await usable())) return remember(key)
        try {
          if (ttl) await redis.set(key, value, 'EX', Math.max(1, Math.ceil(ttl)))
          else await redis.set(key, value)
        } catch (err) {
          markOff(err)
          remember(key)
        }
      },
      delete: async (key) => {
        if (!(await usable())) return remember(key)
        try {
          await redis.del(key)
        } catch (err) {
          markOff(err)
          remember(key)
        }
      },
      // One round trip, atomic; the expiry is set only when the counter is created (fixed window).
      increment: async (key, ttl) => {
        const [[, count]] = (await redis
          .multi()
          .incr(key)
          .expire(key, Math.max(1, Math.ceil(ttl)), 'NX')
          .exec()) as [[Error | null, number]]
        return count
      },
    },
    connected: (timeoutMs) =>
      redis.status === 'ready'
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const done = (ok: boolean) => {
              clearTimeout(timer)
              redis.off('ready', onReady)
              redis.off('error', onError)
              resolve(ok)
            }
            const onReady = () => done(true)
            const onError = () => done(false)
            const timer = setTimeout(() => done(false), timeoutMs)
            redis.once('ready', onReady)
            redis.once('error', onError)
          }),
    close: async () => {
      // With Redis away, quit() would wait for it: then the connection is just dropped.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
      else redis.disconnect()
    },
  }
}
