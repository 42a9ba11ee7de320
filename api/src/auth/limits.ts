import { createHmac, timingSafeEqual } from 'node:crypto'
import { clientNetwork } from '../lib/client-address'
import type { LimitRule, RateLimits } from '../lib/rate-limits'

/**
 * Failed sign-ins are counted twice (decision 034). Each attempt takes a point of both
 * before better-auth answers, and a success gives its own points back.
 *
 * Per account and client address: one client guessing one account's password is refused
 * after 10 failures in 15 minutes, even with the right password, so it cannot tell a hit from
 * a miss. Only that client: the owner elsewhere signs in as usual.
 */
export const SIGN_IN_FAILURES: LimitRule = {
  name: 'auth:sign-in-account-client',
  limit: 10,
  windowMs: 15 * 60_000,
}

/**
 * Per account, from every address together: a guesser spreading over many addresses. Past
 * it the account is not locked: a browser that has signed in to it before (it carries the
 * known-device cookie) signs in as usual, any other is asked to sign in by a mailed link
 * (the password reset) until the hour is over.
 */
export const SIGN_IN_CEILING: LimitRule = { name: 'auth:sign-in-ceiling', limit: 100, windowMs: 60 * 60_000 }

/** The key of SIGN_IN_FAILURES: an address cannot contain a space, an email address neither. */
export const signInClientKey = (email: string, clientIp: string) =>
  `${email.toLowerCase()} ${clientNetwork(clientIp)}`

/**
 * The owner proved the mailbox (a password reset): the whole account's count goes, and so does
 * the count of the client that did it, where the owner may have mistyped ten times.
 */
export async function forgiveSignInFailures(rateLimits: RateLimits, email: string, clientIp?: string | null) {
  await rateLimits.reset(SIGN_IN_CEILING, email.toLowerCase())
  if (clientIp) await rateLimits.reset(SIGN_IN_FAILURES, signInClientKey(email, clientIp))
}

/**
 * The known-device cookie: for each account this browser signed in to (the last few), a tag
 * that only the server can make, an HMAC under the auth secret of the address and the
 * account's current password hash (`stamp`). It proves one thing only, that this browser
 * knew the password the account has now; it never signs anyone in. A new password (a reset)
 * ends every tag made before it, so a browser that once learnt the old one keeps no pass
 * around the account-wide ceiling.
 */
export const KNOWN_DEVICE_COOKIE = 'lamplight.known-device'
const KNOWN_DEVICE_ACCOUNTS = 5
const KNOWN_DEVICE_MAX_AGE = 365 * 24 * 60 * 60

export function knownDeviceTag(secret: string, email: string, stamp: string) {
  return createHmac('sha256', secret)
    .update(`known-device:${email.toLowerCase()}\n${stamp}`)
    .digest('base64url')
    .slice(0, 32)
}

function tagsOf(cookie: string | undefined) {
  return (cookie ?? '').split('.').filter((tag) => /^[\w-]{32}$/.test(tag))
}

export function isKnownDevice(cookie: string | undefined, secret: string, email: string, stamp: string) {
  const expected = Buffer.from(knownDeviceTag(secret, email, stamp))
  return tagsOf(cookie).some((tag) => timingSafeEqual(Buffer.from(tag), expected))
}

/** The cookie's new value after a sign-in to `email`: its tag first, the oldest dropped past five. */
export function withKnownDevice(cookie: string | undefined, secret: string, email: string, stamp: string) {
  const tag = knownDeviceTag(secret, email, stamp)
  const tags = [tag, ...tagsOf(cookie).filter((t) => t !== tag)].slice(0, KNOWN_DEVICE_ACCOUNTS)
  return tags.join('.')
}

export function knownDeviceSetCookie(value: string, secure: boolean) {
  // Sent back only to the auth routes; no script reads it.
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    'Path=/api/auth',
    `Max-Age=${KNOWN_DEVICE_MAX_AGE}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}
