import { AuthProvider, createQueryClient } from '@lamplight/session'
import { Toaster } from '@lamplight/ui'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { SiteLayout } from './layout/site-layout'
import { AuthPage } from './pages/auth-page'
import { RouteResolver } from './pages/route-resolver'
import { RouterError } from './pages/router-error'

export function createRouter() {
  return createBrowserRouter([
    {
      element: <SiteLayout />,
      errorElement: <RouterError />,
      children: [
        { path: '/auth', element: <AuthPage /> },
        // Everything else is looked up in the route-ownership map and handed to its remote.
        { path: '*', element: <RouteResolver /> },
      ],
    },
  ])
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
