import type { ApiErrorBody } from '@lamplight/contracts'
import type { Context, ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable'
import { ApiError } from '../../lib/errors'
import type { AppEnv } from '../../types'
import { zodIssues } from '../validate'

function errorBody(code: string, message: string, issues?: ApiErrorBody['error']['issues']): ApiErrorBody {
  return { error: issues?.length ? { code, message, issues } : { code, message } }
}

const HTTP_CODES: Partial<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'bad_request',
  409: 'conflict',
  413: 'bad_request',
  429: 'rate_limited',
}

/**
 * Every error leaves as `{ error: { code, message, issues? } }`. Unexpected ones are
 * logged with the request id and answered with a generic 500: no stack, no SQL.
 */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError)
    return c.json(errorBody(err.code, err.message, err.issues), err.status as ContentfulStatusCode)
  if (err instanceof ZodError) {
    return c.json(errorBody('validation_failed', 'The request is not valid.', zodIssues(err)), 400)
  }
  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status as ContentfulStatusCode
    // A Hono middleware's own answer may carry what the client needs (bearerAuth's
    // WWW-Authenticate): keep its headers, answer our body.
    err.res?.headers.forEach((value, name) => {
      if (!/^content-(type|length)$/i.test(name)) c.header(name, value)
    })
    return c.json(errorBody(HTTP_CODES[status] ?? 'bad_request', err.message || 'Bad request.'), status)
  }
  if (isDatabaseUnavailable(err)) {
    // Not a bug: the database is restarting or unreachable. Nothing was done (or the
    // transaction rolled back), so the client may retry; no report to the error tracker.
    // The driver's own line only: Drizzle's wrapper carries the query's parameters (tokens).
    c.get('log')?.warn({ db: driverError(err) }, 'database unavailable')
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    c.header('Cache-Control', 'no-store')
    return c.json(
      errorBody('unavailable', 'The service is briefly unavailable. Please try again in a moment.'),
      503,
    )
  }
  c.get('log')?.error({ err }, 'unhandled error')
  c.get('deps')?.errors.capture(err, {
    requestId: c.get('requestId'),
    method: c.req.method,
    path: c.req.path,
  })
  return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500)
}

/** The innermost error's code and first line (postgres.js's, under Drizzle's wrapper). */
function driverError(err: unknown): { code?: string; message?: string } {
  let current: unknown = err
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown })?.cause
    if (!cause || typeof cause !== 'object') break
    current = cause
  }
  const { code, message } = current as { code?: unknown; message?: unknown }
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message.split('\n')[0]?.slice(0, 200) : undefined,
  }
}

export const apiNotFound = (c: Context) =>
  c.json(errorBody('not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`), 404)
