import { AuthProvider, createQueryClient } from '@lamplight/session'
import { Spinner, Toaster } from '@lamplight/ui'
import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, StrictMode, Suspense, useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
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
    </Suspense>
  )
}

export function createRouter() {
  const router = createBrowserRouter([
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
  ])
  return keepScrollOnSearchChanges(router)
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createRouter)
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  )
}
