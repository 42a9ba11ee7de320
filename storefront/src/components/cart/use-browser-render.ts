import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in a server render and while the browser hydrates it, true in every other browser
 * render. A visitor's cart is never in a server render (it is theirs, read by their cookie),
 * yet the shell's header may have read it by the time the storefront's area hydrates: a page
 * showing the cart waits for this to be true, so its first browser render matches the HTML.
 * A page opened by a link in the browser renders the cart at once.
 */
export const useBrowserRender = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
