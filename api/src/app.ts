import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import { requestId } from 'hono/request-id'
import { originsOf } from './domains/deployments/remote-registry'
import { clientIp } from './middleware/client-ip'
import { apiNotFound, errorHandler } from './middleware/error-handler'
import { invalidateOnAdminWrites } from './middleware/invalidate-public'
import { originCheck } from './middleware/origin-check'
import { requestLogger } from './middleware/request-logger'
import { securityHeaders } from './middleware/security-headers'
import { serveApps } from './middleware/serve-apps'
import { dsnOrigin } from './observability'
import { createMetrics } from './observability/metrics'
import { apiRouters } from './routes'
import { seoRoutes } from './seo'
import type { AppDeps, AppEnv } from './types'

/**
 * Whether the visitor reached us over https: PUBLIC_URL says the site is https, the request
 * itself is, or one of our proxies (TRUSTED_PROXIES) says so in X-Forwarded-Proto.
 */
function overHttps(publicUrl: string) {
  const always = publicUrl.startsWith('https://')
  /** `forwardedProto`: X-Forwarded-Proto, read only when the request came through our proxy. */
  return (url: string, viaProxy: boolean, forwardedProto: string | undefined): boolean => {
    if (always || url.startsWith('https://')) return true
    if (!viaProxy) return false
    return forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https'
  }
}

/**
 * Request ids: this process's random prefix and a counter, unique across replicas and
 * restarts, and far cheaper than a UUID per request.
 */
function sequentialIds(): () => string {
  const prefix = randomBytes(6).toString('base64url')
  let counter = 0
  return () => `${prefix}-${(++counter).toString(36)}`
}

const CORS_METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'PATCH']

export function createApp(deps: AppDeps) {
  const { config, logger } = deps
  // Origins (other than our own) that scripts and manifests may come from: the registry's
  // active releases hosted elsewhere (decision 012), read per page load (cached briefly).
  const pinned = originsOf(Object.values(config.remoteOverrides))
  // The browser reports errors to PUBLIC_SENTRY_DSN's origin: allowed only when it is set.
  const tracker = dsnOrigin(config.errorReporting.publicDsn)

  const servedOverHttps = overHttps(config.publicUrl)
  const clientIpOptions = { header: config.clientIpHeader, trustedProxies: config.trustedProxies }
  const trusted = new Set(config.auth.trustedOrigins)
  const apiOrigins = () => deps.remotes.cached()?.origins ?? pinned

  const app = new Hono<AppEnv>()
  // First, so it times everything after it, and only when a scraper has a token to read it.
  const metrics = config.metricsToken ? createMetrics(deps, config.metricsToken) : undefined
  if (metrics) app.use(metrics.middleware)
  // The client's own id when it sent a sane one (a proxy's id carries through), else ours.
  app.use(requestId({ generator: sequentialIds(), limitLength: 128 }))
  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
    // requestId prepares its header for Hono's c.body/c.json; an answer a handler built as
    // its own Response (a file, better-auth's) carries it too.
    if (!c.res.headers.has('X-Request-Id')) c.res.headers.set('X-Request-Id', c.get('requestId'))
  })
  app.use(requestLogger(logger))
  app.use(clientIp(clientIpOptions))
  app.use(async (c, next) => {
    // Only a page's CSP names the remotes' origins (decision 073): the site's pages read the
    // current ones before they are served; the API's few HTML answers take the last ones read
    // (securityHeaders' `remoteOrigins` below), and its JSON needs none.
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/')
    if (!isApi) {
      const snapshot = await deps.remotes.snapshot().catch((err: unknown) => {
        c.get('log').error({ err }, 'could not read the remote registry')
        return deps.remotes.cached()
      })
      c.set('remoteOrigins', snapshot?.origins ?? pinned)
    }
    await next()
  })
  app.use(
    securityHeaders({
      trackerOrigin: tracker ?? null,
      // Remote chunks may be served from another origin.
      crossOriginResourcePolicy: pinned.length ? 'cross-origin' : 'same-origin',
      remoteOrigins: (c) => c.get('remoteOrigins') ?? apiOrigins(),
      // Uploaded files and their thumbnails carry their own sandboxing CSP (issue 29).
      ownPolicy: (path) => path.startsWith('/api/files/') || path.startsWith('/api/admin/resources/'),
      servedOverHttps: (c) =>
        servedOverHttps(
          c.req.url,
          c.get('viaProxy'),
          c.get('viaProxy') ? c.req.header('x-forwarded-proto') : undefined,
        ),
    }),
  )
  // gzip for text answers made per request (pages, API JSON) over 1 KB; files the build
  // precompressed and the public cache's answers come with their own encoding (decision 043).
  app.use(compress())

  const api = new Hono<AppEnv>()
  // A separately deployed admin console calls us from its own origin, with cookies: Hono's
  // cors for requests that name a trusted origin, and for every preflight (others get no
  // permission). A request naming no Origin, or another origin, is no CORS request of ours:
  // cors (with credentials) would say Allow-Credentials to it and touch the answer for nothing.
  const corsForTrusted = cors({
    origin: (origin) => (trusted.has(origin) ? origin : null),
    allowMethods: (origin) => (trusted.has(origin) ? CORS_METHODS : []),
    credentials: true,
    maxAge: 600,
  })
  api.use((c, next) => {
    const origin = c.req.header('origin')
    return origin !== undefined && (trusted.has(origin) || c.req.method === 'OPTIONS')
      ? corsForTrusted(c, next)
      : next()
  })
  api.use(originCheck(config.auth.trustedOrigins))
  api.use('/admin/*', invalidateOnAdminWrites())
  // Each domain at its own prefix: a guard on one router can never reach another's routes.
  for (const router of apiRouters) api.route(router.prefix, router.hono)
  api.all('*', apiNotFound)
  app.route('/api', api)
  app.route('/', seoRoutes())
  // Access: a bearer of METRICS_TOKEN (not a user); without the token set, a 404 like any path.
  if (metrics) app.get('/metrics', ...metrics.handlers)

  if (config.serveApps)
    app.use(
      serveApps({
        appsDir: config.appsDir,
        remotes: deps.remotes,
        releasesDir: config.releasesDir,
        // The auth secret (AUTH_SECRET, or the one kept under .data/) signs visitor ids too.
        visitorSecret: deps.auth.options.secret as string,
        fetchApi: (request, env) => app.fetch(request, env),
        serverRender: config.serverRender && {
          ...config.serverRender,
          // The pages' API calls are answered in process, as the visitor (their cookie, their address).
          fetchApi: (request, env) => app.fetch(request, env),
          publicOrigin: config.publicUrl,
        },
        runtimeConfig: {
          errorReporting: config.errorReporting.publicDsn
            ? {
                dsn: config.errorReporting.publicDsn,
                environment: config.errorReporting.environment,
                release: config.errorReporting.release,
              }
            : null,
        },
      }),
    )

  app.notFound((c) => (c.req.path.startsWith('/api') ? apiNotFound(c) : c.text('Not found', 404)))
  app.onError(errorHandler)
  return app
}

export type App = ReturnType<typeof createApp>
