import { AuthProvider, createQueryClient } from '@lamplight/session'
import { itRendersEveryOwnedRoute } from '@lamplight/testing'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterAll, beforeAll, describe, vi } from 'vitest'
import { EXPERIENCES_HEADING } from './pages/experiences/experiences-page'
import { HOME_HEADING } from './pages/home/home-page'
import StorefrontRoutes from './routes'

// The pages that read the API get the shell's providers, and a signed-out, empty API.
function WithProviders() {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <StorefrontRoutes />
      </AuthProvider>
    </QueryClientProvider>
  )
}

describe('storefront routes', () => {
  beforeAll(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/get-session')
          ? Response.json(null)
          : Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 }),
      ),
    )
  })
  afterAll(() => {
    vi.unstubAllGlobals()
  })

  // Headings of the pages that have a better one than the route map's title.
  itRendersEveryOwnedRoute('storefront', WithProviders, {
    '/': HOME_HEADING,
    '/experiences': EXPERIENCES_HEADING,
    '/shop': 'Shop Experiences',
    // The API here knows no product: checkout goes back to the shop (spec, section 8).
    '/checkout/:productSlug': 'Shop Experiences',
    // No session id: the confirmation page says it cannot confirm anything.
    '/checkout': 'We could not confirm this order',
    '/purchase-success': 'We could not confirm this order',
    // Signed out and an empty API: the orders cannot load, and the page says so with Retry.
    '/account': 'We could not load this page',
  })
})
