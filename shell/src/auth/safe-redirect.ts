/**
 * Where to go after signing in: the `redirect` the bounce carried, if it is a path on this
 * site (never another site, never back to /auth), else home.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/'
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return '/'
  return value
}

export function signInPath(returnTo: string): string {
  return `/auth?redirect=${encodeURIComponent(returnTo)}`
}
