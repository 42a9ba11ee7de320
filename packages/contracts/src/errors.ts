import { z } from 'zod'

/** Every API error has this shape, whatever the status. */
export const ERROR_CODES = [
  'bad_request',
  'invalid_json',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal_error',
  /** 503: the database (or another service we need) is briefly away; Retry-After says when to retry. */
  'unavailable',
  /** 422 (create-checkout): the Idempotency-Key was used with another body; a new attempt needs a new key. */
  'idempotency_key_reused',
  /** 409 (create-checkout): the first request with this Idempotency-Key is still being served; retry in a moment. */
  'idempotency_key_in_progress',
  /** 409 (create-checkout): the box is sold out; nothing was made or charged. */
  'sold_out',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ApiIssueSchema = z.object({ path: z.string(), message: z.string() })
export type ApiIssue = z.infer<typeof ApiIssueSchema>

export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(ApiIssueSchema).optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>

export { ApiError, type ApiErrorWords, apiErrorMessage } from './api-error'
