import { ApiError } from '../../lib/errors'

/**
 * Whether a provider call's failure means it certainly did nothing: we refused before asking
 * (our ApiError), or the provider answered with a 4xx (Stripe's card, invalid-request,
 * idempotency and rate-limit errors carry `statusCode`), which it does only for a request it
 * did not carry out. A timeout, a dropped connection or a 5xx may come after the provider did
 * the work: the caller must not undo its own side as if nothing happened, but ask again with
 * the same idempotency key.
 */
export function isDefiniteRefusal(err: unknown): boolean {
  if (err instanceof ApiError) return true
  const status = (err as { statusCode?: unknown } | null)?.statusCode
  return typeof status === 'number' && status >= 400 && status < 500
}
