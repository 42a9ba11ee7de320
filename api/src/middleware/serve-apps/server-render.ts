import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  INTERNAL_ORIGIN,
  matchRoute,
  type RemoteName,
  type ServerRenderer,
  type ServerRendererModule,
  SHELL_ROUTES,
} from '@lamplight/routes'

/**
 * Which pages the server renders (docs/decisions/016): the shell's own (/auth), every
 * public route of the map, and the 404 page. Screens for signed-in people (puzzle, admin,
 * checkout, account) stay rendered in the browser.
 */
export function rendersOnServer(urlPath: string): boolean {
  const normalised = urlPath.replace(/\/+$/, '') || '/'
  if ((SHELL_ROUTES as readonly string[]).includes(normalised)) return true
  const match = matchRoute(normalised)
  if (!match) return true
  return match.route.access === 'public' && !normalised.startsWith('/checkout')
}

type ApiCall = (path: string, init: RequestInit) => Promise<Response>
const calls = new AsyncLocalStorage<ApiCall>()

/**
 * `request()` from @lamplight/contracts calls this on the server (there is no origin to
 * resolve `/api/...` against): the call is answered in process by the app rendering the
 * page, as the visitor. Installed once per process; each render says which app and visitor.
 */
function installServerFetch() {
  const global = globalThis as { LAMPLIGHT_SERVER_FETCH?: ApiCall }
  global.LAMPLIGHT_SERVER_FETCH ??= (path, init) => {
    const call = calls.getStore()
    if (!call) return Promise.reject(new Error(`${path}: an API call on the server outside a page render`))
    return call(path, init)
  }
}

/** Runs `render` with the pages' API calls answered by `call`. */
export function withApiCalls<T>(call: ApiCall, render: () => Promise<T>): Promise<T> {
  installServerFetch()
  return calls.run(call, render)
}

/** An in-process request to our own API, as the visitor: their cookie, never their Host header. */
export function apiCallAs(
  fetchApi: (request: Request) => Response | Promise<Response>,
  cookie: string | undefined,
): ApiCall {
  return async (path, init) => {
    if (!path.startsWith('/api/')) throw new Error(`${path}: the server only calls its own API`)
    const headers = new Headers(init.headers)
    if (cookie) headers.set('cookie', cookie)
    const { credentials: _credentials, ...rest } = init
    return fetchApi(new Request(new URL(path, INTERNAL_ORIGIN), { ...rest, headers }))
  }
}

/**
 * The shell's server renderer (`shell/dist-server/index.cjs`, built by `npm run build`), or
 * null when there is none: then every page is the shell's HTML, rendered in the browser.
 * Loaded once per process: a new shell build needs a restart, a new remote release does not.
 */
export function loadRenderer(
  shellServerEntry: string,
  readBuild: (path: string) => Promise<Response | undefined>,
): ServerRenderer | null {
  if (!existsSync(shellServerEntry)) return null
  const require = createRequire(import.meta.url)
  const module = require(shellServerEntry) as ServerRendererModule
  return module.createRenderer({ readBuild })
}

export type { RemoteName }
