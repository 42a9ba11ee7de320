import { type PrefetchRoute, RemoteRoutes } from '@lamplight/remote'
import { pages, preloadPage } from './pages'
import './styles.css'

/**
 * The server render's prefetch: the page's code and its data. The data part is loaded only
 * when called: it reaches every page's queryOptions (and the contracts' zod schemas), which
 * a browser's first load of one page must not download.
 */
export const prefetch: PrefetchRoute = async (queryClient, location) => {
  await Promise.all([
    preloadPage(location.pathname),
    import('./prefetch').then((m) => m.prefetch(queryClient, location)),
  ])
}

// In a browser, the page of the address starts downloading with this module, not after
// React first renders it (and a page that arrived server-rendered hydrates without waiting).
if (typeof window !== 'undefined') void preloadPage(window.location.pathname)

/**
 * Exposed as `./routes` (a `RemoteRoutesModule`): every page this remote owns, mounted by the
 * shell's router, and `prefetch` for a server render.
 * Toasts (Download Failed, Print Failed) show in the shell's Toaster: sonner is shared.
 */
export default function ResourcesRoutes() {
  return <RemoteRoutes remote="resources-app" pages={pages} />
}
