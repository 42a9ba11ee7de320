import { afterAll, describe, expect, it } from 'vitest'
import { createPublicCache, createRedisStore } from '.'

// Runs where Redis is (CI sets REDIS_URL): the shared store replicas use.
const url = process.env.REDIS_URL
describe.skipIf(!url)('public cache on Redis', () => {
  const stores = [createRedisStore(url ?? '', 30_000), createRedisStore(url ?? '', 30_000)]
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
    await a!.invalidate('resources')
    expect(JSON.parse((await b!.read('resources', 'k', compute('three'))).body)).toEqual({ v: 'three' })
    await b!.forget('resources', 'k')
    expect(JSON.parse((await a!.read('resources', 'k', compute('four'))).body)).toEqual({ v: 'four' })
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
