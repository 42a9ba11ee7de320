import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../types'
import { addHeader, addResponseHeader } from '../response-headers'

const ALLOW_METHODS = 'GET,HEAD,PUT,POST,DELETE,PATCH'

/**
 * CORS with cookies for our own other origins (a separately deployed admin console):
 * an allowed origin gets `Access-Control-Allow-Origin` (its own) and `-Credentials`; any
 * other origin gets neither, so its page cannot read our answers. Every answer says
 * `Vary: Origin`. Preflights are answered here (204).
 *
 * Instead of Hono's cors(), whose headers, set on `c.res` around the handler, made Hono
 * rebuild every API answer twice (see ../response-headers): these go in the request's
 * plain response headers.
 */
export function corsForTrustedOrigins(
  trusted: readonly string[],
  maxAgeSeconds = 600,
): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trusted)
  const answerCors = corsHeaders(trusted)
  return async (c, next) => {
    const origin = c.req.header('origin')
    const ok = !!origin && allowed.has(origin)
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = { Vary: 'Origin' }
      if (ok) {
        headers['Access-Control-Allow-Origin'] = origin
        headers['Access-Control-Allow-Credentials'] = 'true'
        headers['Access-Control-Max-Age'] = String(maxAgeSeconds)
        headers['Access-Control-Allow-Methods'] = ALLOW_METHODS
        const asked = c.req.header('access-control-request-headers')
        if (asked) {
          headers['Access-Control-Allow-Headers'] = asked
            .split(',')
            .map((h) => h.trim())
            .join(',')
          headers.Vary = 'Origin, Access-Control-Request-Headers'
        }
      }
      for (const [name, value] of Object.entries(headers)) addResponseHeader(c, name, value)
      return c.body(null, 204)
    }
    const headers = c.get('responseHeaders')
    if (headers) answerCors(headers, origin)
    await next()
  }
}

/**
 * Adds the CORS headers of an answer (not a preflight) to a request from `origin` to a plain
 * set: the middleware above and the fast reads (../fast-reads) both use it.
 */
export function corsHeaders(
  trusted: readonly string[],
): (headers: Record<string, string>, origin: string | undefined) => void {
  const allowed = new Set(trusted)
  return (headers, origin) => {
    if (origin && allowed.has(origin)) {
      addHeader(headers, 'Access-Control-Allow-Origin', origin)
      addHeader(headers, 'Access-Control-Allow-Credentials', 'true')
    }
    addHeader(headers, 'Vary', 'Origin')
  }
}
