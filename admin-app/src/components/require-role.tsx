import { useAuth } from '@lamplight/session'
import { Spinner, toast } from '@lamplight/ui'
import { type ComponentType, type ReactNode, useEffect } from 'react'
import { Navigate } from 'react-router'

/** Admins only, or staff (admins and editors). */
export type AdminLevel = 'admin' | 'staff'

export function hasLevel(role: string | undefined, level: AdminLevel) {
  return role === 'admin' || (level === 'staff' && role === 'editor')
}

/**
 * The page-level check, for the standalone console (the shell checks the route map first
 * inside the composed site). The API refuses the data to anyone else regardless; this
 * spares them a broken page: Access Denied, and back to the start.
 */
export function RequireRole({ level, children }: { level: AdminLevel; children: ReactNode }) {
  const { user, loading } = useAuth()
  if (loading)
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    )
  if (!user || !hasLevel(user.role, level)) return <AccessDenied />
  return children
}

/**
 * `Page` as a route's page for `level` only: it renders, and asks the API for its data,
 * once the session is known to fit.
 */
export function guarded(Page: ComponentType, level: AdminLevel = 'admin'): ComponentType {
  return function Guarded() {
    return (
      <RequireRole level={level}>
        <Page />
      </RequireRole>
    )
  }
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
