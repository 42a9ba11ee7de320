import { type PrefetchRoute, RemoteRoutes } from '@lamplight/remote'
import { pages } from './pages'
import './styles.css'

/**
 * The server render's prefetch, loaded only when called: it reaches every page's
 * queryOptions (and the contracts' zod schemas), which a browser's first load of one page
 * must not download.
 */
export const prefetch: PrefetchRoute = (queryClient, location) =>
  import('./prefetch').then((m) => m.prefetch(queryClient, location))

/**
 * Exposed as `./routes` (a `RemoteRoutesModule`): every page this remote owns, mounted by the
 * shell's router, and `prefetch` for a server render.
 */
export default function StorefrontRoutes() {
  return <RemoteRoutes remote="storefront" pages={pages} />
}
