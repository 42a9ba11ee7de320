import { AuthProvider, apiBase, createQueryClient, useAuth } from '@lamplight/session'
import { Button, LoadingState, Logo, Toaster, toast } from '@lamplight/ui'
import { LogOutIcon } from '@lamplight/ui/icons'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, Link, Navigate, NavLink, Route, Routes } from 'react-router'
import { hasLevel } from '../components/require-role'
import AdminRoutes from '../routes'
import { SignInScreen } from './sign-in-screen'
import '@lamplight/remote/standalone.css'

/**
 * The admin console as its own site, deployed on its own origin (`npm run console`):
 * its own sign-in screen and header around the same pages the composed site mounts.
 * It talks to the API at `apiBase()` with cookies; the API lets it (CORS with
 * credentials) only when its origin is in TRUSTED_ORIGINS.
 */
export function mountConsole() {
  const container = document.getElementById('root')
  if (!container) throw new Error('The page has no #root element')
  const queryClient = createQueryClient()
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <BrowserRouter>
            <ConsoleApp />
          </BrowserRouter>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
}

function ConsoleApp() {
  const { user, loading } = useAuth()
  return (
    <div data-remote="admin-app" className="min-h-screen bg-background text-foreground">
      <ConsoleHeader />
      <main>
        {loading ? (
          <LoadingState label="Checking your session" />
        ) : !user ? (
          <SignInScreen />
        ) : !hasLevel(user.role, 'staff') ? (
          <NotStaff />
        ) : (
          <Routes>
            <Route path="/" element={<Navigate to="/admin" replace />} />
            <Route path="*" element={<AdminRoutes />} />
          </Routes>
        )}
      </main>
    </div>
  )
}

function ConsoleHeader() {
  const { user, isAdmin, signOut } = useAuth()
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-secondary text-primary' : 'text-foreground hover:text-primary'}`
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link to="/admin" className="flex items-center gap-2" aria-label="Lamplight admin console, dashboard">
          <Logo />
          <span className="rounded bg-secondary px-2 py-0.5 text-xs font-semibold uppercase tracking-wider text-primary">
            Console
          </span>
        </Link>
        {user && (
          <nav aria-label="Console" className="flex items-center gap-1">
            <NavLink to="/admin" end className={link}>
              Dashboard
            </NavLink>
            {isAdmin && (
              <>
                <NavLink to="/admin/orders" className={link}>
                  Orders
                </NavLink>
                <NavLink to="/admin/products" className={link}>
                  Products
                </NavLink>
              </>
            )}
          </nav>
        )}
        {user && (
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden max-w-[16rem] truncate text-sm text-muted-foreground sm:inline">
              {user.email}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={async () => {
                await signOut()
                toast.success('Signed out successfully.')
              }}
            >
              <LogOutIcon aria-hidden className="size-4" />
              Sign Out
            </Button>
          </div>
        )}
      </div>
    </header>
  )
}

/** Signed in, but not an admin or editor: nothing here is theirs. */
function NotStaff() {
  const { user, signOut } = useAuth()
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 text-center"
    >
      <h1 className="font-serif text-3xl">Access Denied</h1>
      <p className="mt-3 text-muted-foreground">
        {user?.email} is not an admin or editor account. Sign in with another account, or go back to the{' '}
        <a className="text-primary underline" href={apiBase() || '/'}>
          shop
        </a>
        .
      </p>
      <Button className="mt-6" onClick={() => signOut()}>
        Sign in as someone else
      </Button>
    </div>
  )
}
