import { describe, expect, it } from 'vitest'
import { type CacheStore, createMemoryStore, createPublicCache } from '.'

/** A store that fails while `down` is true (as Redis away), the memory store otherwise. */
function flakyStore() {
  const inner = createMemoryStore()
  const state = { down: false }
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (state.down) throw new Error('Redis is not ready (reconnecting)')
      return fn(...args)
    }
  const store: CacheStore = {
    get: guard(inner.get),
    set: guard(inner.set),
    invalidate: guard(inner.invalidate),
    forget: guard(inner.forget),
    close: inner.close,
  }
  return { store, state }
}

describe('public cache over a shared store that fails', () => {
  it('computes answers without it, says so once each way, and never serves what a missed invalidation left', async () => {
    const { store, state } = flakyStore()
    const lines: string[] = []
    const logger = {
      warn: (_: unknown, msg: string) => lines.push(msg),
      info: (_: unknown, msg: string) => lines.push(msg),
    }
    const cache = createPublicCache(store, 30_000, logger as never)
    const read = async (v: string) => JSON.parse((await cache.read('catalog', 'k', async () => ({ v }))).body)

    expect(await read('one')).toEqual({ v: 'one' })
    expect(await read('two')).toEqual({ v: 'one' })
    state.down = true
    // Away: computed every time, no error; a write's invalidation cannot reach the store.
    expect(await read('three')).toEqual({ v: 'three' })
    await cache.invalidate('catalog')
    await cache.forget('catalog', 'k')
    expect(await read('four')).toEqual({ v: 'four' })
    state.down = false
    // Back: the missed invalidation is done first, so the old 'one' is never served again.
    expect(await read('five')).toEqual({ v: 'five' })
    expect(await read('six')).toEqual({ v: 'five' })
    expect(lines).toEqual([
      'public cache: the shared store is unavailable; answers are computed without it',
      'public cache: the shared store is back',
    ])
  })
})

describe('public cache over a shared store with a copy in this process', () => {
  it('does not say the store is back when an answer came from the copy', async () => {
    const inner = createMemoryStore()
    const state = { down: false }
    // As the Redis store: a key read in the last moment is answered from this process's copy,
    // without asking Redis (so also while Redis is away); any other read asks Redis.
    const copied = new Set<string>()
    const store: CacheStore = {
      get: async (tag, key) => {
        if (copied.has(key)) return { ...(await inner.get(tag, key)), local: true }
        if (state.down) throw new Error('Redis is not ready (reconnecting)')
        return inner.get(tag, key)
      },
      set: async (tag, key, entry, gen) => {
        if (state.down) throw new Error('Redis is not ready (reconnecting)')
        await inner.set(tag, key, entry, gen)
        copied.add(key)
      },
      invalidate: inner.invalidate,
      forget: inner.forget,
      close: inner.close,
    }
    const lines: string[] = []
    const logger = {
      warn: (_: unknown, msg: string) => lines.push(msg),
      info: (_: unknown, msg: string) => lines.push(msg),
    }
    const cache = createPublicCache(store, 30_000, logger as never)
    await cache.read('catalog', 'hot', async () => ({ v: 1 }))
    state.down = true
    await cache.read('catalog', 'cold', async () => ({ v: 2 }))
    await cache.read('catalog', 'hot', async () => ({ v: 3 }))
    await cache.read('catalog', 'cold', async () => ({ v: 4 }))
    expect(lines).toEqual(['public cache: the shared store is unavailable; answers are computed without it'])
  })
})
