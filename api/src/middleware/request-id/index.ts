import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../types'

const VALID = /^[\w\-=]{1,128}$/

/** The id of a request, given the `X-Request-Id` it came with (if any). */
export type RequestIds = (sent: string | undefined) => string

/**
 * The client's own id when it sent a sane one (a proxy's id carries through), otherwise
 * ours: this process's random prefix and a counter, unique across replicas and restarts,
 * and far cheaper than a UUID per request. One per app, shared by the middleware below and
 * the fast reads (../fast-reads), so ids never repeat between the two.
 */
export function requestIds(): RequestIds {
  const prefix = randomBytes(6).toString('base64url')
  let counter = 0
  return (sent) => (sent && VALID.test(sent) ? sent : `${prefix}-${(++counter).toString(36)}`)
}

/** `X-Request-Id` on every response (and in every log line of the request). */
export function requestId(ids: RequestIds = requestIds()): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Sent as a header by ../response-headers, with the others.
    c.set('requestId', ids(c.req.header('x-request-id')))
    return next()
  }
}
