import type { Blocker, BlockingNavigator, Transition } from '@lamplight/remote'
import { type HistoryRouterProps, type Location, type To, UNSAFE_createBrowserHistory } from 'react-router'

type History = HistoryRouterProps['history']

export type GuardedHistory = History & BlockingNavigator

/**
 * The browser history the site routes with (react-router's own, `v5Compat` as its
 * `<BrowserRouter>` makes it), able to hold a navigation while unsaved work is at stake:
 * the declarative router has no `useBlocker` (that needs the data router, twice the bytes:
 * decision 026), so the navigator does it, as history v5's `block` did.
 *
 * - A link or `navigate()` (push, replace): handed to the latest blocker instead of made.
 * - Back or Forward (pop): the address has already changed when the browser tells us, so
 *   the step is undone at once (the app never sees it) and handed to the blocker; `retry()`
 *   takes the same step again.
 * `retry()` passes every blocker.
 */
export function createGuardedHistory(options: { window?: Window } = {}): GuardedHistory {
  const base = UNSAFE_createBrowserHistory({ window: options.window, v5Compat: true })
  const blockers: Blocker[] = []
  /** The undo of a held Back/Forward: its pop is ours, not the visitor's. */
  let undoing = false
  /** A held Back/Forward let through: its pop passes. */
  let letThrough = false
  /** What the app shows (base.location moves before a held pop is undone). */
  let shown = base.location

  const blocker = () => blockers[blockers.length - 1]

  const target = (to: To, state: unknown): Location => {
    const url = base.createURL(to)
    return { pathname: url.pathname, search: url.search, hash: url.hash, state: state ?? null, key: 'held' }
  }

  const hold = (action: Transition['action'], location: Location, retry: () => void) => {
    const current = blocker()
    if (!current) return false
    current({ action, from: shown, location, retry })
    return true
  }

  // Not methods: react-router calls `navigator.push` and `navigator.replace` unbound.
  const push: History['push'] = (to, state) => {
    if (!hold('PUSH', target(to, state), () => base.push(to, state))) base.push(to, state)
  }
  const replace: History['replace'] = (to, state) => {
    if (!hold('REPLACE', target(to, state), () => base.replace(to, state))) base.replace(to, state)
  }

  return {
    get action() {
      return base.action
    },
    get location() {
      return base.location
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push,
    replace,
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false
            return
          }
          const delta = update.delta
          if (letThrough) letThrough = false
          else if (delta && blocker()) {
            undoing = true
            base.go(-delta)
            hold('POP', update.location, () => {
              letThrough = true
              base.go(delta)
            })
            return
          }
        }
        shown = update.location
        listener(update)
      })
    },
    block(next) {
      blockers.push(next)
      return () => {
        const at = blockers.indexOf(next)
        if (at >= 0) blockers.splice(at, 1)
      }
    },
  }
}
