import { PRODUCT_SLUG_SCROLL } from '@lamplight/contracts'
import type { PrefetchRoute } from '@lamplight/remote'
import { matchRoute, routesOf } from '@lamplight/routes'
import { shopQueries } from './api/shop'
import { EXPERIENCES } from './components/experiences'

const OWN_ROUTES = routesOf('storefront')

/** Products whose live price the experience cards show. */
const PRICED_ON_EXPERIENCES = EXPERIENCES.flatMap((e) => (e.productSlug ? [e.productSlug] : []))

/**
 * What each public page reads for its first paint, as the pages' own queryOptions. Checkout
 * confirmation is left out on purpose: reading an order confirms it (a POST that may fulfil
 * it), which a server render must not do; the signed-in parts (subscription status, access)
 * load in the browser.
 */
function readsFor(path: string, params: Record<string, string>) {
  switch (path) {
    case '/shop':
    case '/scroll-of-antioch':
      return [shopQueries.product(PRODUCT_SLUG_SCROLL)]
    case '/experiences':
      return PRICED_ON_EXPERIENCES.map((slug) => shopQueries.product(slug))
    case '/checkout/:productSlug':
      return params.productSlug ? [shopQueries.product(params.productSlug)] : []
    default:
      return []
  }
}

/** `./routes`' prefetch (the contract is `PrefetchRoute` in @lamplight/remote). */
export const prefetch: PrefetchRoute = async (queryClient, { pathname }) => {
  const match = matchRoute(pathname, OWN_ROUTES)
  if (match?.route.access !== 'public') return
  // prefetchQuery never throws: a failed read is left to the page. No retries: a render is
  // waiting, and the browser tries again on its own. (retry is not part of the key.)
  await Promise.all(
    readsFor(match.route.path, match.params).map((options) =>
      queryClient.prefetchQuery({ ...options, retry: false }),
    ),
  )
}
