import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { type CacheTag, createPublicCache, createRedisStore, type PublicCache } from '.'

/** Polls until the replica answers `want` for the key; returns how long that took. */
async function seenWithin(cache: PublicCache, tag: CacheTag, want: string, ms: number): Promise<number> {
  const started = Date.now()
  for (;;) {
    const body = JSON.parse((await cache.read(tag, 'k', async () => ({ v: want }))).body) as { v: string }
    if (body.v === want) return Date.now() - started
    if (Date.now() - started > ms) throw new Error(`still ${body.v} after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

// Runs where Redis is (CI sets REDIS_URL): the shared store replicas use.
const url = process.env.REDIS_URL
describe.skipIf(!url)('public cache on Redis', () => {
  // Copies in each process live 5 s unchecked: a write seen sooner came by pub/sub.
  const stores = [createRedisStore(url ?? '', 30_000, 5000), createRedisStore(url ?? '', 30_000, 5000)]
  // Two replicas: two caches over one Redis.
  const [a, b] = stores.map((store) => createPublicCache(store))
  afterAll(async () => {
    await a!.invalidate()
    await Promise.all([a!.close(), b!.close()])
  })

  it('shares answers between replicas, and a write on one is seen by the other', async () => {
    await a!.invalidate()
    let computed = 0
    const compute = (v: string) => async () => {
      computed++
      return { v }
    }
    expect(JSON.parse((await a!.read('resources', 'k', compute('one'))).body)).toEqual({ v: 'one' })
    expect(JSON.parse((await b!.read('resources', 'k', compute('two'))).body)).toEqual({ v: 'one' })
    expect(computed).toBe(1)
    // b now holds its own copy; a's write reaches it by pub/sub, well within a second.
    await a!.invalidate('resources')
    expect(await seenWithin(b!, 'resources', 'three', 1000)).toBeLessThan(1000)
    expect(JSON.parse((await a!.read('resources', 'k', compute('x'))).body)).toEqual({ v: 'three' })
    await b!.forget('resources', 'k')
    expect(await seenWithin(a!, 'resources', 'four', 1000)).toBeLessThan(1000)
  })

  it('answers a hot read from the process, and checks Redis again once the copy is old', async () => {
    const store = createRedisStore(url ?? '', 30_000, 200)
    const cache = createPublicCache(store)
    const raw = new Redis(url ?? '')
    try {
      await cache.invalidate('catalog')
      await cache.read('catalog', 'hot', async () => ({ v: 'one' }))
      // Gone from Redis behind the cache's back (no message): the copy still answers...
      await raw.del('lamplight:public-cache:h:catalog')
      expect(JSON.parse((await cache.read('catalog', 'hot', async () => ({ v: 'two' }))).body)).toEqual({
        v: 'one',
      })
      // ...until it is checked again.
      await new Promise((resolve) => setTimeout(resolve, 250))
      expect(JSON.parse((await cache.read('catalog', 'hot', async () => ({ v: 'two' }))).body)).toEqual({
        v: 'two',
      })
    } finally {
      await raw.quit()
      await cache.close()
    }
  })

  it('does not store an answer computed across an invalidation', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const slow = a!.read('catalog', 'p', async () => {
      await gate
      return { v: 'old' }
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await b!.invalidate('catalog')
    release()
    await slow
    expect(JSON.parse((await b!.read('catalog', 'p', async () => ({ v: 'new' }))).body)).toEqual({ v: 'new' })
  })
})
