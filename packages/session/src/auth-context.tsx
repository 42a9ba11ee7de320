import { apiFetch } from '@lamplight/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'

export type UserRole = 'customer' | 'editor' | 'admin'

export type SessionUser = {
  id: string
  email: string
  name: string
  role: UserRole
}

export type AuthState = {
  user: SessionUser | null
  /** True until the first session check has answered. */
  loading: boolean
  isAdmin: boolean
  /** Admins and editors see the admin console. */
  canSeeAdmin: boolean
  refresh: () => Promise<void>
  signOut: () => Promise<void>
}

export const SESSION_QUERY_KEY = ['session'] as const

type SessionResponse = { user?: Partial<SessionUser> & { id: string; email: string } } | null

async function fetchSession(): Promise<SessionUser | null> {
  try {
    const data = await apiFetch<SessionResponse>('/api/auth/get-session')
    const user = data?.user
    if (!user) return null
    return { id: user.id, email: user.email, name: user.name ?? '', role: user.role ?? 'customer' }
  } catch {
    // A failed session check means "signed out", never a broken page.
    return null
  }
}

const AuthContext = createContext<AuthState | null>(null)

/**
 * One session for the whole composed site. This package is a federation singleton, so
 * the shell and every remote read the same context and the same cached query.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: 30_000,
    refetchInterval: 30_000,
  })

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
  }, [queryClient])

  const signOut = useCallback(async () => {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} })
    queryClient.setQueryData(SESSION_QUERY_KEY, null)
  }, [queryClient])

  const value = useMemo<AuthState>(() => {
    const user = query.data ?? null
    return {
      user,
      loading: query.isPending,
      isAdmin: user?.role === 'admin',
      canSeeAdmin: user?.role === 'admin' || user?.role === 'editor',
      refresh,
      signOut,
    }
  }, [query.data, query.isPending, refresh, signOut])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within an AuthProvider')
  return value
}
