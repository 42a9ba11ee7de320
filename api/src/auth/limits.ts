import type { LimitRule } from '../middleware/rate-limit'

/**
 * Per account: failed sign-ins for one email, whatever address they come from, so
 * rotating addresses does not help a guesser. Each attempt takes a point before
 * better-auth answers and a success gives its own point back; only a
 * password reset by the owner clears it (they proved the address).
 */
export const SIGN_IN_FAILURES: LimitRule = { name: 'auth:sign-in-account', limit: 10, windowMs: 15 * 60_000 }
