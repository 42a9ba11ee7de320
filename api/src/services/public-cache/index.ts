import type { Context } from 'hono'
import type { JsonAnswer } from '../../lib/router'
import type { AppEnv } from '../../types'
import { type CacheTag, cachedAnswer } from './cache'

/**
 * The public read cache (decision 014) without Hono is in ./cache.ts, which the app's types
 * import; this file adds what a route calls, so the two never import each other's importers.
 */
export * from './cache'

/**
 * Answers a public read from the cache: 304 when the client already has it, gzip made once
 * when the client takes it, `Cache-Control` for browsers and a CDN. Use it only for answers
 * that are the same for everyone. Sent with `c.body`, so the headers Hono's middleware
 * prepared (the request id) are kept and the security headers are added after it as usual.
 */
export async function cachedJson<T>(
  c: Context<AppEnv>,
  tag: CacheTag,
  key: string,
  compute: () => Promise<T>,
): Promise<JsonAnswer<T, 200>> {
  const entry = await c.get('deps').publicCache.read(tag, key, compute)
  const answer = cachedAnswer(entry, c.req.header('if-none-match'), c.req.header('accept-encoding'))
  // Typed as what `compute` gives (serialised once, as c.json would): a 304 says the client
  // holds that answer already.
  return (answer.body === null
    ? c.body(null, 304, answer.headers)
    : c.body(answer.body, 200, answer.headers)) as Response as JsonAnswer<T, 200>
}
