import { apiFetch, can, type SessionUser } from '@lamplight/contracts'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react'

// The session user and its roles are the contracts' (packages/contracts/src/roles.ts).
export type { SessionUser, UserRole } from '@lamplight/contracts'

export type AuthState = {
  user: SessionUser | null
  /** True until the first session check has answered. */
  loading: boolean
  isAdmin: boolean
  /** Admins and editors see the admin console. */
  canSeeAdmin: boolean
  refresh: () => Promise<void>
  /** Resolves with the signed-in user; rejects with the service's message (ApiError). */
  signIn: (input: { email: string; password: string }) => Promise<SessionUser | null>
  /** `needsVerification` when the account must confirm its email before signing in. */
  signUp: (input: {
    name: string
    email: string
    password: string
  }) => Promise<{ needsVerification: boolean }>
  signOut: () => Promise<void>
  /** `guest-orders`: the link is asked for to add the address's guest orders (the account page). */
  requestPasswordReset: (email: string, purpose?: 'guest-orders') => Promise<void>
  resetPassword: (input: { token: string; newPassword: string }) => Promise<void>
  /**
   * The confirmation page: the mailed link's token with the password chosen at sign-up (none
   * needed in a browser signed in to the account). Signs in; rejects with the service's
   * message, its `issues` naming the field.
   */
  confirmEmail: (input: { token: string; password?: string }) => Promise<{ alreadyConfirmed: boolean }>
  /** Mails a new confirmation link to the address (to `/account` once confirmed). */
  sendConfirmation: (email: string, callbackURL?: string) => Promise<void>
  /** Changes the password (the current one required); every other session ends. */
  changePassword: (input: { currentPassword: string; newPassword: string }) => Promise<void>
  /** Ends every session of the account, this one too. */
  signOutEverywhere: () => Promise<void>
}

export const SESSION_QUERY_KEY = ['session'] as const

type SessionResponse = { user?: Partial<SessionUser> & { id: string; email: string } } | null

/** The signed-in user, or null; the server renders the header from it too (decision 016). */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const data = await apiFetch<SessionResponse>('/api/auth/get-session')
    const user = data?.user
    if (!user) return null
    return {
      id: user.id,
      email: user.email,
      name: user.name ?? '',
      role: user.role ?? 'customer',
      emailVerified: user.emailVerified ?? false,
    }
  } catch {
    // A failed session check means "signed out", never a broken page.
    return null
  }
}

const AuthContext = createContext<AuthState | null>(null)

/** Tells the site's other tabs that the session changed, so they re-read it. */
const CHANNEL = 'lamplight-session'
function announce() {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(CHANNEL)
  channel.postMessage('changed')
  channel.close()
}

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

  // Every action needs only the query client, so they are made once per client: a stable
  // identity for the context's consumers, as one useCallback each would give.
  const actions = useMemo(() => sessionActions(queryClient), [queryClient])
  const { refresh } = actions

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = () => void refresh()
    return () => channel.close()
  }, [refresh])

  const value = useMemo<AuthState>(() => {
    const user = query.data ?? null
    return {
      user,
      loading: query.isPending,
      isAdmin: can(user, 'admin'),
      canSeeAdmin: can(user, 'editor'),
      ...actions,
    }
  }, [query.data, query.isPending, actions])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within an AuthProvider')
  return value
}

type SessionActions = Omit<AuthState, 'user' | 'loading' | 'isAdmin' | 'canSeeAdmin'>

/** What the session lets a page do, each answering once the session query says the outcome. */
function sessionActions(queryClient: QueryClient): SessionActions {
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
  }
  const reload = async () => {
    const user = await queryClient.fetchQuery({
      queryKey: SESSION_QUERY_KEY,
      queryFn: fetchSession,
      staleTime: 0,
    })
    announce()
    return user
  }
  /** Signed out here and in the other tabs, without asking the server again. */
  const signedOut = () => {
    queryClient.setQueryData(SESSION_QUERY_KEY, null)
    announce()
  }
  return {
    refresh,
    async signIn({ email, password }) {
      await apiFetch('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email, password, rememberMe: true },
      })
      return reload()
    },
    async signUp({ name, email, password }) {
      const result = await apiFetch<{ signedIn?: boolean }>('/api/auth/sign-up/email', {
        method: 'POST',
        // Where sign-in waits for it, the emailed link confirms the address and opens the account.
        body: { name, email, password, callbackURL: '/account' },
      })
      // Not signed in means the account waits for its email to be confirmed.
      if (!result?.signedIn) return { needsVerification: true }
      await reload()
      return { needsVerification: false }
    },
    async signOut() {
      await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} })
      signedOut()
    },
    async requestPasswordReset(email, purpose) {
      await apiFetch('/api/auth/request-password-reset', {
        method: 'POST',
        // The mail and the page say why when the link is to add guest orders (decision 032).
        body: {
          email,
          redirectTo: purpose ? `/auth/reset-password?purpose=${purpose}` : '/auth/reset-password',
        },
      })
    },
    async resetPassword({ token, newPassword }) {
      await apiFetch('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } })
      // A reset signs the account out everywhere, this browser too if it was signed in.
      await reload()
    },
    async confirmEmail({ token, password }) {
      const answer = await apiFetch<{ status?: string }>('/api/auth/confirm-email', {
        method: 'POST',
        body: password ? { token, password } : { token },
      })
      await reload()
      return { alreadyConfirmed: answer?.status === 'already_confirmed' }
    },
    async sendConfirmation(email, callbackURL = '/account') {
      await apiFetch('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL } })
    },
    async changePassword({ currentPassword, newPassword }) {
      await apiFetch('/api/auth/change-password', {
        method: 'POST',
        body: { currentPassword, newPassword, revokeOtherSessions: true },
      })
      // This browser keeps a new session; the others (and other tabs' views of them) re-read.
      await reload()
    },
    async signOutEverywhere() {
      await apiFetch('/api/auth/revoke-sessions', { method: 'POST', body: {} })
      signedOut()
    },
  }
}
