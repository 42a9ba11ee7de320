import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { Redis } from 'ioredis'
import { redisOptions } from '../../lib/redis'
import type { Logger } from '../../logger'

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
/** A cached answer as sent: its bytes, and gzip when it is worth it, made once per body in this process. */
export type Entry = CachedBody & {
  bytes: Uint8Array<ArrayBuffer>
  gzip?: Uint8Array<ArrayBuffer>
  /** Its answers as sent (`cachedAnswer`), made on first use: nothing is built per request. */
  answers?: { notModified: CachedAnswer; plain: CachedAnswer; gzip: CachedAnswer | undefined }
}

export type CacheStore = {
  /**
   * The entry and the tag's generation, read together. `local` when answered from this
   * process's copy without asking the shared store (so it says nothing of the store's health).
   */
  get(tag: CacheTag, key: string): Promise<{ entry: CachedBody | null; gen: string; local?: boolean }>
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

/**
 * Redis, shared by the replicas: one hash per tag plus a generation counter, and in front of
 * it a copy in this process, so a hot read costs no round trip (issue 18: a Redis round trip
 * per read halved what a replica answers).
 *
 * The copy is kept honest by Redis pub/sub: every invalidate and forget is published, and
 * each replica drops its copies when the message arrives (milliseconds). In case a message
 * is lost (the subscriber's connection dropped), a copy is also checked against Redis again
 * once it is `localMs` old, and all copies are dropped whenever the subscriber reconnects.
 * So a write on one replica is seen on the others at once in practice, and within `localMs`
 * (a second) at worst.
 */
export function createRedisStore(url: string, ttlMs: number, localMs = 1000): CacheStore {
  const prefix = 'lamplight:public-cache:'
  // Bounded like the session cache's client: a command lost with its connection must not hold a read.
  const redis = new Redis(url, redisOptions(prefix))
  // Failures reach the cache's callers (createPublicCache falls back and logs once).
  redis.on('error', () => {})
  // Once connected, a command while Redis is away fails at once: queued, it would wait for
  // up to two reconnection attempts (seconds, as the back-off grows) before failing, and
  // every public read would wait that long. Before the first connection it waits (start-up).
  let connected = false
  redis.on('ready', () => {
    connected = true
  })
  const reachable = () => {
    if (connected && redis.status !== 'ready') throw new Error(`Redis is not ready (${redis.status})`)
  }
  // Pub/sub channels are not per database: the channel names the database.
  const channel = `${prefix}${redis.options.db ?? 0}:events`
  const subscriber = new Redis(url, { maxRetriesPerRequest: null })
  const SET_IF_GEN = `if (redis.call('get', KEYS[1]) or '0') == ARGV[1] then
    redis.call('hset', KEYS[2], ARGV[2], ARGV[3])
    redis.call('pexpire', KEYS[2], ARGV[4])
    return 1
  end
  return 0`

  type Copy = { entry: CachedBody; gen: string; checked: number }
  const copies = new Map<string, Copy>()
  // Bumped when a tag's copies are dropped: a read that went to Redis before the drop does
  // not keep what it brought back.
  const epochs = new Map<CacheTag, number>(CACHE_TAGS.map((t) => [t, 0]))
  const copyKey = (tag: CacheTag, key: string) => `${tag}\u0000${key}`
  const dropTag = (tag: CacheTag) => {
    epochs.set(tag, (epochs.get(tag) ?? 0) + 1)
    for (const k of copies.keys()) if (k.startsWith(`${tag}\u0000`)) copies.delete(k)
  }
  const dropAll = () => {
    for (const tag of CACHE_TAGS) dropTag(tag)
  }
  const keep = (tag: CacheTag, key: string, copy: Copy) => {
    copies.delete(copyKey(tag, key))
    copies.set(copyKey(tag, key), copy)
    if (copies.size > CACHE_TAGS.length * 2000) copies.delete(copies.keys().next().value as string)
  }

  subscriber.on('message', (_channel: string, message: string) => {
    const { tag, key } = JSON.parse(message) as { tag: CacheTag; key?: string }
    if (!CACHE_TAGS.includes(tag)) return
    if (key === undefined) dropTag(tag)
    else copies.delete(copyKey(tag, key))
  })
  // Messages sent while we were away are lost: forget every copy when we are back.
  subscriber.on('ready', dropAll)
  subscriber.on('error', () => {})
  const subscribed = subscriber.subscribe(channel).catch(() => {})

  return {
    async get(tag, key) {
      const copy = copies.get(copyKey(tag, key))
      if (copy && Date.now() - copy.checked < localMs)
        return { entry: copy.entry, gen: copy.gen, local: true }
      reachable()
      const epoch = epochs.get(tag)
      const result = (await redis.pipeline().hget(`h:${tag}`, key).get(`gen:${tag}`).exec()) ?? []
      const raw = result[0]?.[1] as string | null
      const gen = (result[1]?.[1] as string | null) ?? '0'
      const entry = raw ? (JSON.parse(raw) as CachedBody) : null
      if (entry && epochs.get(tag) === epoch) keep(tag, key, { entry, gen, checked: Date.now() })
      return { entry, gen }
    },
    async set(tag, key, entry, gen) {
      reachable()
      const epoch = epochs.get(tag)
      // keyPrefix applies to KEYS of eval as well.
      const stored = await redis.eval(
        SET_IF_GEN,
        2,
        `gen:${tag}`,
        `h:${tag}`,
        gen,
        key,
        JSON.stringify(entry),
        ttlMs * 2,
      )
      if (stored === 1 && epochs.get(tag) === epoch) keep(tag, key, { entry, gen, checked: Date.now() })
    },
    async invalidate(tag) {
      // This process's copies go whatever Redis says: a write here must not be answered
      // from a copy made before it, even while Redis is away (and again once it is done).
      dropTag(tag)
      reachable()
      await redis.multi().incr(`gen:${tag}`).del(`h:${tag}`).publish(channel, JSON.stringify({ tag })).exec()
      // Again after Redis changed: a read under way brought back the old answer, and keeps nothing.
      dropTag(tag)
    },
    async forget(tag, key) {
      copies.delete(copyKey(tag, key))
      reachable()
      await redis.multi().hdel(`h:${tag}`, key).publish(channel, JSON.stringify({ tag, key })).exec()
      copies.delete(copyKey(tag, key))
    },
    async close() {
      // With Redis away, quit() would wait for it (the subscriber retries for ever) and hold
      // the shutdown: then the connections are just dropped.
      if (subscriber.status === 'ready') await subscribed
      await Promise.all(
        [redis, subscriber].map((client) =>
          client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
        ),
      )
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

export function createPublicCache(
  store: CacheStore = createMemoryStore(),
  ttlMs = 30_000,
  logger?: Pick<Logger, 'warn' | 'info'>,
): PublicCache {
  const inflight = new Map<string, Promise<Entry>>()
  // A shared store (Redis) that fails must not fail the read: the answer is computed as if
  // there were no cache, and a write's invalidation that did not reach the store is kept
  // and done before the store is read again (so nothing older than the write is served).
  const unsent = new Set<CacheTag>()
  let down = false
  const failed = (err: unknown) => {
    if (down) return
    down = true
    logger?.warn(
      { component: 'public-cache', fallback: 'computed', err: err instanceof Error ? err.message : err },
      'public cache: the shared store is unavailable; answers are computed without it',
    )
  }
  const recovered = () => {
    if (!down) return
    down = false
    logger?.info({ component: 'public-cache' }, 'public cache: the shared store is back')
  }
  // The bytes (and gzip) are made once per body and kept by ETag in this process: encoding a
  // 5 KB listing to UTF-8 for every answer showed in the profile (issue 18).
  const encoded = new Map<string, Entry>()
  const encode = (entry: CachedBody): Entry => {
    let ready = encoded.get(entry.etag)
    if (!ready) {
      const bytes = new Uint8Array(Buffer.from(entry.body))
      ready = { ...entry, bytes }
      if (bytes.byteLength >= 1024) ready.gzip = new Uint8Array(gzipSync(bytes))
      if (encoded.size >= 2000) encoded.clear()
      encoded.set(entry.etag, ready)
    }
    return ready
  }

  return {
    async read(tag, key, compute) {
      let found: Awaited<ReturnType<CacheStore['get']>>
      try {
        for (const pending of [...unsent]) {
          await store.invalidate(pending)
          unsent.delete(pending)
        }
        found = await store.get(tag, key)
        // A copy kept in this process proves nothing about the store: only an answer from
        // it ends an outage (else a hot key read during the outage would say "back").
        if (!found.local) recovered()
      } catch (err) {
        failed(err)
        const body = JSON.stringify(await compute())
        return encode({ body, etag: etagOf(body), at: Date.now() })
      }
      const { entry, gen } = found
      if (entry && Date.now() - entry.at < ttlMs) return encode(entry)
      const flightKey = `${tag}\u0000${gen}\u0000${key}`
      let pending = inflight.get(flightKey)
      if (!pending) {
        pending = (async () => {
          const body = JSON.stringify(await compute())
          const fresh: CachedBody = { body, etag: etagOf(body), at: Date.now() }
          await store.set(tag, key, fresh, gen).catch(failed)
          return encode(fresh)
        })().finally(() => inflight.delete(flightKey))
        inflight.set(flightKey, pending)
      }
      return pending
    },
    async invalidate(...tags) {
      for (const tag of tags.length ? tags : CACHE_TAGS) {
        try {
          await store.invalidate(tag)
        } catch (err) {
          failed(err)
          unsent.add(tag)
        }
      }
      inflight.clear()
    },
    async forget(tag, key) {
      try {
        await store.forget(tag, key)
      } catch (err) {
        // Not one entry then: the whole tag goes when the store is back.
        failed(err)
        unsent.add(tag)
      }
    },
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

/** A cached entry as answered: its status, body and own headers (never to be changed: shared). */
export type CachedAnswer = {
  status: number
  body: Uint8Array<ArrayBuffer> | null
  headers: Readonly<Record<string, string>>
}

/**
 * A cached entry as answered: 304 for a matching ETag, gzip for a client that takes it.
 * Each of the three answers is made once per entry (headers included), so a hot read builds
 * nothing but Hono's own response around them.
 */
export function cachedAnswer(
  entry: Entry,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedAnswer {
  entry.answers ??= answersOf(entry)
  if (matchesEtag(ifNoneMatch, entry.etag)) return entry.answers.notModified
  if (entry.answers.gzip && acceptEncoding && GZIP.test(acceptEncoding)) return entry.answers.gzip
  return entry.answers.plain
}

function answersOf(entry: Entry): NonNullable<Entry['answers']> {
  const headers = {
    'Cache-Control': PUBLIC_CACHE_CONTROL,
    'CDN-Cache-Control': CDN_CACHE_CONTROL,
    ETag: entry.etag,
    // A trusted origin's request gets CORS headers on the same URL (app.ts): a cache in
    // front keys on Origin as well as on the encoding.
    Vary: 'Accept-Encoding, Origin',
  }
  // The length is known: Hono's compress then leaves an answer under its threshold alone
  // without looking at the body, and one over it is already gzip (or the client takes none).
  const json = (body: Uint8Array) => ({
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(body.byteLength),
  })
  return {
    notModified: { status: 304, body: null, headers },
    plain: { status: 200, body: entry.bytes, headers: json(entry.bytes) },
    gzip: entry.gzip && {
      status: 200,
      body: entry.gzip,
      headers: { ...json(entry.gzip), 'Content-Encoding': 'gzip' },
    },
  }
}

const GZIP = /\bgzip\b/
