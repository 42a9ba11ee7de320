import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthProvider, useAuth } from './auth-context'
import { createQueryClient } from './query-client'

function Probe() {
  const { user, loading, canSeeAdmin } = useAuth()
  if (loading) return <p>loading</p>
  return (
    <p>
      {user ? `${user.email} ${user.role} ${canSeeAdmin ? 'admin-link' : 'no-admin-link'}` : 'signed out'}
    </p>
  )
}

/** Renders `ui` (by default the session's probe) inside a fresh query client and AuthProvider. */
function renderWithSession(ui = <Probe />) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>{ui}</AuthProvider>
    </QueryClientProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('AuthProvider', () => {
  it('throws a clear error when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider')
  })

  it('reads the signed-in user and their role from the session endpoint', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        session: { id: 's' },
        user: { id: 'u1', email: 'ann@example.com', name: 'Ann', role: 'editor' },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    renderWithSession()
    expect(screen.getByText('loading')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText('ann@example.com editor admin-link')).toBeInTheDocument())
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/get-session',
      expect.objectContaining({ credentials: 'include' }),
    )
  })

  it('treats a failing session check as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 })),
    )
    renderWithSession()
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument())
  })

  it('does not show the admin link to customers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ user: { id: 'u2', email: 'bo@example.com', role: 'customer' } })),
    )
    renderWithSession()
    await waitFor(() => expect(screen.getByText('bo@example.com customer no-admin-link')).toBeInTheDocument())
  })
})

function Actions() {
  const auth = useAuth()
  return (
    <div>
      <p>{auth.loading ? 'loading' : (auth.user?.email ?? 'signed out')}</p>
      <button
        type="button"
        onClick={() => auth.signIn({ email: 'ann@example.com', password: 'pw' }).catch(() => {})}
      >
        in
      </button>
      <button type="button" onClick={() => void auth.signOut()}>
        out
      </button>
    </div>
  )
}

describe('AuthProvider actions', () => {
  it('signs in, re-reads the session, and signs out without a reload', async () => {
    let signedIn = false
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/sign-in/email')) {
        signedIn = true
        return Response.json({ signedIn: true, user: { id: 'u1', email: 'ann@example.com' } })
      }
      if (url.endsWith('/sign-out')) {
        signedIn = false
        return Response.json({ success: true })
      }
      return Response.json(
        signedIn ? { user: { id: 'u1', email: 'ann@example.com', role: 'customer' } } : null,
      )
    })
    vi.stubGlobal('fetch', fetchMock)
    renderWithSession(<Actions />)
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument())
    screen.getByRole('button', { name: 'in' }).click()
    await waitFor(() => expect(screen.getByText('ann@example.com')).toBeInTheDocument())
    screen.getByRole('button', { name: 'out' }).click()
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument())
    const signOutCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-out'))
    expect(signOutCall).toBeTruthy()
  })

  it('keeps the visitor signed out when the service refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/sign-in/email')
          ? Response.json(
              { error: { code: 'invalid_email_or_password', message: 'Invalid email or password' } },
              { status: 401 },
            )
          : Response.json(null),
      ),
    )
    renderWithSession(<Actions />)
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument())
    screen.getByRole('button', { name: 'in' }).click()
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.getByText('signed out')).toBeInTheDocument()
  })
})
