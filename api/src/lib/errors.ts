import type { ApiIssue, ErrorCode } from '@lamplight/contracts'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** An error meant for the client: its status, code and message reach the response as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const badRequest = (message: string, issues?: ApiIssue[]) =>
  new ApiError(400, 'validation_failed', message, issues)
export const unauthorized = (message = 'Please sign in to continue.') =>
  new ApiError(401, 'unauthorized', message)
export const forbidden = (message = 'You do not have permission to do that.') =>
  new ApiError(403, 'forbidden', message)
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message)
export const conflict = (message: string) => new ApiError(409, 'conflict', message)
export const tooManyRequests = (message = 'Too many requests. Please wait a moment and try again.') =>
  new ApiError(429, 'rate_limited', message)
