import { Hono } from 'hono'
import { originsOf } from './domains/deployments/remote-registry'
import { clientIp, proxyPeer } from './middleware/client-ip'
import { compressAnswers } from './middleware/compress'
import { corsForTrustedOrigins, corsHeaders } from './middleware/cors'
import { apiNotFound, errorHandler } from './middleware/error-handler'
import { withFastReads } from './middleware/fast-reads'
import { invalidateOnAdminWrites } from './middleware/invalidate-public'
import { originCheck } from './middleware/origin-check'
import { requestId, requestIds } from './middleware/request-id'
import { requestLogger } from './middleware/request-logger'
import { responseHeaderBase, responseHeaders } from './middleware/response-headers'
import { serveApps } from './middleware/serve-apps'
import { dsnOrigin } from './observability'
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

export type AppOptions = {
  /** The fast reads of the public cache before the middleware (on unless a test compares). */
  fastReads?: boolean
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const { config, logger } = deps
  // Origins (other than our own) that scripts and manifests may come from: the registry's
  // active releases hosted elsewhere (decision 012), read per page load (cached briefly).
  const pinned = originsOf(Object.values(config.remoteOverrides))
  // The browser reports errors to PUBLIC_SENTRY_DSN's origin: allowed only when it is set.
  const tracker = dsnOrigin(config.errorReporting.publicDsn)

  const ids = requestIds()
  const servedOverHttps = overHttps(config.publicUrl)
  const clientIpOptions = { header: config.clientIpHeader, trustedProxies: config.trustedProxies }
  const headerOptions = {
    trackerOrigin: tracker ?? null,
    // Remote chunks may be served from another origin.
    crossOriginResourcePolicy: pinned.length ? ('cross-origin' as const) : ('same-origin' as const),
  }
  const trusted = config.auth.trustedOrigins
  const apiOrigins = () => deps.remotes.cached()?.origins ?? pinned

  const app = new Hono<AppEnv>()
  app.use(requestId(ids))
  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.use(requestLogger(logger))
  app.use(clientIp(clientIpOptions))
  app.use(async (c, next) => {
    // Pages need the current origins; API answers (never rendered) take the last ones read.
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/')
    if (isApi) c.set('remoteOrigins', apiOrigins())
    else {
      const snapshot = await deps.remotes.snapshot().catch((err: unknown) => {
        c.get('log').error({ err }, 'could not read the remote registry')
        return deps.remotes.cached()
      })
      c.set('remoteOrigins', snapshot?.origins ?? pinned)
    }
    await next()
  })
  app.use(
    responseHeaders({
      ...headerOptions,
      remoteOrigins: (c) => c.get('remoteOrigins') ?? pinned,
      servedOverHttps: (c) =>
        servedOverHttps(
          c.req.url,
          c.get('viaProxy'),
          c.get('viaProxy') ? c.req.header('x-forwarded-proto') : undefined,
        ),
    }),
  )
  app.use(compressAnswers())

  const api = new Hono<AppEnv>()
  // A separately deployed admin console calls us from its own origin, with cookies.
  api.use(corsForTrustedOrigins(trusted))
  api.use(originCheck(trusted))
  api.use('/admin/*', invalidateOnAdminWrites())
  // Each domain at its own prefix: a guard on one router can never reach another's routes.
  for (const router of apiRouters) api.route(router.prefix, router.hono)
  api.all('*', apiNotFound)
  app.route('/api', api)
  app.route('/', seoRoutes())

  if (config.serveApps)
    app.use(
      serveApps({
        appsDir: config.appsDir,
        remotes: deps.remotes,
        releasesDir: config.releasesDir,
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
  if (options.fastReads === false) return app
  // The hottest public reads, answered from the public cache before all of the above (decision 024).
  return withFastReads(app, {
    logger,
    publicCache: deps.publicCache,
    requestIds: ids,
    headerBase: responseHeaderBase(headerOptions),
    remoteOrigins: apiOrigins,
    servedOverHttps,
    viaProxy: proxyPeer(clientIpOptions),
    cors: corsHeaders(trusted),
  })
}

export type App = ReturnType<typeof createApp>
