import { preloadRemoteFor } from './remotes/remote-loader'

// Start fetching the remote that owns this URL now, in parallel with the shell's own
// code, instead of after React has booted.
preloadRemoteFor(window.location.pathname)

// The async boundary lets Module Federation settle shared singletons (React, the router,
// the session) before any of them is evaluated. In a task of its own: resolving the shared
// modules and adding their script tags is as long again as starting the federation runtime,
// and a slow phone feels one long task where two short ones pass unnoticed.
setTimeout(() => import('./bootstrap'), 0)
