import type { RemotePages } from '@lamplight/remote'
import { CategoryPage } from './category/category-page'
import { BibleVersesGalleryPage, FaithGalleryPage, NoahsArkGalleryPage } from './galleries'
import { PrintViewPage } from './print-view/print-view-page'
import { ResourceDetailPage } from './resource-detail/resource-detail-page'
import { ResourcesHomePage } from './resources-home/resources-home-page'

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
