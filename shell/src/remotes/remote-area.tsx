import type { RemoteName } from '@lamplight/routes'
import { Button, Spinner } from '@lamplight/ui'
import { TriangleExclamationPointIcon } from '@lamplight/ui/icons'
import {
  Component,
  type ComponentType,
  createContext,
  type ReactNode,
  Suspense,
  use,
  useContext,
  useEffect,
  useState,
} from 'react'
import { useLocation } from 'react-router'
import { HydrationMarker } from '../hydration/hydration-marker'
import { reportRemoteError } from '../observability'
import { RouteMeta } from '../pages/route-meta'
import { reportAreaError, reportAreaView } from './health-beacon'
import { loadRemoteModule } from './remote-loader'

const AREA_LABELS: Record<RemoteName, string> = {
  storefront: 'the shop',
  'resources-app': 'the resource library',
  'puzzle-app': 'the puzzle portal',
  'admin-app': 'the admin console',
}

/**
 * One remote's area of the page. Loading, failing (down, 404, throws while rendering)
 * and retrying all stay inside this box; the chrome and other remotes are untouched.
 */
export function RemoteArea({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0)
  const { pathname } = useLocation()
  // One view of this remote's area per page load, for its release's health (issue 38).
  useEffect(() => reportAreaView(remote), [remote])
  return (
    <RemoteErrorBoundary
      key={attempt}
      resetKey={pathname}
      fallback={<RemoteFailure remote={remote} onRetry={() => setAttempt((n) => n + 1)} />}
      onError={(error) => {
        reportRemoteError(error, remote)
        reportAreaError(remote)
      }}
    >
      <Suspense fallback={<RemoteLoading remote={remote} />}>
        <FederatedRoutes remote={remote} attempt={attempt} />
      </Suspense>
    </RemoteErrorBoundary>
  )
}

/**
 * On the server (src/server): each remote's routes, loaded before rendering, or null for a
 * remote whose server build is missing, slow or broken. Absent in the browser.
 */
export const ServerRemotesContext = createContext<Partial<Record<RemoteName, ComponentType | null>> | null>(
  null,
)

/** The digest of the server's "render this area in the browser" signal (not an error to report). */
export const RENDER_IN_BROWSER = 'lamplight:render-in-browser'

/** Thrown on the server for a remote it could not load: React sends the area's fallback, the browser renders it. */
export class RenderInBrowser extends Error {
  readonly digest = RENDER_IN_BROWSER
  constructor(remote: RemoteName) {
    super(`${remote} is rendered in the browser`)
  }
}

function FederatedRoutes({ remote, attempt }: { remote: RemoteName; attempt: number }) {
  const server = useContext(ServerRemotesContext)
  let Routes: ComponentType
  if (server) {
    const ServerRoutes = server[remote]
    if (!ServerRoutes) throw new RenderInBrowser(remote)
    Routes = ServerRoutes
  } else {
    Routes = use(loadRemoteModule<ComponentType>(remote, 'routes', attempt))
  }
  // The same tree on the server and in the browser: React's useId (and so every Radix id
  // and aria-controls) follows the tree's shape, and a sibling added on one side only
  // would make the ids differ after hydration.
  return (
    <>
      <Routes />
      <HydrationMarker />
    </>
  )
}

function RemoteLoading({ remote }: { remote: RemoteName }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-remote-loading={remote}>
      <RouteMeta />
      <Spinner label={`Loading ${AREA_LABELS[remote]}…`} />
    </div>
  )
}

export function RemoteFailure({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  return (
    <section
      role="alert"
      data-remote-error={remote}
      className="mx-auto my-16 flex max-w-lg flex-col items-center gap-4 rounded-xl border border-border bg-card px-6 py-10 text-center shadow-sm"
    >
      <RouteMeta />
      <TriangleExclamationPointIcon aria-hidden className="size-10 text-gold" />
      <h1 className="font-serif text-2xl text-foreground">This part of the site didn't load</h1>
      <p className="text-muted-foreground">
        We couldn't reach {AREA_LABELS[remote]} just now. The rest of the site still works; please try again
        in a moment.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </section>
  )
}

type BoundaryProps = {
  children: ReactNode
  fallback: ReactNode
  resetKey: string
  onError: (error: unknown) => void
}
type BoundaryState = { failedAt: string | null }

class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failedAt: '' }
  }

  override componentDidCatch(error: unknown) {
    // Remember where it failed so moving to another page of the same remote tries again.
    this.setState({ failedAt: this.props.resetKey })
    console.warn('A remote failed to load or render:', error)
    this.props.onError(error)
  }

  override componentDidUpdate(prev: BoundaryProps) {
    if (this.state.failedAt && prev.resetKey !== this.props.resetKey) this.setState({ failedAt: null })
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : this.props.fallback
  }
}
