import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import {
  CLIENT_IP_HEADER,
  type ClientIpOptions,
  DEFAULT_TRUSTED_PROXIES,
  proxyMatcher,
  resolveClientIp,
} from '../../lib/client-address'
import type { AppEnv } from '../../types'

// Re-exported for the routes that hand the address to better-auth.
export { CLIENT_IP_HEADER }

/**
 * Resolves the client's address once per request into `c.get('clientIp')`, and whether the
 * request came through one of our proxies (whose X-Forwarded-Proto may then be believed).
 */
export function clientIp(options: ClientIpOptions = {}): MiddlewareHandler<AppEnv> {
  const { header } = options
  const isTrusted = trustedProxies(options)
  return async (c, next) => {
    const peer = peerOf(c.env)
    // Forwarded headers are believed only when CLIENT_IP_HEADER is set and the peer is a proxy.
    const viaProxy = Boolean(header && peer && isTrusted(peer))
    c.set('clientIp', resolveClientIp(peer, viaProxy && header ? c.req.header(header) : undefined, isTrusted))
    c.set('viaProxy', viaProxy)
    await next()
  }
}

function trustedProxies(options: ClientIpOptions): (ip: string) => boolean {
  return proxyMatcher(options.trustedProxies ?? (options.header ? DEFAULT_TRUSTED_PROXIES : []))
}

/** The TCP peer of a request from @hono/node-server's bindings (none in process). */
export function peerOf(env: unknown): string | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress
}

/** The request with our client-address header set, for handlers that read addresses from headers. */
export function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers)
  headers.set(CLIENT_IP_HEADER, ip)
  return new Request(request, { headers })
}
