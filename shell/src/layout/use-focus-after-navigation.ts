import { type RefObject, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After moving to another page, a keyboard or screen-reader user whose focus was on the
 * link they followed is left on nothing (the link is gone with the old page), and their
 * next Tab starts again at the top of the document. When that happens, focus goes to the
 * page's main area instead, so the next Tab lands in the new page. Focus that something
 * else placed on purpose (a closing menu giving it back to its button, a form focusing a
 * field) is left alone, and so is a change of the query string only (filters, tabs).
 */
export function useFocusAfterNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation()
  // Not on the first page (focus starts at the top there, skip link first), nor when an
  // effect runs again for the same page.
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    // The old page may stay on screen while the new one loads (a transition), so its link
    // lets go of focus only later: look again for a moment after the change.
    const lost = () => {
      const active = document.activeElement
      return !active || active === document.body || !active.isConnected
    }
    const timers = [0, 100, 400, 1200, 3000].map((ms) =>
      setTimeout(() => {
        if (lost()) main.current?.focus({ preventScroll: true })
      }, ms),
    )
    return () => {
      for (const timer of timers) clearTimeout(timer)
    }
  }, [pathname, main])
}
