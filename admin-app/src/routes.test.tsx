import { AuthProvider, createQueryClient } from '@lamplight/session'
import { itRendersEveryOwnedRoute } from '@lamplight/testing'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterAll, beforeAll, describe, vi } from 'vitest'
import AdminRoutes from './routes'

// The pages read the session and the API: an admin is signed in, and the API has nothing.
function WithProviders() {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <AdminRoutes />
      </AuthProvider>
    </QueryClientProvider>
  )
}

describe('admin-app routes', () => {
  beforeAll(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/get-session')
          ? Response.json({
              user: { id: 'admin-1', email: 'admin@example.test', name: 'Admin', role: 'admin' },
            })
          : Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 }),
      ),
    )
  })
  afterAll(() => {
    vi.unstubAllGlobals()
  })

  // An id that is not an order's shows the spec's Order Not Found (a product's, Product Not Found). The resource editor is
  // resources-app's (mounted through the shell's federation runtime): admin-app alone says so.
  itRendersEveryOwnedRoute('admin-app', WithProviders, {
    '/admin/orders/:id': 'Order Not Found',
    '/admin/products/:id': 'Product Not Found',
    '/admin/resources/new': 'The resource editor opens in the main site',
    '/admin/resources/:id/edit': 'The resource editor opens in the main site',
  })
})
