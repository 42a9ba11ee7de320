import { safeSitePath } from '@lamplight/contracts'
import { decodeJwt } from 'jose'

/** The site's confirmation page for a link's token; `callbackURL` only if it is a path on this site. */
export function confirmationPath(token: string, callbackURL?: string | null) {
  const params = new URLSearchParams({ token })
  const next = callbackURL ? safeSitePath(callbackURL) : null
  if (next) params.set('callbackURL', next)
  return `/auth/verify-email?${params}`
}

/** The address a link was made for, read without checking it: only to offer a new link. */
export function linkAddress(token: string): string | null {
  try {
    const { email } = decodeJwt(token)
    return typeof email === 'string' ? email : null
  } catch {
    return null
  }
}
