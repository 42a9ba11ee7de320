import { AuthProvider, createQueryClient } from '@lamplight/session'
import { itGivesEveryPublicRouteItsHead, itRendersEveryOwnedRoute } from '@lamplight/testing'
import { QueryClientProvider } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, beforeEach, describe, vi } from 'vitest'
import { EXPERIENCES_HEADING } from './pages/experiences/experiences-page'
import { HOME_HEADING } from './pages/home/home-page'
import StorefrontRoutes from './routes'
import { catalogueFetch } from './test/catalogue'

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
    // The API here knows no product.
    '/experiences/:productSlug': 'Experience Not Found',
    '/shop': 'Shop Experiences',
    // The API here knows no product: checkout goes back to the shop (spec, section 8).
    '/checkout/:productSlug': 'Shop Experiences',
    // The cart's page keeps its heading whatever the cart's read answers.
    '/cart': 'Your cart',
    '/checkout/cart': 'We could not load your cart',
    // No session id: the confirmation page says it cannot confirm anything.
    '/checkout': 'No order to show',
    '/purchase-success': 'No order to show',
    // No token: the status page says the link has expired.
    '/orders/status': 'This link has expired',
    // Signed out and an empty API: the orders cannot load, and the page says so with Retry.
    '/account': 'We could not load this page',
  })
})

describe('storefront routes’ heads', () => {
  // Signed out, and an API with the seeded catalogue.
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/get-session') ? Response.json(null) : catalogueFetch()(url),
      ),
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  itGivesEveryPublicRouteItsHead('storefront', WithProviders, {
    '/': { title: 'Story-driven Christian puzzle boxes' },
    '/experiences': { title: 'Experiences' },
    // The example address is the Scroll's: its canonical page is the spec's /scroll-of-antioch.
    '/experiences/:productSlug': {
      title: 'The Scroll of Antioch',
      type: 'product',
      canonical: '/scroll-of-antioch',
      image: '/api/products/scroll-of-antioch/images/img-scroll-of-antioch',
    },
    '/about': { title: 'About Us' },
    '/shop': { title: 'Shop' },
    '/checkout/:productSlug': { title: 'Checkout' },
    '/cart': { title: 'Your Cart' },
    // A visitor's cart is empty here: its checkout sends them to /cart, which says so.
    '/checkout/cart': { title: 'Your Cart', canonical: '/cart' },
    // No session id in the example address: the page cannot confirm anything.
    '/checkout': { title: 'Your order' },
    '/purchase-success': { title: 'Your order' },
    '/gift-cards': { title: 'Gift Cards' },
    '/faq': { title: 'Frequently Asked Questions' },
    '/contact': { title: 'Contact Us' },
    '/scroll-of-antioch': { title: 'The Scroll of Antioch', type: 'product' },
    '/shipping': { title: 'Shipping Info' },
    '/returns': { title: 'Returns' },
    '/privacy': { title: 'Privacy Policy' },
    '/orders/lookup': { title: 'Find your order' },
    // No token in the example address: the page says the link has expired.
    '/orders/status': { title: 'Your order' },
  })
})
