import type { MiddlewareHandler } from 'hono'
import { type Logger, type RequestLine, requestLineWriter } from '../../logger'
import type { AppEnv } from '../../types'

/**
 * One log line per request, tagged with its id (Hono's requestId) so a client's report can be
 * found; what a handler logs carries the id too (`c.get('log')`).
 */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  const infoLine = requestLineWriter(logger)
  return async (c, next) => {
    const start = performance.now()
    const reqId = c.get('requestId')
    c.set('log', lazyChild(logger, reqId))
    await next()
    logRequest(
      logger,
      { reqId, method: c.req.method, path: c.req.path, status: c.res.status },
      start,
      infoLine,
    )
  }
}

/**
 * The request's logger, made on its first use: most requests (a cached read) log nothing but
 * their line, and a pino child costs its bindings' serialisation on every request otherwise.
 */
function lazyChild(logger: Logger, reqId: string): Logger {
  let child: Logger | undefined
  return new Proxy(logger, {
    get(_target, key) {
      child ??= logger.child({ reqId })
      const value = Reflect.get(child, key, child)
      return typeof value === 'function' ? value.bind(child) : value
    },
  })
}

/**
 * Writes a request's line: errors (5xx) as errors, API requests as info, the rest (pages,
 * files) as debug. With `reqId` and `infoLine`, `log` is the app's logger and an info line is
 * written by `infoLine` (logger.ts: the same line, made as one string).
 */
export function logRequest(
  log: Logger,
  line: { reqId?: string; method: string; path: string; status: number },
  start: number,
  infoLine?: RequestLine,
): void {
  const { reqId, method, path, status } = line
  const ms = Math.round((performance.now() - start) * 10) / 10
  const logged = loggablePath(path)
  if (infoLine && reqId !== undefined && status < 500 && path.startsWith('/api/')) {
    infoLine(reqId, method, logged, status, ms)
    return
  }
  const entry =
    reqId === undefined ? { method, path: logged, status, ms } : { reqId, method, path: logged, status, ms }
  if (status >= 500) log.error(entry, 'request')
  else if (path.startsWith('/api/')) log.info(entry, 'request')
  else log.debug(entry, 'request')
}

const RESET_LINK = '/api/auth/reset-password/'

/** The path as logged: a reset link's token is a key to an account, never written down. */
export function loggablePath(path: string): string {
  return path.startsWith(RESET_LINK)
    ? path.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[redacted]')
    : path
}
