import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { Hono } from 'hono'
import { type Logger, requestLineWriter } from '../../logger'
import { healthAnswer } from '../../routes/health/router'
import { cachedAnswer, type PublicCache, requestTarget } from '../../services/public-cache'
import type { AppEnv } from '../../types'
import { peerOf } from '../client-ip'
import type { RequestIds } from '../request-id'
import { logRequest } from '../request-logger'
import { type HeaderBase, wholeHeaders } from '../response-headers'

export type FastReadsOptions = {
  logger: Logger
  publicCache: PublicCache
  /** The app's request ids (shared with its `requestId` middleware). */
  requestIds: RequestIds
  /** The headers every answer carries, as the `responseHeaders` middleware starts from them. */
  headerBase: HeaderBase
  /** The remote origins of an API answer's CSP, as the app's middleware reads them. */
  remoteOrigins: () => readonly string[]
  /** Whether the visitor reached us over https, as the app decides it. */
  servedOverHttps: (url: string, viaProxy: boolean, forwardedProto: string | undefined) => boolean
  /** Whether the TCP peer is one of our proxies (../client-ip). */
  viaProxy: (peer: string | undefined) => boolean
  /** Adds an answer's CORS headers for this Origin (../cors). */
  cors: (headers: Record<string, string>, origin: string | undefined) => void
}

const HEALTH = '/api/health'

/**
 * Answers the hottest public reads before Hono's routing and the middleware chain: a GET or
 * HEAD of a URL the public cache already answered through the router (`remember`: the route
 * is public, takes no route middleware and reads no headers, and this exact path and query
 * passed validation), while the cache has a fresh answer for it in this process; and
 * `/api/health`, which load balancers ask many times a second. Anything else, a miss above
 * all, goes the normal way. Decision 024.
 *
 * The answer is the one the normal path sends, from the same pieces: the public cache's
 * headers, 304 and gzip (`cachedAnswer`), the response-headers middleware's set
 * (`headerBase`), CORS, `X-Request-Id` from the same counter, and the same log line. What it
 * leaves out is what such a route never uses: the session, the client address (no rate
 * limit), validation (done when the URL was remembered), and Hono's Context and web Headers.
 * It answers synchronously, so @hono/node-server writes the answer at once.
 */
export function withFastReads<A extends Hono<AppEnv>>(app: A, options: FastReadsOptions): A {
  const slow = app.fetch
  const { logger, publicCache } = options
  const infoLine = requestLineWriter(logger)
  // Whole header sets as sent, kept by the request's `headerBase` (one per registry snapshot,
  // with or without HSTS), the answer's own headers (one object per cached answer, see
  // `cachedAnswer`) and the request's Origin: a request then copies one object and sets its
  // id (building the set each time, properties added one by one, was a tenth of a fast read).
  const sets = new WeakMap<object, WeakMap<object, Map<string, Record<string, string>>>>()
  const headerSet = (
    base: Readonly<Record<string, string>>,
    own: Readonly<Record<string, string>>,
    origin: string | undefined,
  ): Record<string, string> => {
    let byOwn = sets.get(base)
    if (!byOwn) {
      byOwn = new WeakMap()
      sets.set(base, byOwn)
    }
    let byOrigin = byOwn.get(own)
    if (!byOrigin) {
      byOrigin = new Map()
      byOwn.set(own, byOrigin)
    }
    let set = byOrigin.get(origin ?? '')
    if (!set) {
      // Built exactly as the middleware and `sendWhole` build it.
      const common: Record<string, string> = { ...base, 'X-Request-Id': '' }
      options.cors(common, origin)
      set = wholeHeaders(common, own)
      // Origins are the visitor's to choose: keep a few (ours, in practice), build the rest.
      if (byOrigin.size < 16) byOrigin.set(origin ?? '', set)
    }
    return set
  }

  const fast = (request: Request, env: unknown): Response | undefined => {
    const method = request.method
    if (method !== 'GET' && method !== 'HEAD') return undefined
    const url = request.url
    const target = requestTarget(url)
    if (!target.startsWith('/api/')) return undefined
    const query = target.indexOf('?')
    const path = query < 0 ? target : target.slice(0, query)
    // Hono decodes an escaped path before routing and logging it: those go the normal way.
    if (path.includes('%')) return undefined
    const start = performance.now()
    // No closures here: each one made per request costs a defineProperty (tsx keeps names).
    const raw = nodeHeaders(env, method, target)

    let answer: {
      status: number
      body: string | Uint8Array<ArrayBuffer> | null
      headers: Readonly<Record<string, string>>
    }
    if (target === HEALTH) answer = healthAnswer()
    else {
      const entry = publicCache.lookup(target)
      if (!entry) return undefined
      answer = cachedAnswer(
        entry,
        header(raw, request, 'if-none-match'),
        header(raw, request, 'accept-encoding'),
      )
    }

    const reqId = options.requestIds(header(raw, request, 'x-request-id'))
    const viaProxy = options.viaProxy(peerOf(env))
    const forwardedProto = viaProxy ? header(raw, request, 'x-forwarded-proto') : undefined
    const base = options.headerBase(
      options.remoteOrigins(),
      options.servedOverHttps(url, viaProxy, forwardedProto),
    )
    const headers = { ...headerSet(base, answer.headers, header(raw, request, 'origin')) }
    headers['X-Request-Id'] = reqId
    const response = new Response(method === 'HEAD' ? null : answer.body, { status: answer.status, headers })
    logRequest(logger, { reqId, method, path, status: answer.status }, start, infoLine)
    return response
  }

  app.fetch = (request, env, executionCtx) => {
    let answered: Response | undefined
    try {
      answered = fast(request, env)
    } catch (err) {
      // Never worse than the normal way: it answers (and reports) instead.
      logger.error({ err }, 'fast read failed')
    }
    return answered ?? slow(request, env, executionCtx)
  }
  return app
}

function header(raw: IncomingHttpHeaders | undefined, request: Request, name: string): string | undefined {
  return raw ? (raw[name] as string | undefined) : (request.headers.get(name) ?? undefined)
}

/**
 * The Node request's own headers, read without building a web `Headers` (which validates
 * every header), but only when this Request was made from that Node request: the server
 * render calls the API in process with the page request's bindings and its own Request.
 */
function nodeHeaders(env: unknown, method: string, target: string): IncomingHttpHeaders | undefined {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming?.headers || incoming.url !== target || incoming.method !== method) return undefined
  return incoming.headers
}
