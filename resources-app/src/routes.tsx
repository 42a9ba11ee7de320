import { RemoteRoutes } from '@lamplight/remote'
import { pages } from './pages'
import './styles.css'

/**
 * Exposed as `./routes`: every page this remote owns, mounted by the shell's router.
 * Toasts (Download Failed, Print Failed) show in the shell's Toaster: sonner is shared.
 */
export default function ResourcesRoutes() {
  return <RemoteRoutes remote="resources-app" pages={pages} />
}
