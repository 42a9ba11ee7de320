import type { RemotePages } from '@lamplight/remote'
import { PortalPage } from './portal/portal-page'
import { PuzzlePage } from './puzzle/puzzle-page'

/** Route path (as in the route map) → page component. */
export const pages: RemotePages = {
  '/puzzle-portal': PortalPage,
  '/puzzle-portal/:productSlug': PortalPage,
  '/puzzle/:productSlug': PuzzlePage,
}
