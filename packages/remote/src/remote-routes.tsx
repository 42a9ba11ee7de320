import { type RemoteName, type RouteDef, routesOf } from '@lamplight/routes'
import { PageFrame, PortalContainerProvider } from '@lamplight/ui'
import { type ComponentType, useState } from 'react'
import { Route, Routes } from 'react-router'

export type RemotePages = Partial<Record<string, ComponentType>>

/**
 * A remote's <Routes>, built from its slice of the route map. A route with no page yet
 * renders its frame and heading, so composition works before the page is written.
 */
export function RemoteRoutes({ remote, pages }: { remote: RemoteName; pages: RemotePages }) {
  // `data-remote` is the root this remote's scoped utilities apply under (docs/decisions/002);
  // its dialogs and drawers portal into it too, so they keep those styles.
  const [portalHost, setPortalHost] = useState<HTMLDivElement | null>(null)
  return (
    <div data-remote={remote}>
      <PortalContainerProvider container={portalHost}>
        <Routes>
          {routesOf(remote).map((route) => {
            const Page = pages[route.path]
            return (
              <Route
                key={route.path}
                path={route.path}
                element={Page ? <Page /> : <PendingPage route={route} />}
              />
            )
          })}
        </Routes>
      </PortalContainerProvider>
      <div ref={setPortalHost} data-portal-host="" />
    </div>
  )
}

function PendingPage({ route }: { route: RouteDef }) {
  return (
    <PageFrame title={route.title} lead="This page is being prepared. Please check back soon.">
      <div className="h-48 rounded-xl border border-dashed border-border bg-card/60" aria-hidden />
    </PageFrame>
  )
}
