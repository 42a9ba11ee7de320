import type { z } from 'zod'
import { ApiError } from './api-error'
import type { EndpointDef, EndpointRequest, EndpointResponse } from './endpoint'
import { buildPath, buildQuery } from './endpoint'
import type { ApiErrorBody } from './errors'

/**
 * Base URL of the API. Same origin by default; a separately deployed app sets it at build
 * time with PUBLIC_API_URL, or at serve time (the admin console's server defines
 * `window.LAMPLIGHT_API_URL` from its own PUBLIC_API_URL, so one build serves any API).
 */
export function apiBase(): string {
  const atRuntime = (globalThis as { LAMPLIGHT_API_URL?: unknown }).LAMPLIGHT_API_URL
  const fromEnv = (import.meta as { env?: Record<string, string | undefined> }).env?.PUBLIC_API_URL
  return (typeof atRuntime === 'string' ? atRuntime : (fromEnv ?? '')).replace(/\/$/, '')
}

/**
 * On the server (the one-port server rendering a page, docs/decisions/016) there is no
 * origin to resolve `/api/...` against: the server installs this function, which answers
 * the call in process with the visitor's cookie. Never the request's Host header.
 */
export type ServerFetch = (path: string, init: RequestInit) => Promise<Response>

function serverFetch(): ServerFetch | null {
  if (typeof window !== 'undefined') return null
  const fn = (globalThis as { LAMPLIGHT_SERVER_FETCH?: unknown }).LAMPLIGHT_SERVER_FETCH
  return typeof fn === 'function' ? (fn as ServerFetch) : null
}

type ApiRequest<T> = Omit<RequestInit, 'body'> & { body?: unknown; schema?: z.ZodType<T> }

/** fetch for our API: JSON in and out, cookies included, errors thrown as ApiError. */
export async function apiFetch<T = unknown>(
  path: string,
  { body, schema, headers, ...init }: ApiRequest<T> = {},
) {
  // A file (an admin's picture upload) is the body itself, its bytes as they are: the API
  // decides what it is from them, so its type is not claimed here.
  const file = typeof Blob !== 'undefined' && body instanceof Blob
  const requestInit: RequestInit = {
    credentials: 'include',
    ...init,
    headers: {
      Accept: 'application/json',
      ...(body === undefined
        ? {}
        : { 'Content-Type': file ? 'application/octet-stream' : 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : file ? body : JSON.stringify(body),
  }
  const onServer = serverFetch()
  const response = onServer
    ? await onServer(path, requestInit)
    : await fetch(`${apiBase()}${path}`, requestInit)
  const text = await response.text()
  let data: unknown = null
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = null
    }
  }
  if (!response.ok) {
    if (isErrorBody(data)) {
      const { code, message, issues } = data.error
      throw new ApiError(response.status, code, message, issues)
    }
    throw new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`)
  }
  return (schema ? schema.parse(data) : data) as T
}

// Checked by hand rather than with zod, so a page that only reads the session does not
// download a schema library.
function isErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as { error?: unknown } | null)?.error as Record<string, unknown> | undefined
  return typeof error?.code === 'string' && typeof error.message === 'string'
}

/**
 * Calls one declared endpoint: the path, query and body are built from the declaration,
 * and the answer is typed by its response schema (not parsed here, so a page does not
 * download zod for it). A response schema describes the JSON as sent, dates as ISO strings
 * (decision 067), so its type is what arrives, on the server and after hydration alike.
 */
export function request<E extends EndpointDef>(
  endpoint: E,
  input: EndpointRequest<E> & { signal?: AbortSignal; headers?: HeadersInit },
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal, headers } = input as {
    params?: Record<string, unknown>
    query?: Record<string, unknown>
    body?: unknown
    signal?: AbortSignal
    headers?: HeadersInit
  }
  const path = `/api${buildPath(endpoint.path, params)}${buildQuery(query)}`
  return apiFetch<EndpointResponse<E>>(path, { method: endpoint.method, body, signal, headers })
}
