import type { RemotePages } from '@lamplight/remote'
import { matchRoute } from '@lamplight/routes'
import { type LazyPage, lazyPage } from './lazy-page'
import { ResourcesHomePage } from './resources-home/resources-home-page'

// The library's landing page ships with the remote entry; the others download when first
// opened, so a first visit to /resources does not carry the category page's filters (Radix
// Select), the galleries' lightbox (Radix Dialog) or the print view. While one loads, the
// shell's Suspense boundary keeps the previous page on screen during navigation.
const CategoryPage = lazyPage(() => import('./category/category-page').then((m) => m.CategoryPage))
const ResourceDetailPage = lazyPage(() =>
  import('./resource-detail/resource-detail-page').then((m) => m.ResourceDetailPage),
)
const PrintViewPage = lazyPage(() => import('./print-view/print-view-page').then((m) => m.PrintViewPage))
const BibleVersesGalleryPage = lazyPage(() => import('./galleries').then((m) => m.BibleVersesGalleryPage))
const FaithGalleryPage = lazyPage(() => import('./galleries').then((m) => m.FaithGalleryPage))
const NoahsArkGalleryPage = lazyPage(() => import('./galleries').then((m) => m.NoahsArkGalleryPage))

/** Route path (as in the route map) → page component. Routes not listed show their frame. */
export const pages: RemotePages = {
  '/resources': ResourcesHomePage,
  '/resources/:categorySlug': CategoryPage,
  '/resources/item/:slug': ResourceDetailPage,
  '/resources/print/:slug': PrintViewPage,
  '/kids-activities-colouring/bible-verses': BibleVersesGalleryPage,
  '/kids-activities-colouring/faith-coloring-pages': FaithGalleryPage,
  '/kids-activities-colouring/noahs-ark-coloring-pages': NoahsArkGalleryPage,
}

/** Starts loading the code of the page at `pathname` (nothing for the landing page or a path not ours). */
export function preloadPage(pathname: string): Promise<unknown> {
  const match = matchRoute(pathname)
  const page = match && (pages[match.route.path] as Partial<LazyPage> | undefined)
  return page?.preload?.() ?? Promise.resolve()
}
