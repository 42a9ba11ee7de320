import type { Context, MiddlewareHandler } from 'hono'
import { tooManyRequests } from '../../lib/errors'
import type { AppEnv } from '../../types'

export type RateLimitOptions = {
  /** Names the bucket family, e.g. 'contact': each route counts on its own. */
  name: string
  /** Requests allowed per client address in one window. */
  limit: number
  windowMs: number
  /** Whom to count: the client address unless a route says otherwise (e.g. the signed-in user). */
  key?: (c: Context<AppEnv>) => string | Promise<string>
  /** Shown to the client with the 429. */
  message?: string
  /** The clock, for tests. */
  now?: () => number
}

type Bucket = { count: number; resetAt: number }

/**
 * A fixed-window limit per client address (`c.get('clientIp')`) and route name, kept in
 * this process's memory. Over the limit, the request is answered 429 in our error shape
 * with `Retry-After` (seconds until the window ends). Every attempt counts, valid or not,
 * so a client cannot probe the validator for free. Expired windows are swept once per
 * window, so the map holds at most the clients of the last window.
 *
 * In-memory means per process: behind several instances each keeps its own count, which
 * is good enough to stop a runaway script on a contact form.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const { name, limit, windowMs, message, now = Date.now, key: keyOf = clientKey } = options
  const buckets = new Map<string, Bucket>()
  let nextSweep = now() + windowMs

  const sweep = (at: number) => {
    if (at < nextSweep) return
    for (const [key, bucket] of buckets) if (bucket.resetAt <= at) buckets.delete(key)
    nextSweep = at + windowMs
  }

  return async (c, next) => {
    const at = now()
    sweep(at)
    const key = `${name}|${await keyOf(c)}`
    let bucket = buckets.get(key)
    if (!bucket || bucket.resetAt <= at) {
      bucket = { count: 0, resetAt: at + windowMs }
      buckets.set(key, bucket)
    }
    bucket.count += 1
    if (bucket.count > limit) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((bucket.resetAt - at) / 1000))))
      throw tooManyRequests(message)
    }
    await next()
  }
}

function clientKey(c: Context<AppEnv>): string {
  return c.get('clientIp') ?? 'unknown'
}
