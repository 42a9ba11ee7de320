import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'

/** The address being rendered: the path and the query string (with its `?`, or ''). */
export type PrefetchLocation = { pathname: string; search: string }

/**
 * Loads into `queryClient` the data the page at `location` reads for its first paint, through
 * the page's own `queryOptions` (so the keys are exactly what its `useQuery` reads). Resolves
 * once done; never rejects for a failed read (the page shows its own error or not-found state),
 * and does nothing for a path the remote does not own. It must not run mutations, and it reads
 * only what a signed-out visitor sees: the signed-in parts load in the browser as before.
 * How `request()` reaches the API (in process on the server) is the caller's business.
 */
export type PrefetchRoute = (queryClient: QueryClient, location: PrefetchLocation) => Promise<void>

/**
 * What a remote's exposed `./routes` module gives its host: the `<Routes>` of its pages as the
 * default export, and `prefetch` for a server render (dehydrated and sent with the page, so
 * the browser does not fetch it again). Importing it and rendering it touches no browser
 * global (`window`, `document`, `localStorage`) outside effects, so it runs in Node too.
 */
export type RemoteRoutesModule = {
  default: ComponentType
  prefetch: PrefetchRoute
}
