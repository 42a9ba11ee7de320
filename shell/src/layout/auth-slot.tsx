import { useAuth } from '@lamplight/session'
import { Button, Spinner, toast } from '@lamplight/ui'
import { Link, useLocation } from 'react-router'

/**
 * The sign-in page, carrying the way back here. No way back to the sign-in pages
 * themselves: there is nothing to return to, and a reset link's token would be copied into
 * the address of every Sign In click.
 */
export function signInHref(pathname: string, search: string): string {
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return '/auth'
  return `/auth?redirect=${encodeURIComponent(pathname + search)}`
}

/** Sign In, or the signed-in email and Sign Out; a spinner while the session loads. */
export function AuthSlot({ onNavigate }: { onNavigate?: () => void }) {
  const { user, loading, signOut } = useAuth()
  const { pathname, search } = useLocation()

  if (loading) return <Spinner size="sm" label="Checking your session" />

  if (user) {
    return (
      <div className="flex items-center gap-3">
        <Link
          to="/account"
          onClick={onNavigate}
          title="My account"
          className="inline-flex min-h-10 max-w-56 items-center text-muted-foreground text-sm underline-offset-4 hover:text-foreground hover:underline"
        >
          <span className="sr-only">My account: </span>
          <span className="truncate">{user.email}</span>
        </Link>
        <Button
          variant="outline"
          size="sm"
          onClick={async () => {
            try {
              await signOut()
              // The phone's menu closes with it: what it showed belonged to the signed-in user.
              onNavigate?.()
              toast.success('Signed out successfully.')
            } catch {
              toast.error('Could not sign out. Please try again.')
            }
          }}
        >
          Sign Out
        </Button>
      </div>
    )
  }

  return (
    <Button size="sm" asChild>
      <Link to={signInHref(pathname, search)} onClick={onNavigate}>
        Sign In
      </Link>
    </Button>
  )
}
