import type { z } from 'zod'
import type { ApiErrorBody, ApiIssue } from './errors'

/** An API answer that was not 2xx, carrying the server's code, message and field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * Base URL of the API. Same origin by default; a separately deployed app (the admin
 * console) sets it at build time with PUBLIC_API_URL.
 */
export function apiBase(): string {
  const fromEnv = (import.meta as { env?: Record<string, string | undefined> }).env?.PUBLIC_API_URL
  return (fromEnv ?? '').replace(/\/$/, '')
}

type ApiRequest<T> = Omit<RequestInit, 'body'> & { body?: unknown; schema?: z.ZodType<T> }

/** fetch for our API: JSON in and out, cookies included, errors thrown as ApiError. */
export async function apiFetch<T = unknown>(
  path: string,
  { body, schema, headers, ...init }: ApiRequest<T> = {},
) {
  const response = await fetch(`${apiBase()}${path}`, {
    credentials: 'include',
    ...init,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
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
