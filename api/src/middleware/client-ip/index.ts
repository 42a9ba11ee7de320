import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../types'

/** Carries our resolved client address to better-auth; any client-sent copy is replaced. */
export const CLIENT_IP_HEADER = 'x-lamplight-client-ip'

/**
 * Resolves the client's address once per request. Behind a proxy, the configured header
 * (for a list like X-Forwarded-For, its last entry: the one our proxy appended, which a
 * client cannot forge); otherwise the TCP peer. Rate limits key on this, so clients never
 * share one bucket and cannot pick their own.
 */
export function clientIp(proxyHeader?: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const peer = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress
    let ip = peer
    if (proxyHeader) {
      const value = c.req.header(proxyHeader)
      const last = value?.split(',').at(-1)?.trim()
      if (last) ip = last
    }
    c.set('clientIp', ip ? ip.replace(/^::ffff:/, '') : 'unknown')
    await next()
  }
}

/** The request with our client-address header set, for handlers that read addresses from headers. */
export function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers)
  headers.set(CLIENT_IP_HEADER, ip)
  return new Request(request, { headers })
}
