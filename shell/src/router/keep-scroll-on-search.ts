import type { createBrowserRouter, Path, RouterNavigateOptions, To } from 'react-router'

type Router = ReturnType<typeof createBrowserRouter>

/**
 * Whether going to `to` from `current` changes only the query string: a filter, a search
 * or a tab held in the URL. Paths relative to the current route are not recognised (they
 * keep the router's usual behaviour).
 */
export function changesOnlySearch(current: Pick<Path, 'pathname'>, to: To): boolean {
  if (typeof to === 'string') {
    if (to.startsWith('?')) return true
    if (!to.startsWith('/') || to.startsWith('//')) return false
    const url = new URL(to, 'http://site.invalid')
    return url.pathname === current.pathname && !url.hash
  }
  return (to.pathname === undefined || to.pathname === current.pathname) && !to.hash
}

/**
 * Refining the page you are on (typing in a search box, choosing an age, Clear Filters)
 * must not throw you back to the top. ScrollRestoration scrolls to the top on every new
 * location unless the navigation asks it not to, so every navigation that changes only
 * the query string asks it not to, whichever app started it (the remotes share this
 * router). A caller may still pass `preventScrollReset: false` to scroll to the top.
 */
export function keepScrollOnSearchChanges(router: Router): Router {
  const navigate = router.navigate.bind(router)
  router.navigate = ((to: To | number | null, options?: RouterNavigateOptions) => {
    if (typeof to === 'number') return navigate(to)
    const keep =
      to !== null && options?.preventScrollReset === undefined && changesOnlySearch(router.state.location, to)
    return navigate(to, keep ? { ...options, preventScrollReset: true } : options)
  }) as Router['navigate']
  return router
}

/**
 * ScrollRestoration's key for a history entry. React Router keys every page loaded
 * straight from the address bar, a bookmark or a link from elsewhere "default", so the
 * position saved when one such page was left was restored on the next such page: a
 * visitor opening /faq landed halfway down it because they had scrolled /about. Those
 * entries are keyed by their URL instead (a reload still comes back to where it was).
 */
export function scrollKey(location: Path & { key: string }): string {
  return location.key === 'default'
    ? `url:${location.pathname}${location.search}${location.hash}`
    : location.key
}
