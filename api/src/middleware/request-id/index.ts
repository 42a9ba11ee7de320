import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../types'

const VALID = /^[\w\-=]{1,128}$/

/**
 * `X-Request-Id` on every response (and in every log line of the request): the client's
 * own when it sent a sane one (a proxy's id carries through), otherwise ours. Ours is this
 * process's random prefix and a counter: unique across replicas and restarts, and far
 * cheaper than a UUID per request.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  const prefix = randomBytes(6).toString('base64url')
  let counter = 0
  return async (c, next) => {
    const sent = c.req.header('x-request-id')
    const id = sent && VALID.test(sent) ? sent : `${prefix}-${(++counter).toString(36)}`
    // Sent as a header by ../response-headers, with the others.
    c.set('requestId', id)
    return next()
  }
}
