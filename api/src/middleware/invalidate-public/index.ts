import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../types'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The one place the public read cache learns of admin writes: any successful write under
 * `/api/admin/` (publish, edit, delete, upload, price change, and whatever the console
 * adds later) empties it before the response leaves, so the next public read is fresh.
 * Writes are rare and a refill is one query, so no route has to say what it touched.
 * A write elsewhere that changes public content calls `deps.publicCache.invalidate()`.
 */
export function invalidateOnAdminWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (READS.has(c.req.method) || c.res.status >= 400) return
    await c.get('deps').publicCache.invalidate()
  }
}
