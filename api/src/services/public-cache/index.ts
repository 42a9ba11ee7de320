import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { Redis } from 'ioredis'
import type { AppEnv } from '../../types'

/**
 * Public reads (the catalogue and the resource library) kept as ready-to-send JSON, so a
 * repeated read costs no database round trip and no serialisation. Decision 014.
 *
 * - Only public answers that do not depend on who asks go in (the handler decides by calling
 *   `cachedJson`; nothing reads the session there). Keys are the route and its parsed input.
 * - Every write that changes what they show calls `invalidate(tag)` before it answers, so
 *   the next read is fresh: the admin writes do it in one place (`invalidateOnAdminWrites`
 *   in app.ts), and any other write path calls `deps.publicCache.invalidate(...)` itself.
 * - A value computed while a write happened is not stored (generation check), and every
 *   entry also expires after `ttlMs`. A download forgets its resource's page (`forget`), so
 *   the count the downloader sees moves; listings' counts are at most `ttlMs` old.
 * - In this process's memory, or in Redis when REDIS_URL is set (shared by replicas, so a
 *   write on one is seen by all).
 */
export type CacheTag = 'catalog' | 'resources'
export const CACHE_TAGS: readonly CacheTag[] = ['catalog', 'resources']

export type CachedBody = { body: string; etag: string; at: number }
type Entry = CachedBody & { gzip?: Uint8Array<ArrayBuffer> }

export type CacheStore = {
  /** The entry and the tag's generation, read together. */
  get(tag: CacheTag, key: string): Promise<{ entry: CachedBody | null; gen: string }>
  /** Stores only if the tag's generation is still `gen`. */
  set(tag: CacheTag, key: string, entry: CachedBody, gen: string): Promise<void>
  invalidate(tag: CacheTag): Promise<void>
  /** Drops one entry (a counter moved): the rest of the tag stays. */
  forget(tag: CacheTag, key: string): Promise<void>
  close(): Promise<void>
}

/**
 * Browsers revalidate every time (a 304 for the ETag they hold is cheap), so an editor's
 * change shows on the next load: `stale-while-revalidate` in Cache-Control would let the
 * browser itself show a stale answer for a minute (Chromium does). A CDN in front is told
 * in CDN-Cache-Control (RFC 9213) that it may keep it a second and serve it stale for a
 * minute while it refreshes.
 */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache'
export const CDN_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=60'

export function createMemoryStore(maxEntriesPerTag = 2000): CacheStore {
  const maps = new Map<CacheTag, Map<string, CachedBody>>(CACHE_TAGS.map((t) => [t, new Map()]))
  const gens = new Map<CacheTag, number>(CACHE_TAGS.map((t) => [t, 0]))
  return {
    async get(tag, key) {
      return { entry: maps.get(tag)?.get(key) ?? null, gen: String(gens.get(tag)) }
    },
    async set(tag, key, entry, gen) {
      if (String(gens.get(tag)) !== gen) return
      const map = maps.get(tag)!
      map.delete(key)
      map.set(key, entry)
      // Searches make keys from visitors' input: keep the newest entries only.
      if (map.size > maxEntriesPerTag) map.delete(map.keys().next().value as string)
    },
    async invalidate(tag) {
      gens.set(tag, (gens.get(tag) ?? 0) + 1)
      maps.get(tag)?.clear()
    },
    async forget(tag, key) {
      maps.get(tag)?.delete(key)
    },
    async close() {},
  }
}

/** One hash per tag plus a generation counter; a read is one round trip. */
export function createRedisStore(url: string, ttlMs: number): CacheStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, keyPrefix: 'lamplight:public-cache:' })
  const SET_IF_GEN = `if (redis.call('get', KEYS[1]) or '0') == ARGV[1] then
    redis.call('hset', KEYS[2], ARGV[2], ARGV[3])
    redis.call('pexpire', KEYS[2], ARGV[4])
  end`
  return {
    async get(tag, key) {
      const result = (await redis.pipeline().hget(`h:${tag}`, key).get(`gen:${tag}`).exec()) ?? []
      const raw = result[0]?.[1] as string | null
      const gen = (result[1]?.[1] as string | null) ?? '0'
      return { entry: raw ? (JSON.parse(raw) as CachedBody) : null, gen }
    },
    async set(tag, key, entry, gen) {
      // keyPrefix applies to KEYS of eval as well.
      await redis.eval(SET_IF_GEN, 2, `gen:${tag}`, `h:${tag}`, gen, key, JSON.stringify(entry), ttlMs * 2)
    },
    async invalidate(tag) {
      await redis.multi().incr(`gen:${tag}`).del(`h:${tag}`).exec()
    },
    async forget(tag, key) {
      await redis.hdel(`h:${tag}`, key)
    },
    async close() {
      await redis.quit()
    },
  }
}

export type PublicCache = {
  /** The cached JSON for this key, computing and storing it on a miss (concurrent misses compute once). */
  read(tag: CacheTag, key: string, compute: () => Promise<unknown>): Promise<Entry>
  /** Forget everything under these tags (all when none is given). Await it before answering the write. */
  invalidate(...tags: CacheTag[]): Promise<void>
  /** Forget one answer, e.g. a resource's page after its download count moved. */
  forget(tag: CacheTag, key: string): Promise<void>
  close(): Promise<void>
}

export function createPublicCache(store: CacheStore = createMemoryStore(), ttlMs = 30_000): PublicCache {
  const inflight = new Map<string, Promise<Entry>>()
  // gzip is made once per body and kept beside it in this process.
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>()

  const withGzip = (entry: CachedBody): Entry => {
    if (entry.body.length < 1024) return entry
    let gz = gzipped.get(entry.etag)
    if (!gz) {
      gz = new Uint8Array(gzipSync(entry.body))
      if (gzipped.size > 2000) gzipped.clear()
      gzipped.set(entry.etag, gz)
    }
    return { ...entry, gzip: gz }
  }

  return {
    async read(tag, key, compute) {
      const { entry, gen } = await store.get(tag, key)
      if (entry && Date.now() - entry.at < ttlMs) return withGzip(entry)
      const flightKey = `${tag}\u0000${gen}\u0000${key}`
      let pending = inflight.get(flightKey)
      if (!pending) {
        pending = (async () => {
          const body = JSON.stringify(await compute())
          const fresh: CachedBody = { body, etag: etagOf(body), at: Date.now() }
          await store.set(tag, key, fresh, gen)
          return withGzip(fresh)
        })().finally(() => inflight.delete(flightKey))
        inflight.set(flightKey, pending)
      }
      return pending
    },
    async invalidate(...tags) {
      for (const tag of tags.length ? tags : CACHE_TAGS) await store.invalidate(tag)
      inflight.clear()
    },
    forget: (tag, key) => store.forget(tag, key),
    close: () => store.close(),
  }
}

/** The key of a resource's page (`GET /api/resources/item/:slug`): a counted download forgets it. */
export const itemCacheKey = (slug: string) => `item:${slug}`

export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

/** True when the client's If-None-Match names this ETag (weak comparison, lists and `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare)
}

/**
 * Answers a public read from the cache: 304 when the client already has it, gzip made once
 * when the client takes it, `Cache-Control` for browsers and a CDN. Use it only for answers
 * that are the same for everyone.
 */
export async function cachedJson(
  c: Context<AppEnv>,
  tag: CacheTag,
  key: string,
  compute: () => Promise<unknown>,
): Promise<Response> {
  const entry = await c.get('deps').publicCache.read(tag, key, compute)
  const headers: Record<string, string> = {
    'Cache-Control': PUBLIC_CACHE_CONTROL,
    'CDN-Cache-Control': CDN_CACHE_CONTROL,
    ETag: entry.etag,
    Vary: 'Accept-Encoding',
  }
  if (matchesEtag(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304, headers)
  headers['Content-Type'] = 'application/json'
  if (entry.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    headers['Content-Encoding'] = 'gzip'
    return c.body(entry.gzip, 200, headers)
  }
  return c.body(entry.body, 200, headers)
}
