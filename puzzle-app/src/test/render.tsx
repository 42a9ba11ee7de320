import { AuthProvider } from '@lamplight/session'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { vi } from 'vitest'

/** Stubs `fetch` with `path` → JSON body; unlisted API paths answer 404 like the API does. */
export function mockApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
    if (!(url.pathname in routes))
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
    return Response.json(routes[url.pathname])
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** What the shell gives a remote: one query client (no retries here) and the session. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } }),
  )
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  )
}
