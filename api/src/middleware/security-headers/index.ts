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
 * What every answer that is not a page carries (JSON, images, scripts, files): it is never
 * rendered as a document of ours, so it gets the policy of one that may run nothing, as
 * GitHub's and Stripe's APIs answer (OWASP's REST cheat sheet). An SVG or image opened on its
 * own still shows: inline styles and same-site images are allowed.
 */
const RESOURCE_CSP = {
  defaultSrc: ["'none'"],
  imgSrc: ["'self'", 'data:'],
  styleSrc: ["'unsafe-inline'"],
  frameAncestors: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
}

/** Headers that only mean something to a document (a page): left off every other answer. */
const DOCUMENT_ONLY = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const

const noop = async () => {}

/**
 * Whether an answer is a page: its type says so. A 304 has no type, and the headers it brings
 * replace those of the copy the browser holds: a page's must stay a page's (or the page would
 * run under the policy that runs nothing). A browser revalidating a page asks for text/html;
 * revalidating a script, a stylesheet or an image, it does not.
 */
function isPage(c: Context<AppEnv>): boolean {
  const type = c.res.headers.get('content-type')
  if (type) return /^text\/html/i.test(type)
  return c.res.status === 304 && (c.req.header('accept') ?? '').includes('text/html')
}

/**
 * Hono's secureHeaders on every answer, with HSTS only over https. A page (an HTML answer)
 * gets our Content-Security-Policy, which follows the remote registry (decision 012: a release
 * hosted elsewhere adds its origin), and the document headers; every other answer gets the
 * short resource set (decision 073). One secureHeaders is made per registry snapshot and
 * scheme, not per request: the snapshot's origins are one array until the registry changes.
 *
 * Where a handler may set its own policy (`ownPolicy`: an uploaded file's sandboxing CSP), its
 * header wins (`overwrite: false`); elsewhere the headers are set without asking first, which
 * halves secureHeaders' work per answer (each `has` costs about what a `set` does).
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  type Variants = Record<'plain' | 'https' | 'plainOwn' | 'httpsOwn', MiddlewareHandler>
  const variantsOf = (extra: Record<string, unknown>): Variants => {
    const base = {
      ...extra,
      crossOriginResourcePolicy: options.crossOriginResourcePolicy,
      referrerPolicy: 'strict-origin-when-cross-origin',
      // Never set by us: nothing to remove.
      removePoweredBy: false,
    } as const
    const plain = { ...base, strictTransportSecurity: false } as const
    const https = { ...base, strictTransportSecurity: HSTS } as const
    return {
      plain: secureHeaders(plain),
      https: secureHeaders(https),
      plainOwn: secureHeaders({ ...plain, overwrite: false }),
      httpsOwn: secureHeaders({ ...https, overwrite: false }),
    }
  }
  const resources = variantsOf({ ...DOCUMENT_ONLY, contentSecurityPolicy: RESOURCE_CSP })
  const pages = new WeakMap<readonly string[], Variants>()
  const forPages = (origins: readonly string[]) => {
    let variants = pages.get(origins)
    if (!variants) {
      variants = variantsOf({ contentSecurityPolicy: cspDirectives(origins, options.trackerOrigin) })
      pages.set(origins, variants)
    }
    return variants
  }
  return async (c, next) => {
    await next()
    // After the handler: whether the answer is a page is known only from what it answered.
    const variants = isPage(c) ? forPages(options.remoteOrigins(c)) : resources
    const https = options.servedOverHttps(c)
    const own = options.ownPolicy(c.req.path)
    const pick = own
      ? https
        ? variants.httpsOwn
        : variants.plainOwn
      : https
        ? variants.https
        : variants.plain
    // secureHeaders sets its headers after the `next` it is given: here, nothing more to run.
    await pick(c, noop)
  }
}

export const HSTS = 'max-age=15552000; includeSubDomains'
