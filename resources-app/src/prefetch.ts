import type { PrefetchRoute } from '@lamplight/remote'
import { matchRoute, routesOf } from '@lamplight/routes'
import type { QueryClient } from '@tanstack/react-query'
import { resourceQueries } from './api/resources'
import { categoryFiltersFrom } from './pages/category/use-category-filters'
import { BIBLE_VERSES_GALLERY, FAITH_GALLERY, NOAHS_ARK_GALLERY } from './pages/galleries/gallery-configs'
import { searchQueryFrom } from './pages/resources-home/resources-home-page'

const OWN_ROUTES = routesOf('resources-app')

/** No retries: a render is waiting, and the browser tries again on its own (retry is not part of the key). */
const once = <T extends object>(options: T): T => ({ ...options, retry: false })
const GALLERIES = [BIBLE_VERSES_GALLERY, FAITH_GALLERY, NOAHS_ARK_GALLERY]

/**
 * What each public page of the library reads for its first paint, through the pages' own
 * queryOptions and from the same search parameters the pages read (so `?q=` and `?age=`
 * give the same keys). Reads that only follow a person's action (Show more, the "is this
 * category empty at all" check of a filtered search) are left to the browser.
 */
async function prefetchRoute(
  client: QueryClient,
  path: string,
  params: Record<string, string>,
  search: URLSearchParams,
) {
  switch (path) {
    case '/resources': {
      const q = searchQueryFrom(search)
      await Promise.all([
        client.prefetchQuery(once(resourceQueries.categories())),
        ...(q
          ? [
              client.prefetchInfiniteQuery(once(resourceQueries.list({ q }))),
              client.prefetchQuery(once(resourceQueries.collections(q))),
            ]
          : [client.prefetchQuery(once(resourceQueries.featured()))]),
      ])
      return
    }
    case '/resources/:categorySlug': {
      const slug = params.categorySlug ?? ''
      await client.prefetchQuery(once(resourceQueries.category(slug)))
      // The page lists by the slug the API answered with (it renders nothing before it).
      const found = client.getQueryData(resourceQueries.category(slug).queryKey)
      if (!found) return
      const { q, age } = categoryFiltersFrom(search)
      await client.prefetchInfiniteQuery(once(resourceQueries.list({ category: found.data.slug, q, age })))
      return
    }
    case '/resources/item/:slug':
    case '/resources/print/:slug':
      await client.prefetchQuery(once(resourceQueries.item(params.slug ?? '')))
      return
    default: {
      const gallery = GALLERIES.find((g) => g.path === path)
      if (gallery) await client.prefetchQuery(once(resourceQueries.gallery(gallery.gallery)))
    }
  }
}

/** `./routes`' prefetch (the contract is `PrefetchRoute` in @lamplight/remote). */
export const prefetch: PrefetchRoute = async (queryClient, { pathname, search }) => {
  const match = matchRoute(pathname, OWN_ROUTES)
  if (match?.route.access !== 'public') return
  await prefetchRoute(queryClient, match.route.path, match.params, new URLSearchParams(search))
}
