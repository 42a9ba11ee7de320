import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../types'

/**
 * The headers every response carries (security headers, the CSP, HSTS over https, the
 * request id, CORS), gathered as one plain object per request before the handler runs.
 *
 * Why not Hono's secureHeaders, cors and `c.header()` after `next()`: each header set on a
 * `Headers` costs undici's validation (about 1.5 µs apiece here, 17 of them on a cached
 * read), and `c.header()` or `c.res` touched around a handler makes Hono rebuild the response
 * as a full web `Response` with a body stream, which @hono/node-server must then read back.
 * Together that was most of why `/api/health` answered at 13 % of a bare Hono (issue 18).
 *
 * - A hot handler (the public cache's answers, the health check) sends its answer with
 *   `sendWhole()`: the plain object goes straight to Node's `writeHead`, nothing is rebuilt.
 * - Every other answer gets the same headers set after it was made, overwriting the
 *   handler's (as secureHeaders did), `Vary` appended to.
 */
export type ResponseHeadersOptions = {
  /** Remote origins this response's CSP allows (scripts, styles, images, fetches). */
  remoteOrigins: (c: Context<AppEnv>) => readonly string[]
  /** The error tracker's origin, which the browser reports to (connect-src), if any. */
  trackerOrigin: string | null
  /** `cross-origin` when remote chunks may be served from another origin. */
  crossOriginResourcePolicy: 'cross-origin' | 'same-origin'
  /** Whether the visitor reached us over https (HSTS only then). */
  servedOverHttps: (c: Context<AppEnv>) => boolean
}

export const HSTS = 'max-age=15552000; includeSubDomains'

/** What Hono's secureHeaders sent with our options, minus HSTS and the CSP (below). */
const STATIC_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
} as const

/** The Content-Security-Policy for these remote origins (and the tracker's). */
export function contentSecurityPolicy(remotes: readonly string[], tracker: string | null): string {
  const r = remotes.join(' ')
  const list = (...sources: string[]) => sources.filter(Boolean).join(' ')
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", r)}`,
    // Radix and sonner set inline styles for positioning.
    `style-src ${list("'self'", "'unsafe-inline'", r)}`,
    `img-src ${list("'self'", 'data:', 'blob:', r)}`,
    `connect-src ${list("'self'", r, tracker ?? '')}`,
    `font-src 'self' data:`,
    `frame-src 'self'`,
    `object-src 'none'`,
    `frame-ancestors 'self'`,
    `base-uri 'self'`,
    `form-action 'self' https://checkout.stripe.com`,
  ].join('; ')
}

/** What every answer carries apart from the request id: `(remote origins, over https) => headers`. */
export type HeaderBase = (origins: readonly string[], https: boolean) => Readonly<Record<string, string>>

/**
 * The headers of `responseHeaders` below, apart from `X-Request-Id`, made once per remote
 * registry snapshot (the CSP follows a release switch, decision 012) rather than per request.
 * The fast reads (../fast-reads) start from the same function, so both send the same set.
 */
export function responseHeaderBase(
  options: Omit<ResponseHeadersOptions, 'remoteOrigins' | 'servedOverHttps'>,
): HeaderBase {
  let lastOrigins: readonly string[] | null = null
  let plain: Record<string, string> = {}
  let https: Record<string, string> = {}
  return (origins, overHttps) => {
    if (origins !== lastOrigins) {
      plain = {
        ...STATIC_HEADERS,
        'Cross-Origin-Resource-Policy': options.crossOriginResourcePolicy,
        'Content-Security-Policy': contentSecurityPolicy(origins, options.trackerOrigin),
      }
      https = { ...plain, 'Strict-Transport-Security': HSTS }
      lastOrigins = origins
    }
    return overHttps ? https : plain
  }
}

export function responseHeaders(options: ResponseHeadersOptions): MiddlewareHandler<AppEnv> {
  const baseFor = responseHeaderBase(options)
  return async (c, next) => {
    const headers: Record<string, string> = {
      ...baseFor(options.remoteOrigins(c), options.servedOverHttps(c)),
      'X-Request-Id': c.get('requestId'),
    }
    c.set('responseHeaders', headers)
    await next()
    if (c.get('headersComplete')) return
    const target = c.res.headers
    for (const name in headers) {
      const value = headers[name] as string
      if (name === 'Vary') appendVary(target, value)
      else target.set(name, value)
    }
  }
}

function appendVary(target: Headers, value: string) {
  const current = target.get('Vary')
  if (!current) target.set('Vary', value)
  else if (
    current !== '*' &&
    !current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(value.toLowerCase())
  )
    target.set('Vary', `${current}, ${value}`)
}

/** Adds a header every answer to this request carries (CORS, for one): plain, before the handler. */
export function addResponseHeader(c: Context<AppEnv>, name: string, value: string): void {
  const headers = c.get('responseHeaders')
  if (headers) addHeader(headers, name, value)
}

/** Adds one header to a plain set: `Vary` is appended to, anything else replaced. */
export function addHeader(headers: Record<string, string>, name: string, value: string): void {
  if (name === 'Vary' && headers.Vary) headers.Vary = `${headers.Vary}, ${value}`
  else headers[name] = value
}

/**
 * The whole answer in one go, with the request's headers and the handler's own (the
 * handler's win, `Vary` is merged) as a plain object: the fast path described above.
 * Only for answers whose body is a string, bytes or nothing.
 */
export function sendWhole(
  c: Context<AppEnv>,
  body: string | Uint8Array<ArrayBuffer> | null,
  status: number,
  own: Readonly<Record<string, string>>,
): Response {
  c.set('headersComplete', true)
  return new Response(body, { status, headers: wholeHeaders(c.get('responseHeaders'), own) })
}

/** A request's headers and a handler's own as one set: the handler's win, `Vary` is merged. */
export function wholeHeaders(
  base: Readonly<Record<string, string>> | undefined,
  own: Readonly<Record<string, string>>,
): Record<string, string> {
  const headers = base ? { ...base, ...own } : { ...own }
  if (base?.Vary && own.Vary) headers.Vary = `${base.Vary}, ${own.Vary}`
  return headers
}
