import { AuthProvider, createQueryClient } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthPage } from './auth-page'

/** The auth page over a fake API: signed out, and `signUp` answering as given. */
function renderAuth(signUp: () => Response, url = '/auth?tab=sign-up') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input)
      if (path.endsWith('/get-session')) return Response.json(null)
      if (path.endsWith('/sign-up/email')) return signUp()
      return Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 })
    }),
  )
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  )
}

async function signUpWith(email: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email)
  await userEvent.type(screen.getByLabelText('Password'), 'a good password 1')
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
}

afterEach(() => vi.unstubAllGlobals())

describe('AuthPage', () => {
  it('has its own title, description and canonical link, and the title follows the tab', async () => {
    renderAuth(() => Response.json({}), '/auth')
    await screen.findByRole('tab', { name: 'Sign In' })
    expect(document.title).toBe('Sign In | Lamplight Puzzle Co.')
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Sign in/,
    )
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', '/auth')
    expect(document.head.querySelector('meta[property="og:url"]')).toHaveAttribute('content', '/auth')
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }))
    expect(document.title).toBe('Sign Up | Lamplight Puzzle Co.')
  })

  it('says Create an account under the Sign Up tab, not Sign in', async () => {
    renderAuth(() => Response.json({}))
    expect(await screen.findByText(/^Create an account to solve your puzzles/)).toBeInTheDocument()
    expect(screen.queryByText(/^Sign in to solve your puzzles/)).toBeNull()
  })

  it('for an address that has an account, offers Sign in instead with the email carried over', async () => {
    renderAuth(() =>
      Response.json(
        { error: { code: 'user_already_exists_use_another_email', message: 'User already exists.' } },
        { status: 422 },
      ),
    )
    await signUpWith('lydia@example.com')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('An account already exists for lydia@example.com.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Sign in instead' }))
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Email')).toHaveValue('lydia@example.com')
    expect(screen.getByLabelText('Password')).toHaveFocus()
  })

  it('when the server will not say whether the address is new, the way back in is offered with the check-your-email note', async () => {
    renderAuth(() => Response.json({ signedIn: false, user: null }))
    await signUpWith('dorcas@example.com')
    const note = (await screen.findByText('Check your email to confirm your account!')).closest(
      '[role="status"]',
    ) as HTMLElement
    expect(note).not.toBeNull()
    expect(note).toHaveTextContent('dorcas@example.com')
    await userEvent.click(within(note).getByRole('button', { name: 'Reset your password' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('dorcas@example.com')
    expect(screen.getByLabelText('Email')).toHaveFocus()
  })
})
