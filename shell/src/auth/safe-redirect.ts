import { safeSitePath } from '@lamplight/contracts'

/**
 * Where to go after signing in: the `redirect` the bounce carried, if it is a path on this
 * site (never another site, never back to /auth), else home. The rule is the API's own
 * (`safeSitePath`), so `/%09/host` and friends are refused here as there.
 */
export function safeRedirect(value: string | null | undefined): string {
  const path = safeSitePath(value)
  if (!path) return '/'
  if (path === '/auth' || path.startsWith('/auth?') || path.startsWith('/auth/')) return '/'
  return path
}

export function signInPath(returnTo: string): string {
  return `/auth?redirect=${encodeURIComponent(returnTo)}`
}
