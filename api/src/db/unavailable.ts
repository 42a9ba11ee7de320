/**
 * Whether an error means "the database cannot be reached right now" (down, restarting,
 * the connection dropped), as opposed to a bug or bad data. The error handler answers
 * these 503 with Retry-After instead of 500: the request did not happen and may be retried.
 *
 * postgres.js reports a lost or refused connection with a Node socket code (ECONNREFUSED,
 * ECONNRESET...) or its own (CONNECTION_CLOSED...); a server shutting down or starting
 * sends SQLSTATE class 08 or 57P01-57P03. Drizzle wraps them (`cause`), so the chain is read.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
])
const SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections
])

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') {
      if (SOCKET_CODES.has(code) || DRIVER_CODES.has(code) || SQLSTATES.has(code)) return true
      // Class 08: connection exception (08000, 08003, 08006, 08001, 08004...).
      if (/^08[0-9A-Z]{3}$/.test(code)) return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Seconds a client is asked to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2
