import { AuthProvider, createQueryClient } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'

/** Renders a storefront component with the providers the shell gives it, at `path`. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  )
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>

/** A fetch that answers the session check as signed out (unless `session` says otherwise) and hands the rest to `handler`. */
export function fakeApi(handler: Handler, session: unknown = null) {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    if (url.endsWith('/api/auth/get-session')) return Response.json(session)
    return handler(url, init)
  }
}
