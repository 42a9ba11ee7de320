import { RemoteRoutes } from '@lamplight/remote'
import { pages } from './pages'
import './styles.css'

/** Exposed as `./routes`: every page this remote owns, mounted by the shell's router. */
export default function StorefrontRoutes() {
  return <RemoteRoutes remote="storefront" pages={pages} />
}
