import { AuthProvider, createQueryClient, PublicOriginProvider } from '@lamplight/session'
import { Spinner, Toaster } from '@lamplight/ui'
import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, StrictMode, Suspense, useState } from 'react'
import { unstable_HistoryRouter as HistoryRouter, Route, Routes } from 'react-router'
import { HydrationMarker } from './hydration/hydration-marker'
import { SiteLayout } from './layout/site-layout'
import { RouteResolver } from './pages/route-resolver'
import { RouterErrorBoundary } from './pages/router-error'
import { createGuardedHistory } from './router/guarded-history'

// The account screens are only needed by people signing in: kept out of the first load.
const AuthPage = lazy(() => import('./auth/auth-page').then((m) => ({ default: m.AuthPage })))
const ResetPasswordPage = lazy(() =>
  import('./auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
)
const VerifyEmailPage = lazy(() =>
  import('./auth/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
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

/**
 * The site's routes, the same in the browser's router and the server's (src/server): the
 * account screens, and everything else looked up in the route-ownership map and handed to
 * its remote. Declarative routes (decision 026): no loaders, nothing a data router adds.
 */
export function AppRoutes() {
  return (
    <RouterErrorBoundary>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route
            path="/auth"
            element={
              <Lazy>
                <AuthPage />
              </Lazy>
            }
          />
          <Route
            path="/auth/reset-password"
            element={
              <Lazy>
                <ResetPasswordPage />
              </Lazy>
            }
          />
          <Route
            path="/auth/verify-email"
            element={
              <Lazy>
                <VerifyEmailPage />
              </Lazy>
            }
          />
          <Route path="*" element={<RouteResolver />} />
        </Route>
      </Routes>
    </RouterErrorBoundary>
  )
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
  const [history] = useState(() => createGuardedHistory())
  return (
    <AppProviders queryClient={queryClient} publicOrigin={publicOrigin}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>
  )
}
