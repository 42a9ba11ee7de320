import { NotFoundStatus, PageMeta } from '@lamplight/session'
import { Button } from '@lamplight/ui'
import { Link, useLocation } from 'react-router'
import { HydrationMarker } from '../hydration/hydration-marker'

export const NOT_FOUND_TITLE = 'Page not found'

export function NotFound() {
  const { pathname } = useLocation()
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      {/* Its own address, so a shared link previews as what it is: a page that is not here. */}
      <PageMeta
        title={NOT_FOUND_TITLE}
        description="The page you were looking for isn't here. Find our puzzle boxes, the shop and free Christian resources from the home page."
        path={pathname}
      />
      <NotFoundStatus />
      <HydrationMarker />
      <p className="font-serif text-7xl text-primary">404</p>
      <h1 className="font-serif text-3xl text-foreground">Oops! Page not found</h1>
      <p className="text-muted-foreground">
        Even the best treasure maps have a blank corner. The page you were looking for isn't here.
      </p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  )
}
