import { AuthProvider, createQueryClient, PublicOriginProvider } from '@lamplight/session'
import { Spinner, Toaster } from '@lamplight/ui'
import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, StrictMode, Suspense, useState } from 'react'
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router'
import { HydrationMarker } from './hydration/hydration-marker'
import { SiteLayout } from './layout/site-layout'
import { RouteResolver } from './pages/route-resolver'
import { RouterError } from './pages/router-error'
import { keepScrollOnSearchChanges } from './router/keep-scroll-on-search'

// The account screens are only needed by people signing in: kept out of the first load.
const AuthPage = lazy(() => import('./auth/auth-page').then((m) => ({ default: m.AuthPage })))
const ResetPasswordPage = lazy(() =>
  import('./auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
)

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[60vh] items-center justify-center">
          <Spinner label="Loading…" />
        </div>
      }
    >
      {children}
      <HydrationMarker />
    </Suspense>
  )
}

/** The site's routes: the browser's router and the server's (src/server) are built from this one list. */
export const appRoutes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouterError />,
    children: [
      {
        path: '/auth',
        element: (
          <Lazy>
            <AuthPage />
          </Lazy>
        ),
      },
      {
        path: '/auth/reset-password',
        element: (
          <Lazy>
            <ResetPasswordPage />
          </Lazy>
        ),
      },
      // Everything else is looked up in the route-ownership map and handed to its remote.
      { path: '*', element: <RouteResolver /> },
    ],
  },
]

export function createRouter() {
  return keepScrollOnSearchChanges(createBrowserRouter(appRoutes))
}

/**
 * Everything around the router, the same on the server and in the browser (so hydration
 * matches). `publicOrigin` (the configured PUBLIC_URL) makes the pages' canonical links and
 * Open Graph URLs absolute.
 */
export function AppProviders({
  queryClient,
  publicOrigin,
  children,
}: {
  queryClient: QueryClient
  publicOrigin: string
  children: ReactNode
}) {
  return (
    <StrictMode>
      <PublicOriginProvider origin={publicOrigin}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            {children}
            <Toaster />
          </AuthProvider>
        </QueryClientProvider>
      </PublicOriginProvider>
    </StrictMode>
  )
}

/**
 * `dehydratedState`: the data the server rendered the page with, so it is not fetched again;
 * `publicOrigin`: the origin it was rendered with (a page rendered in the browser alone
 * takes the address it was opened at).
 */
export function App({
  dehydratedState,
  publicOrigin = window.location.origin,
}: {
  dehydratedState?: DehydratedState
  publicOrigin?: string
} = {}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient()
    if (dehydratedState) hydrate(client, dehydratedState)
    return client
  })
  const [router] = useState(createRouter)
  return (
    <AppProviders queryClient={queryClient} publicOrigin={publicOrigin}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
