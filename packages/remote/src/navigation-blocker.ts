import { useContext, useEffect, useRef, useState } from 'react'
import { type Location, UNSAFE_NavigationContext } from 'react-router'

/**
 * A navigation the app is about to make, held while a blocker decides. `retry()` makes it
 * after all (passing every blocker); dropping it keeps the visitor where they are.
 */
export type Transition = {
  action: 'PUSH' | 'REPLACE' | 'POP'
  /** Where the visitor was when they tried to leave. */
  from: Location
  /** Where they were going. */
  location: Location
  retry: () => void
}

export type Blocker = (transition: Transition) => void

/**
 * The shell's navigator (`shell/src/router/guarded-history.ts`) can hold a navigation:
 * `block(blocker)` until the function it returns is called. The shell routes with
 * react-router's declarative router, which has no `useBlocker` of its own (decision 026);
 * a navigator without `block` (a MemoryRouter in tests, a remote's standalone harness)
 * blocks nothing.
 */
export type BlockingNavigator = { block: (blocker: Blocker) => () => void }

function isBlocking(navigator: unknown): navigator is BlockingNavigator {
  return typeof (navigator as Partial<BlockingNavigator> | null)?.block === 'function'
}

export type NavigationBlock =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; transition: Transition; proceed: () => void; reset: () => void }

/**
 * Holds in-app navigations (a link, Back) for which `shouldBlock` says yes, for the caller
 * to confirm: `proceed()` goes on, `reset()` stays. Where the router cannot block (no
 * `block` on its navigator) nothing is held and `block` stays unblocked: then only the
 * browser's own unload prompt can help.
 */
export function useNavigationBlocker(shouldBlock: (transition: Transition) => boolean): {
  block: NavigationBlock
} {
  const { navigator } = useContext(UNSAFE_NavigationContext)
  const [held, setHeld] = useState<Transition | null>(null)
  // The latest predicate, without re-registering the blocker on every render.
  const predicate = useRef(shouldBlock)
  useEffect(() => {
    predicate.current = shouldBlock
  })
  useEffect(() => {
    if (!isBlocking(navigator)) return
    return navigator.block((transition) => {
      if (predicate.current(transition)) setHeld(transition)
      else transition.retry()
    })
  }, [navigator])
  if (!held) return { block: { state: 'unblocked' } }
  return {
    block: {
      state: 'blocked',
      transition: held,
      proceed: () => {
        setHeld(null)
        held.retry()
      },
      reset: () => setHeld(null),
    },
  }
}
