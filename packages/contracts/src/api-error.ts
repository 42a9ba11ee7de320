import type { ApiIssue, ErrorCode } from './errors'

/**
 * An API error, on both sides: the API throws it (its status, code and message reach the
 * response as they are) and the client throws it for every answer that is not 2xx.
 */
/** Marks every ApiError, whichever copy of this package made it (see `Symbol.hasInstance`). */
const API_ERROR = Symbol.for('lamplight.api-error')

export class ApiError extends Error {
  /**
   * `instanceof ApiError` holds for an ApiError made by any copy of this class. Each app bundles
   * its own copy of this package, while the session package (a federation singleton) throws
   * the shell's: without this, a remote's `error instanceof ApiError` was false for every error
   * of a sign-in, a password change or a confirmation, and the page showed its fallback words
   * instead of the server's message on the right field.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true
    )
  }
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
