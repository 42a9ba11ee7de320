import { AuthProvider, createQueryClient } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router'

/** The address bar, for a test to read (`getByLabelText('address')`). */
function Where() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.search}</output>
}

/**
 * For the pages' tests: `page` at `path` as the console renders it (a fresh query client, the
 * session from the stubbed `fetch`, a router), with the address shown beside it.
 */
export function renderAdminPage(path: string, page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          {page}
          <Where />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  )
}

/** What the stubbed `fetch` answers for the session: an admin is signed in. */
export const adminSession = () =>
  Response.json({ user: { id: 'admin-1', email: 'admin@example.test', name: 'Admin', role: 'admin' } })

/** A 400 as the API's validation answers it, from the contract schema's issues. */
export function validationFailed(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return Response.json(
    {
      error: {
        code: 'validation_failed',
        message: 'The request is not valid.',
        issues: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      },
    },
    { status: 400 },
  )
}
