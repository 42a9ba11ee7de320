import { Toaster } from '@lamplight/ui'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>

/**
 * Stubs `fetch` with a table of `path` (or `path?query` prefix) → JSON body or handler.
 * Unlisted API paths answer 404 like the API does. Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
    const exact = `${url.pathname}${url.search}`
    const key =
      exact in routes
        ? exact
        : url.pathname in routes
          ? url.pathname
          : Object.keys(routes).find((k) => k.includes('?') && exact.startsWith(k))
    if (key === undefined)
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
    const value = routes[key]
    if (typeof value === 'function') return (value as Handler)(url, init)
    if (value instanceof Response) return value.clone()
    return Response.json(value)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The query client the shell would give, without retries or caching between tests. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } })
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(testQueryClient)
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

/** The URL the router is at, for assertions. */
let currentLocation = ''
function LocationProbe() {
  const location = useLocation()
  currentLocation = `${location.pathname}${location.search}`
  return null
}
export const locationNow = () => currentLocation

/** Renders one page under a route pattern at a URL, with a query client and a toaster. */
export function renderPage(pattern: string, url: string, Page: () => ReactNode) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={<Page />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </Providers>,
  )
}
