import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AppEnv } from '../../types'

export type SecurityHeadersOptions = {
  /** Remote origins this response's CSP allows (scripts, styles, images, fetches). */
  remoteOrigins: (c: Context<AppEnv>) => readonly string[]
  /** The error tracker's origin, which the browser reports to (connect-src), if any. */
  trackerOrigin: string | null
  /** `cross-origin` when remote chunks may be served from another origin. */
  crossOriginResourcePolicy: 'cross-origin' | 'same-origin'
  /** Whether the visitor reached us over https (HSTS only then). */
  servedOverHttps: (c: Context<AppEnv>) => boolean
}

/** The Content-Security-Policy's directives for these remote origins (and the tracker's). */
export function cspDirectives(remotes: readonly string[], tracker: string | null) {
  const self = "'self'"
  return {
    defaultSrc: [self],
    scriptSrc: [self, ...remotes],
    // Radix and sonner set inline styles for positioning.
    styleSrc: [self, "'unsafe-inline'", ...remotes],
    imgSrc: [self, 'data:', 'blob:', ...remotes],
    connectSrc: [self, ...remotes, ...(tracker ? [tracker] : [])],
    fontSrc: [self, 'data:'],
    frameSrc: [self],
    objectSrc: ["'none'"],
    frameAncestors: [self],
    baseUri: [self],
    formAction: [self, 'https://checkout.stripe.com'],
  }
}

/**
 * Hono's secureHeaders on every answer, with our Content-Security-Policy and HSTS only over
 * https. The CSP follows the remote registry (decision 012: a release hosted elsewhere adds its
 * origin), so one secureHeaders is made per registry snapshot and scheme, not per request:
 * the snapshot's origins are one array until the registry changes.
 *
 * `overwrite: false`: a handler's own header wins (an uploaded file's sandboxing CSP).
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  const made = new WeakMap<readonly string[], { plain: MiddlewareHandler; https: MiddlewareHandler }>()
  const forOrigins = (origins: readonly string[]) => {
    let pair = made.get(origins)
    if (!pair) {
      const base = {
        contentSecurityPolicy: cspDirectives(origins, options.trackerOrigin),
        crossOriginResourcePolicy: options.crossOriginResourcePolicy,
        referrerPolicy: 'strict-origin-when-cross-origin',
        overwrite: false,
      } as const
      pair = {
        plain: secureHeaders({ ...base, strictTransportSecurity: false }),
        https: secureHeaders({ ...base, strictTransportSecurity: HSTS }),
      }
      made.set(origins, pair)
    }
    return pair
  }
  return (c, next) => {
    const pair = forOrigins(options.remoteOrigins(c))
    return (options.servedOverHttps(c) ? pair.https : pair.plain)(c, next) as Promise<void>
  }
}

export const HSTS = 'max-age=15552000; includeSubDomains'
