import { Writable } from 'node:stream'
import { siteJsonLd, socialProfiles } from '@lamplight/contracts'
import {
  INTERNAL_ORIGIN,
  matchRoute,
  type RemoteName,
  type ServerRenderRequest,
  type ServerRenderResult,
  SHELL_ROUTES,
} from '@lamplight/routes'
import {
  createQueryClient,
  fetchSession,
  formatTitle,
  type PageStatus,
  PageStatusProvider,
  SESSION_QUERY_KEY,
  SITE_NAME,
} from '@lamplight/session'
import { dehydrate } from '@tanstack/react-query'
import type { ComponentType, ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AppProviders, AppRoutes } from '../app'
import { RENDER_IN_BROWSER, ServerRemotesContext } from '../remotes/remote-area'
import { documentHtml } from './html'
import { type LoadedRemote, loadServerRemote } from './remotes'

const SHELL_TITLES: Record<(typeof SHELL_ROUTES)[number], string> = {
  '/auth': 'Sign In',
  '/auth/reset-password': 'Reset Password',
  '/auth/verify-email': 'Confirm your email',
}

class Late extends Error {}

/** Resolves with the promise, or rejects with Late once the page's deadline has passed. */
function within<T>(promise: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now()
  if (left <= 0) return Promise.reject(new Late('the deadline had passed'))
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Late(`not ready within the deadline`)), left)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Longest a render may take once its data is there (lazy pages load their code); then it is cut short. */
const RENDER_LIMIT_MS = 3000

/**
 * React 19's Node stream, read once everything has rendered (`onAllReady`): every Suspense
 * boundary is complete in the markup, so the page reads right without scripts (a streamed
 * boundary completes through an inline script, which neither a visitor without JavaScript
 * nor our Content-Security-Policy runs). Cut short at RENDER_LIMIT_MS: what is still pending
 * is rendered in the browser.
 */
function renderToString(
  element: ReactNode,
  onError: (error: unknown) => string | undefined,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        clearTimeout(timer)
        resolve(Buffer.concat(chunks).toString('utf8'))
        done()
      },
    })
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // Never outline a large boundary into a later chunk completed by script: all inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (error) => {
        clearTimeout(timer)
        reject(error)
      },
      onError,
    })
    const timer = setTimeout(() => stream.abort(new RenderInBrowserLate()), RENDER_LIMIT_MS)
  })
}

class RenderInBrowserLate extends Error {
  readonly digest = RENDER_IN_BROWSER
  constructor() {
    super('the page took too long to render on the server')
  }
}

/**
 * One page, rendered on the server (docs/decisions/016): the chrome from the shell and the
 * area from the remote that owns the path (its server build, loaded through Module
 * Federation's Node runtime), the header from the visitor's session, the route's data
 * prefetched with the remote's own `prefetch` and sent along dehydrated. A remote that
 * cannot be loaded or misses the deadline is left to the browser, as before.
 */
export async function renderPage(request: ServerRenderRequest): Promise<ServerRenderResult> {
  const url = new URL(request.url, INTERNAL_ORIGIN)
  const { pathname, search } = url
  const normalised = pathname.replace(/\/+$/, '') || '/'
  const shellRoute = (SHELL_ROUTES as readonly string[]).includes(normalised)
    ? (normalised as (typeof SHELL_ROUTES)[number])
    : null
  const match = shellRoute ? null : matchRoute(pathname)
  const deadline = Date.now() + request.deadlineMs
  const queryClient = createQueryClient()
  const inBrowser: RemoteName[] = []

  const session = queryClient.prefetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession })
  const remote = match?.route.remote
  const servers: Partial<Record<RemoteName, ComponentType | null>> = {}
  let loaded: LoadedRemote | null = null
  if (remote) {
    const manifest = request.remotes[remote]
    try {
      if (!manifest) throw new Error('no release is active')
      loaded = await within(loadServerRemote(remote, manifest), deadline)
      servers[remote] = loaded.module.default ?? null
    } catch (error) {
      servers[remote] = null
      inBrowser.push(remote)
      request.log(
        'warn',
        { remote, path: pathname, reason: describe(error) },
        "a remote's server build could not be used: its area is rendered in the browser",
      )
    }
    if (loaded?.module.prefetch) {
      try {
        await within(loaded.module.prefetch(queryClient, { pathname, search }), deadline)
      } catch (error) {
        // The page still renders: whatever is not ready shows its loading state and loads in the browser.
        request.log(
          'warn',
          { remote, path: pathname, reason: describe(error) },
          'prefetch did not finish in time',
        )
      }
    }
  }
  await within(session, deadline).catch(() => {
    // Without the session in time the header shows its loading state, and the browser asks.
  })

  // Set by a page that renders its "not found" state (`<NotFoundStatus>`): an unknown
  // resource or category is a 404, as an unknown path is, so it is not indexed as a page.
  const pageStatus: PageStatus = { notFound: false }
  const rendered = await renderToString(
    <PageStatusProvider status={pageStatus}>
      <ServerRemotesContext.Provider value={servers}>
        <AppProviders queryClient={queryClient} publicOrigin={request.publicOrigin}>
          <StaticRouter location={url.pathname + url.search + url.hash}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </ServerRemotesContext.Provider>
    </PageStatusProvider>,
    (error) => {
      const digest = (error as { digest?: unknown } | null)?.digest
      if (digest === RENDER_IN_BROWSER) return RENDER_IN_BROWSER
      request.log(
        'error',
        { remote, path: pathname, err: describe(error) },
        'server rendering failed in an area: the browser renders it',
      )
      return undefined
    },
  )

  const routeTitle = shellRoute
    ? SHELL_TITLES[shellRoute]
    : match
      ? match.route.title === 'Home'
        ? `${SITE_NAME} | Faith-based puzzle boxes`
        : match.route.title
      : 'Page not found'
  const html = documentHtml({
    template: request.template,
    rendered,
    fallbackTitle: formatTitle(routeTitle),
    stylesheets: loaded?.stylesheets ?? [],
    state: dehydrate(queryClient),
    publicOrigin: request.publicOrigin,
    structuredData:
      normalised === '/'
        ? siteJsonLd({
            origin: request.publicOrigin,
            name: SITE_NAME,
            sameAs: socialProfiles().map((p) => p.url),
          })
        : [],
  })
  return {
    status: (shellRoute || match) && !pageStatus.notFound ? 200 : 404,
    html,
    personal: Boolean(queryClient.getQueryData(SESSION_QUERY_KEY)),
    inBrowser,
  }
}
