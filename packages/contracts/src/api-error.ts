import type { ApiIssue, ErrorCode } from './errors'

/**
 * An API error, on both sides: the API throws it (its status, code and message reach the
 * response as they are) and the client throws it for every answer that is not 2xx.
 */
export class ApiError extends Error {
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
