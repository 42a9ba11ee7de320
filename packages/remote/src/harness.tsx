import { examplePath, type RemoteName, routesOf } from '@lamplight/routes'
import { AuthProvider, createQueryClient } from '@lamplight/session'
import { Toaster } from '@lamplight/ui'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ComponentType, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, Link } from 'react-router'
import './harness.css'

/**
 * Runs one remote on its own, outside the shell: the same providers the shell gives it,
 * a thin bar of links to its routes instead of the real chrome. Used by each remote's
 * `npm run dev` and by the standalone admin console build.
 */
export function mountStandalone(
  remote: RemoteName,
  Routes: ComponentType,
  options: { banner?: string } = {},
) {
  const container = document.getElementById('root')
  if (!container) throw new Error('The page has no #root element')
  const queryClient = createQueryClient()
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <header className="border-b border-border bg-secondary/60 px-4 py-2 text-sm">
              <strong className="mr-3 font-semibold">{options.banner ?? `${remote} (standalone)`}</strong>
              <nav aria-label="Harness" className="inline-flex flex-wrap gap-x-3">
                {routesOf(remote).map((route) => (
                  <Link key={route.path} to={examplePath(route.path)} className="text-primary underline">
                    {route.title}
                  </Link>
                ))}
              </nav>
            </header>
            <main className="min-h-screen bg-background text-foreground">
              <Routes />
            </main>
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
}
