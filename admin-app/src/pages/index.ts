import type { RemotePages } from '@lamplight/config/remote-routes'

/** Route path (as in the route map) → page component. Routes not listed show their frame. */
export const pages: RemotePages = {}
