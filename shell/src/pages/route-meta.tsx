import { matchRoute } from '@lamplight/routes'
import { PageMeta, SITE_NAME } from '@lamplight/session'
import { useLocation } from 'react-router'

/**
 * The route map's title for the current path, shown while the page that owns it is not on
 * screen (its remote loading or failed, the session being checked). The page's own
 * `<PageMeta>` takes over when it renders; the two are never on screen together.
 */
export function RouteMeta() {
  const { pathname } = useLocation()
  const match = matchRoute(pathname)
  if (!match) return null
  const title = match.route.title
  return <PageMeta title={title === 'Home' ? `${SITE_NAME} | Faith-based puzzle boxes` : title} />
}
