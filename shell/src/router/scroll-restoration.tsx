import { useEffect, useLayoutEffect, useRef } from 'react'
import { type Location, type NavigationType, useLocation, useNavigationType } from 'react-router'

/**
 * The key a history entry's scroll position is kept under. React Router keys every page
 * loaded straight from the address bar, a bookmark or a link from elsewhere "default", so
 * the position saved when one such page was left would be restored on the next such page:
 * a visitor opening /faq landed halfway down it because they had scrolled /about. Those
 * entries are keyed by their URL instead (a reload still comes back to where it was).
 */
export function scrollKey(location: Pick<Location, 'pathname' | 'search' | 'hash' | 'key'>): string {
  return location.key === 'default'
    ? `url:${location.pathname}${location.search}${location.hash}`
    : location.key
}

export type ScrollMove =
  | { to: 'saved'; y: number }
  | { to: 'anchor'; id: string }
  | { to: 'top' }
  | { to: 'nowhere' }

/**
 * Where the window scrolls once `next` is on screen. A page seen before in this tab
 * (Back, Forward, a reload) returns to where the visitor left it; an anchor is scrolled
 * to; refining the page you are on (typing in a search box, choosing an age, Clear
 * Filters: only the query string changes) keeps your place, whichever app navigated;
 * any other new page starts at the top. On the first paint the browser's own position
 * stands (the top, or the anchor it jumped to) unless this entry has a saved one.
 */
export function scrollMove(
  shown: Pick<Location, 'pathname'> | null,
  next: Pick<Location, 'pathname' | 'search' | 'hash' | 'key'>,
  action: `${NavigationType}`,
  saved: ReadonlyMap<string, number>,
): ScrollMove {
  const y = saved.get(scrollKey(next))
  if (y !== undefined) return { to: 'saved', y }
  if (!shown) return { to: 'nowhere' }
  if (next.hash.length > 1) return { to: 'anchor', id: decodeURIComponent(next.hash.slice(1)) }
  if (action !== 'POP' && shown.pathname === next.pathname) return { to: 'nowhere' }
  return { to: 'top' }
}

const STORAGE_KEY = 'lamplight:scroll-positions'

/**
 * The positions kept: those of the entries recorded last. sessionStorage lasts as long as
 * the tab, and a tab kept open for days makes ever more history entries.
 */
export const MAX_SCROLL_POSITIONS = 100

/** Records `key`'s position as the newest, and forgets the oldest beyond `max`. */
export function recordPosition(
  positions: Map<string, number>,
  key: string,
  y: number,
  max = MAX_SCROLL_POSITIONS,
): void {
  positions.delete(key)
  positions.set(key, y)
  while (positions.size > max) positions.delete(positions.keys().next().value as string)
}

/** Stored as `[key, y]` pairs, oldest first (an object would put numeric keys first). */
function readSaved(): Map<string, number> {
  const positions = new Map<string, number>()
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    // A tab opened before the cap stored an object.
    const pairs: unknown[] = Array.isArray(parsed) ? parsed : Object.entries(parsed ?? {})
    for (const pair of pairs)
      if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number')
        recordPosition(positions, pair[0], pair[1])
  } catch {
    // Unreadable: start afresh.
  }
  return positions
}

/**
 * The site's scroll restoration (react-router's own needs its data router: decision 026).
 * Each history entry's position is recorded as the visitor scrolls (in a layout effect, so
 * the listener of the page being left is gone before the next page changes the scroll),
 * kept in sessionStorage across reloads, and applied by `scrollMove` after each navigation.
 */
export function ScrollRestoration() {
  const location = useLocation()
  const action = useNavigationType()
  const saved = useRef<Map<string, number> | null>(null)
  const shown = useRef<Location | null>(null)

  useEffect(() => {
    const { history } = window
    const before = history.scrollRestoration
    history.scrollRestoration = 'manual'
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(saved.current ?? [])]))
      } catch {
        // Storage full or refused: positions then last as long as the page.
      }
    }
    window.addEventListener('pagehide', persist)
    return () => {
      window.removeEventListener('pagehide', persist)
      history.scrollRestoration = before
    }
  }, [])

  useLayoutEffect(() => {
    saved.current ??= readSaved()
    const positions = saved.current
    const last = shown.current
    shown.current = location
    if (last?.key !== location.key) {
      const move = scrollMove(last, location, action, positions)
      if (move.to === 'saved') window.scrollTo(0, move.y)
      else if (move.to === 'top') window.scrollTo(0, 0)
      else if (move.to === 'anchor') document.getElementById(move.id)?.scrollIntoView()
    }
    const key = scrollKey(location)
    const record = () => recordPosition(positions, key, window.scrollY)
    window.addEventListener('scroll', record, { passive: true })
    return () => window.removeEventListener('scroll', record)
  }, [location, action])

  return null
}
