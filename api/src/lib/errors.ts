import { ApiError, type ApiIssue } from '@lamplight/contracts'

/** One error class for the API and the apps: thrown here, answered in our error shape. */
export { ApiError }

export const validationFailed = (message: string, issues?: ApiIssue[]) =>
  new ApiError(400, 'validation_failed', message, issues)
export const unauthorized = (message = 'Please sign in to continue.') =>
  new ApiError(401, 'unauthorized', message)
export const forbidden = (message = 'You do not have permission to do that.') =>
  new ApiError(403, 'forbidden', message)
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message)
export const conflict = (message: string) => new ApiError(409, 'conflict', message)
export const payloadTooLarge = (message = 'The request body is too large.') =>
  new ApiError(413, 'bad_request', message)
export const tooManyRequests = (message = 'Too many requests. Please wait a moment and try again.') =>
  new ApiError(429, 'rate_limited', message)
