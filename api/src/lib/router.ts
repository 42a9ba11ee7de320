import {
  type Access,
  type ApiErrorBody,
  can,
  type EndpointDef,
  type EndpointInput,
  type EndpointResponse,
  type HttpMethod,
  type SessionUser,
} from '@lamplight/contracts'
import { type Context, Hono, type MiddlewareHandler, type TypedResponse } from 'hono'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'
import type {
  ClientErrorStatusCode,
  ContentfulStatusCode,
  ServerErrorStatusCode,
} from 'hono/utils/http-status'
import type { JSONParsed } from 'hono/utils/types'
import type { z } from 'zod'
import type { Db } from '../db/client'
import { currentUser } from '../middleware/guards'
import { readTarget, zodIssues } from '../middleware/validate'
import type { AppDeps, AppEnv } from '../types'
import { ApiError, forbidden, notFound, payloadTooLarge, unauthorized } from './errors'

/** Bodies larger than this are refused before they are read, unless a route says otherwise. */
export const DEFAULT_BODY_LIMIT = 100 * 1024

/** What a handler receives: the parsed request, the user its access rule admitted, and the app's services. */
export type HandlerArgs<E extends EndpointDef> = EndpointInput<E> & {
  c: Context<AppEnv>
  /** The signed-in user; for public endpoints `undefined` (call `currentUser(c)` if you need it). */
  user: E['access'] extends 'public' ? undefined : SessionUser
  deps: AppDeps
  db: Db
}

/**
 * What `c.json(value)` gives (Hono types the answer by the value, a `Date` as the string it
 * becomes): for an endpoint whose contract has a `response`, the handler's answer must be
 * that response, or an error body with an error status. So an answer that drifts from its
 * contract (a field renamed or left out, a `null` the contract does not allow) fails the
 * typecheck, not a client. Endpoints without one (files, pages, redirects) answer any Response.
 */
export type JsonAnswer<T, S extends ContentfulStatusCode = ContentfulStatusCode> = Response &
  TypedResponse<JSONParsed<T>, S, 'json'>
type ErrorAnswer = JsonAnswer<ApiErrorBody, ClientErrorStatusCode | ServerErrorStatusCode>
export type Answer<E extends EndpointDef> = E['response'] extends z.ZodType
  ? JsonAnswer<EndpointResponse<E>> | ErrorAnswer
  : Response

export type Handler<E extends EndpointDef> = (args: HandlerArgs<E>) => Answer<E> | Promise<Answer<E>>

/**
 * A JSON answer with its length said, typed as `c.json`'s: Hono's compress then leaves a
 * small answer alone without looking at it (the health check, asked many times a second).
 */
export function sizedJson<T>(c: Context<AppEnv>, value: T): JsonAnswer<T, 200> {
  const body = JSON.stringify(value)
  return c.body(body, 200, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
  }) as Response as JsonAnswer<T, 200>
}

export type RouteOptions<E extends EndpointDef> = {
  /** Bytes of body accepted (default 100 KB), and what a client is told past it. */
  bodyLimit?: number
  bodyLimitMessage?: string
  /** Run after the access check and before validation (rate limits, for example). */
  middleware?: DocumentedMiddleware[]
} & (E['access'] extends { owner: string }
  ? {
      /** The ownership rule the declaration names: false (or an unknown resource) answers 404. */
      owns: (args: HandlerArgs<E>) => boolean | Promise<boolean>
    }
  : { owns?: undefined })

/** A route as the permission table and the OpenAPI document see it. */
export type DeclaredRoute = EndpointDef & { bodyLimit: number }

/** A route middleware that can refuse a request says how (a rate limit: 429), for the document. */
export type DocumentedMiddleware = MiddlewareHandler<AppEnv> & { answers?: EndpointDef['answers'] }

/** The answers a route declares, and those its middleware adds. */
function answersOf(endpoint: EndpointDef, middleware: DocumentedMiddleware[]): EndpointDef['answers'] {
  const answers = Object.assign({}, ...middleware.map((m) => m.answers ?? {}), endpoint.answers ?? {})
  return Object.keys(answers).length > 0 ? answers : undefined
}

export type Router = {
  prefix: string
  hono: Hono<AppEnv>
  routes: DeclaredRoute[]
  handle<E extends EndpointDef>(endpoint: E, handler: Handler<E>): Router
  handle<E extends EndpointDef>(endpoint: E, options: RouteOptions<E>, handler: Handler<E>): Router
}

const HAS_BODY: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A domain's router, mounted at `prefix` under `/api` by `app.ts`. Every route is added
 * through `handle(endpoint, ...)`, whose declaration (in `packages/contracts`) is what
 * enforces access and validation, in this order:
 *
 *   body size (413) → access: signed in (401), role (403) → route middleware (e.g. 429)
 *   → params, query, headers, body against their schemas (400) → ownership rule (404) → handler
 *
 * Access comes before validation so an outsider learns nothing from our validation
 * messages; ownership comes after, because it needs the parsed id. A non-owner gets the
 * same 404 as an unknown id, so ids cannot be probed.
 */
export function defineRouter(prefix: string): Router {
  if (!prefix.startsWith('/')) throw new Error(`Router prefix must start with "/": ${prefix}`)
  const hono = new Hono<AppEnv>()
  const routes: DeclaredRoute[] = []

  const router: Router = {
    prefix,
    hono,
    routes,
    handle<E extends EndpointDef>(
      endpoint: E,
      optionsOrHandler: RouteOptions<E> | Handler<E>,
      maybeHandler?: Handler<E>,
    ): Router {
      const options = (typeof optionsOrHandler === 'function' ? {} : optionsOrHandler) as RouteOptions<E>
      const handler = (typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler) as Handler<E>
      const subPath = relativePath(prefix, endpoint.path)
      if (typeof endpoint.access === 'object' && !options.owns) {
        throw new Error(
          `${endpoint.method} ${endpoint.path} declares an ownership rule but gives no "owns" check`,
        )
      }
      const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
      routes.push({ ...endpoint, bodyLimit: limit, answers: answersOf(endpoint, options.middleware ?? []) })

      const chain: MiddlewareHandler<AppEnv>[] = []
      if (HAS_BODY.has(endpoint.method)) chain.push(limitBody(limit, options.bodyLimitMessage))
      chain.push(checkAccess(endpoint.access))
      chain.push(...(options.middleware ?? []))
      chain.push(async (c) => {
        const input = await parseInput(c, endpoint)
        const deps = c.get('deps')
        const user =
          typeof endpoint.access === 'string' && endpoint.access === 'public' ? undefined : c.get('user')
        const args = { ...input, c, user, deps, db: deps.database.db } as HandlerArgs<E>
        if (options.owns && !(await options.owns(args))) throw notFound()
        // Every answer is a Response; the handler's type says which JSON it may hold.
        const res: Response = await handler(args)
        // What only a signed-in caller may read is theirs alone: never kept by a cache in
        // front or on disk, unless the route says otherwise.
        if (endpoint.access === 'public' || res.headers.has('Cache-Control')) return res
        try {
          res.headers.set('Cache-Control', 'private, no-store')
          return res
        } catch {
          // A response whose headers are immutable (a fetch's, Response.redirect's): copy it.
          const headers = new Headers(res.headers)
          headers.set('Cache-Control', 'private, no-store')
          return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
        }
      })
      hono.on([endpoint.method], [subPath], ...(chain as [MiddlewareHandler<AppEnv>]))
      return router
    },
  }
  return router
}

function relativePath(prefix: string, path: string): string {
  if (prefix === '/') return path
  if (path === prefix) return '/'
  if (!path.startsWith(`${prefix}/`))
    throw new Error(`Endpoint ${path} is not under its router's prefix ${prefix}`)
  return path.slice(prefix.length)
}

function limitBody(maxSize: number, message?: string): MiddlewareHandler<AppEnv> {
  return honoBodyLimit({
    maxSize,
    onError: () => {
      throw payloadTooLarge(message ?? `The request body is larger than ${Math.round(maxSize / 1024)} KB.`)
    },
  })
}

/** 401 for a visitor where a signed-in user is needed, 403 for a user without the role. */
export function checkAccess(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access !== 'public') {
      const user = await currentUser(c)
      if (!user) throw unauthorized()
      if (!can(user, access)) throw forbidden()
    }
    await next()
  }
}

async function parseInput(c: Context<AppEnv>, endpoint: EndpointDef) {
  return {
    params: endpoint.params ? await parseTarget(c, 'param', endpoint.params) : undefined,
    query: endpoint.query ? await parseTarget(c, 'query', endpoint.query) : undefined,
    headers: endpoint.headers ? await parseTarget(c, 'header', endpoint.headers) : undefined,
    body: endpoint.body ? await parseTarget(c, 'json', endpoint.body) : undefined,
  }
}

async function parseTarget(
  c: Context<AppEnv>,
  target: 'param' | 'query' | 'header' | 'json',
  schema: z.ZodType,
) {
  // Headers: Hono's record of every header, names lower-cased.
  const raw = target === 'header' ? c.req.header() : await readTarget(c, target)
  refuseNul(raw)
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', zodIssues(parsed.error))
  }
  return parsed.data
}

/**
 * PostgreSQL cannot store NUL in text, and no field of ours needs it: refuse it at the
 * edge, whatever the field, rather than let the database fail mid-request.
 */
function refuseNul(value: unknown, depth = 0): void {
  if (depth > 64) throw new ApiError(400, 'validation_failed', 'The request is nested too deeply.')
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      throw new ApiError(400, 'validation_failed', 'Text may not contain NUL characters.')
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) refuseNul(item, depth + 1)
    return
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      refuseNul(key, depth + 1)
      refuseNul(item, depth + 1)
    }
  }
}
