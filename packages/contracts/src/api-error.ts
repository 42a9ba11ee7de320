import type { ApiIssue, ErrorCode } from './errors'

/**
 * An API error, on both sides: the API throws it (its status, code and message reach the
 * response as they are) and the client throws it for every answer that is not 2xx.
 */
/** Marks every ApiError, whichever copy of this package made it (see `Symbol.hasInstance`). */
const API_ERROR = Symbol.for('lamplight.api-error')

export class ApiError extends Error {
  readonly [API_ERROR] = true

  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * `instanceof ApiError` holds for an ApiError made by any copy of this class. Each app bundles
 * its own copy of this package, while the session package (a federation singleton) throws
 * the shell's: without this, a remote's `error instanceof ApiError` was false for every error
 * of a sign-in, a password change or a confirmation, and the page showed its fallback words
 * instead of the server's message on the right field. Defined here rather than as a static
 * method with a computed name, for which the compiler added a helper that was a script of its
 * own on every first load (0.5 KB).
 */
Object.defineProperty(ApiError, Symbol.hasInstance, {
  value: (value: unknown): boolean =>
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true,
})

/** A screen's own words for the failures it wants to name (see `apiErrorMessage`). */
export type ApiErrorWords = {
  /** The 4xx statuses whose own words this screen shows; default: every 4xx. */
  statuses?: readonly number[]
  /** A 400 that names fields: their issues sit on the fields, this goes above the form. */
  invalid?: string
  /** 413: the body was too large. */
  tooLarge?: string
  /** The request never reached the server (the browser's fetch failed: offline, DNS, CORS). */
  offline?: string
}

/**
 * The one way an app turns a failed call into words (decision 036). The server's own message
 * for a 4xx (it is written for the person: "Invalid email or password", "Too many attempts,
 * try again in 4 minutes"), for a 503 (it says to try again in a moment) and for status 0 (the
 * client's own words for a request that got no answer: "The upload was interrupted"); `fallback` for a
 * 500, another 5xx, an empty message or anything that is not an API error, so no stack, SQL or
 * status text reaches a page. `words` lets a screen name a failure its own way.
 */
export function apiErrorMessage(error: unknown, fallback: string, words: ApiErrorWords = {}): string {
  if (error instanceof ApiError) {
    if (words.invalid && error.status === 400 && error.issues.length) return words.invalid
    if (words.tooLarge && error.status === 413) return words.tooLarge
    const clientError = error.status >= 400 && error.status < 500
    const shown =
      error.status === 503 ||
      error.status === 0 ||
      (clientError && (!words.statuses || words.statuses.includes(error.status)))
    return shown && error.message.trim() ? error.message : fallback
  }
  if (words.offline && error instanceof TypeError) return words.offline
  return fallback
}
