import type { MiddlewareHandler } from 'hono'
import type { Logger } from '../../logger'
import type { AppEnv } from '../../types'

/** One log line per request, tagged with its id so a client's report can be found. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now()
    const log = logger.child({ reqId: c.get('requestId') })
    c.set('log', log)
    await next()
    const ms = Math.round((performance.now() - start) * 10) / 10
    const status = c.res.status
    const line = { method: c.req.method, path: loggablePath(c.req.path), status, ms }
    if (status >= 500) log.error(line, 'request')
    else if (c.req.path.startsWith('/api/')) log.info(line, 'request')
    else log.debug(line, 'request')
  }
}

/** The path as logged: a reset link's token is a key to an account, never written down. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[redacted]')
}
