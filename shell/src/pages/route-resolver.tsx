import { matchRoute, type RouteAccess } from '@lamplight/routes'
import { type AuthState, useAuth } from '@lamplight/session'
import { Spinner, toast } from '@lamplight/ui'
import { useEffect } from 'react'
import { Navigate, useLocation } from 'react-router'
import { signInPath } from '../auth/safe-redirect'
import { RemoteArea } from '../remotes/remote-area'
import { NotFound } from './not-found'
import { RouteMeta } from './route-meta'

/**
 * Hands the current URL to the remote that owns it, or shows the 404 page. Routes the
 * map marks as needing an account are checked here first, before their remote loads.
 */
export function RouteResolver() {
  const { pathname, search } = useLocation()
  const auth = useAuth()
  const match = matchRoute(pathname)
  if (!match) return <NotFound />

  const gate = gateFor(match.route.access, auth)
  if (gate === 'wait') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <RouteMeta />
        <Spinner label="Checking your session" />
      </div>
    )
  }
  if (gate === 'sign-in') return <Navigate to={signInPath(pathname + search)} replace />
  if (gate === 'denied') return <AccessDenied />
  // Keyed by remote so moving between remotes starts a fresh area (and error boundary).
  return <RemoteArea key={match.route.remote} remote={match.route.remote} />
}

export function gateFor(
  access: RouteAccess,
  auth: Pick<AuthState, 'user' | 'loading' | 'isAdmin' | 'canSeeAdmin'>,
) {
  if (access === 'public') return 'open'
  if (auth.loading) return 'wait'
  if (!auth.user) return 'sign-in'
  if (access === 'admin' && !auth.isAdmin) return 'denied'
  if (access === 'staff' && !auth.canSeeAdmin) return 'denied'
  return 'open'
}

function AccessDenied() {
  useEffect(() => {
    toast.error('Access Denied', {
      id: 'access-denied',
      description: 'You do not have permission to view that page.',
    })
  }, [])
  return <Navigate to="/" replace />
}
