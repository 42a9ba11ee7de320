import { preloadRemoteFor } from './remotes/remote-loader'

/**
 * The page the server rendered is already readable: the scripts that make it interactive
 * start once it has been painted, so on a slow phone connection the page's own text and
 * images (its largest paint) do not share the link with 200 KB of JavaScript. A hidden tab
 * paints no frames, so there it starts at once.
 */
function afterFirstPaint(start: () => void): void {
  if (document.visibilityState !== 'visible') {
    setTimeout(start, 0)
    return
  }
  // A frame callback runs just before the paint; a task queued from it runs just after.
  requestAnimationFrame(() => setTimeout(start, 0))
}

afterFirstPaint(() => {
  // Start fetching the remote that owns this URL now, in parallel with the shell's own
  // code, instead of after React has booted.
  preloadRemoteFor(window.location.pathname)

  // The async boundary lets Module Federation settle shared singletons (React, the router,
  // the session) before any of them is evaluated. In tasks of their own, React DOM first:
  // resolving the shared modules and adding their script tags is as long again as starting
  // the federation runtime, and a slow phone feels one long task where three short ones
  // pass unnoticed. React DOM is also evaluated on its own when it arrives.
  setTimeout(() => {
    void import('react-dom/client')
    setTimeout(() => import('./bootstrap'), 0)
  }, 0)
})
