import { PRODUCT_SLUG_SCROLL } from '@lamplight/contracts'
import type { PrefetchRoute } from '@lamplight/remote'
import { matchRoute, routesOf } from '@lamplight/routes'
import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query'
import { cartQueries } from './api/cart'
import { catalogQueries } from './api/catalog'
import { shopQueries } from './api/shop'

const OWN_ROUTES = routesOf('storefront')

type Read = (queryClient: QueryClient) => Promise<void>

/**
 * One page read as a prefetch. prefetchQuery never throws: a failed read is left to the page.
 * No retries: a render is waiting, and the browser tries again on its own (retry is not part
 * of the key).
 */
const read =
  <T, E, K extends QueryKey>(options: UseQueryOptions<T, E, T, K>): Read =>
  (queryClient) =>
    queryClient.prefetchQuery({ ...options, retry: false })

/**
 * What each public page reads for its first paint, as the pages' own queryOptions. Checkout
 * confirmation is left out on purpose: reading an order confirms it (a POST that may fulfil
 * it), which a server render must not do; the signed-in parts (subscription status, access)
 * load in the browser.
 */
function readsFor(path: string, params: Record<string, string>): Read[] {
  switch (path) {
    case '/':
    case '/shop':
    case '/experiences':
      return [read(catalogQueries.list())]
    case '/experiences/:productSlug':
      return params.productSlug ? [read(catalogQueries.page(params.productSlug))] : []
    case '/scroll-of-antioch':
      return [read(shopQueries.product(PRODUCT_SLUG_SCROLL))]
    case '/shipping':
      return [read(cartQueries.rates())]
    case '/checkout/:productSlug':
      // The product and its Review Order priced for the form's first country (US).
      return params.productSlug
        ? [
            read(shopQueries.product(params.productSlug)),
            read(shopQueries.quote(params.productSlug, { country: 'US' })),
          ]
        : []
    default:
      return []
  }
}

/** `./routes`' prefetch (the contract is `PrefetchRoute` in @lamplight/remote). */
export const prefetch: PrefetchRoute = async (queryClient, { pathname }) => {
  const match = matchRoute(pathname, OWN_ROUTES)
  if (match?.route.access !== 'public') return
  await Promise.all(readsFor(match.route.path, match.params).map((load) => load(queryClient)))
}
