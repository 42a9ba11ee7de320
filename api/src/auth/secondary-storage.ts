import { Redis } from 'ioredis'

/** better-auth's secondary storage (session cache, verification values) on Redis; the client also counts our rate limits. */
export type SecondaryStorage = {
  get: (key: string) => Promise<string | null>
  getAndDelete: (key: string) => Promise<string | null>
  set: (key: string, value: string, ttl?: number) => Promise<void>
  delete: (key: string) => Promise<void>
  increment: (key: string, ttl: number) => Promise<number>
}

export function createRedisStorage(url: string): {
  redis: Redis
  storage: SecondaryStorage
  close: () => Promise<void>
} {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: 'lamplight:' })
  return {
    redis,
    storage: {
      get: (key) => redis.get(key),
      getAndDelete: (key) => redis.getdel(key),
      set: async (key, value, ttl) => {
        if (ttl) await redis.set(key, value, 'EX', Math.max(1, Math.ceil(ttl)))
        else await redis.set(key, value)
      },
      delete: async (key) => {
        await redis.del(key)
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
    close: async () => {
      await redis.quit()
    },
  }
}
