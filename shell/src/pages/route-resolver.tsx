import { matchRoute } from '@lamplight/config/routes'
import { useLocation } from 'react-router'
import { useDocumentTitle } from '../layout/use-document-title'
import { RemoteArea } from '../remotes/remote-area'
import { NotFound } from './not-found'

/** Hands the current URL to the remote that owns it, or shows the 404 page. */
export function RouteResolver() {
  const { pathname } = useLocation()
  const match = matchRoute(pathname)
  useDocumentTitle(match ? match.route.title : 'Page not found')
  if (!match) return <NotFound />
  // Keyed by remote so moving between remotes starts a fresh area (and error boundary).
  return <RemoteArea key={match.route.remote} remote={match.route.remote} />
}
