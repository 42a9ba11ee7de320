import type { z } from 'zod'
import type { Access } from './roles'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * One API endpoint, declared once: the API implements it (and enforces `access` and the
 * schemas from this declaration), the apps call it through `request` with types inferred
 * from it, and the OpenAPI document is generated from it.
 *
 * `path` is the full path under `/api`, with Hono-style parameters (`/admin/orders/:id`).
 * `response` describes a successful JSON answer (omit it for files, HTML and redirects).
 */
export type EndpointDef = {
  method: HttpMethod
  path: string
  access: Access
  summary: string
  description?: string
  params?: z.ZodType
  query?: z.ZodType
  /** Request headers the endpoint reads, keyed by lower-case name (others pass untouched). */
  headers?: z.ZodType
  body?: z.ZodType
  response?: z.ZodType
  /** Status of a successful answer when it is not 200. */
  status?: number
  /** What a successful answer is when it is not JSON (`text/csv`, `text/html`, a redirect...). */
  produces?: string
  /**
   * The refusals this endpoint gives beyond those its declaration implies (400 for its
   * schemas, 401/403 for its access, 404 for an id, 413 for a body, 503 when the database is
   * away): a conflict with the current state (409), for example, with what it means here.
   * A rate limit's 429 is added by the limiter itself. Documented in the OpenAPI document.
   */
  answers?: { [status in 402 | 409 | 410 | 422 | 429]?: string }
}

/** Declares an endpoint; the identity function, kept for its types and as a search anchor. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def
}

/**
 * An endpoint table: what `request()` reads of each endpoint of a contract, its method and
 * path, typed as the whole declaration so that a call keeps its request and answer types.
 * The declarations carry their zod schemas (the API parses with them), which a browser has
 * no use for: `request()` does not parse answers, and a page that called through a contract
 * downloaded zod with it (~25 KB gzip, decision 021). Public pages call through these
 * tables (`<domain>-endpoints.ts`); `endpoint-tables.test.ts` checks each against its
 * contract, so the two cannot drift. Only `method` and `path` exist at run time.
 */
export function callable<C extends Record<string, EndpointDef>>(
  table: {
    [K in keyof C]: Pick<C[K], 'method' | 'path'>
  },
): C {
  return table as unknown as C
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type In<S> = S extends z.ZodType ? z.input<S> : undefined

/** The parsed parts of a request to `E`, as a handler receives them. */
export type EndpointInput<E extends EndpointDef> = {
  params: Out<E['params']>
  query: Out<E['query']>
  headers: Out<E['headers']>
  body: Out<E['body']>
}

/** What a caller sends to `E` (before parsing: defaults may be left out). */
export type EndpointRequest<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : { body?: undefined })

/** A successful JSON answer of `E`. */
export type EndpointResponse<E extends EndpointDef> = Out<E['response']>

/** Fills `:name` parameters of a path; values are URI-encoded. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** A query string from an object: undefined, null and empty values are left out. */
export function buildQuery(query?: Record<string, unknown>): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}
