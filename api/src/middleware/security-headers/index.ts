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
  /** Paths whose handlers may set a security header of their own (a file's CSP), which is then kept. */
  ownPolicy: (path: string) => boolean
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
 * Where a handler may set its own policy (`ownPolicy`: an uploaded file's sandboxing CSP), its
 * header wins (`overwrite: false`); elsewhere the headers are set without asking first, which
 * halves secureHeaders' work per answer (each `has` costs about what a `set` does).
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  type Variants = Record<'plain' | 'https' | 'plainOwn' | 'httpsOwn', MiddlewareHandler>
  const made = new WeakMap<readonly string[], Variants>()
  const forOrigins = (origins: readonly string[]) => {
    let variants = made.get(origins)
    if (!variants) {
      const base = {
        contentSecurityPolicy: cspDirectives(origins, options.trackerOrigin),
        crossOriginResourcePolicy: options.crossOriginResourcePolicy,
        referrerPolicy: 'strict-origin-when-cross-origin',
        // Never set by us: nothing to remove.
        removePoweredBy: false,
      } as const
      const plain = { ...base, strictTransportSecurity: false } as const
      const https = { ...base, strictTransportSecurity: HSTS } as const
      variants = {
        plain: secureHeaders(plain),
        https: secureHeaders(https),
        plainOwn: secureHeaders({ ...plain, overwrite: false }),
        httpsOwn: secureHeaders({ ...https, overwrite: false }),
      }
      made.set(origins, variants)
    }
    return variants
  }
  return (c, next) => {
    const variants = forOrigins(options.remoteOrigins(c))
    const https = options.servedOverHttps(c)
    const own = options.ownPolicy(c.req.path)
    const pick = own
      ? https
        ? variants.httpsOwn
        : variants.plainOwn
      : https
        ? variants.https
        : variants.plain
    return pick(c, next) as Promise<void>
  }
}

export const HSTS = 'max-age=15552000; includeSubDomains'
