import { useAuth } from '@lamplight/session'
import { Button } from '@lamplight/ui'
import { CircleUserRoundIcon } from '@lamplight/ui/icons'
import { Link, useLocation } from 'react-router'
import { signInHref } from './auth-slot'

/**
 * The phone header's account entry, an icon beside the menu button: My account when signed
 * in, else Sign in (with the way back). While the session loads it keeps its place, so the
 * header does not shift. A cart button would sit beside it, the same size.
 */
export function AccountLink() {
  const { user, loading } = useAuth()
  const { pathname, search } = useLocation()
  if (loading) return <span aria-hidden className="inline-block size-11 lg:hidden" />
  const signedIn = Boolean(user)
  return (
    <Button asChild variant="ghost" size="icon" className="size-11 lg:hidden">
      <Link
        to={signedIn ? '/account' : signInHref(pathname, search)}
        aria-label={signedIn ? 'My account' : 'Sign in'}
        title={signedIn ? 'My account' : 'Sign in'}
      >
        <CircleUserRoundIcon aria-hidden className="size-6" />
      </Link>
    </Button>
  )
}
