import { ApiError } from '@lamplight/contracts'

/** The service's own message when there is one (spec: "shown as received"). */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError && error.message) return error.message
  return fallback
}
