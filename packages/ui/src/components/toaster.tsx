import * as React from 'react'
import type { ExternalToast, ToasterProps } from 'sonner'

// sonner (~9 KB gzip) loads with the first toast, not with every page (decision 021): most
// visits never raise one. `toast` queues the call, wakes the Toaster, and calls sonner once
// sonner's own Toaster has mounted (a toast raised before it subscribes would be lost).
// The UI kit is bundled into the shell and into each remote, so the Toaster (the shell's)
// and a remote's `toast` meet on one object on globalThis; sonner itself is a shared
// singleton, so they also share its toast store.

type Sonner = typeof import('sonner')
type Hub = {
  /** A toast was raised: the Toaster should load sonner. */
  requested: boolean
  /** Set by the mounted Toaster: loads and shows sonner's. */
  wake?: () => void
  /** Resolves once sonner's Toaster listens for toasts. */
  ready: Promise<void>
  markReady: () => void
}

const HUB = Symbol.for('lamplight.ui.toaster')

function deferred(): Pick<Hub, 'ready' | 'markReady'> {
  let markReady = () => {}
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })
  return { ready, markReady }
}

function hub(): Hub {
  const scope = globalThis as { [HUB]?: Hub }
  scope[HUB] ??= { requested: false, ...deferred() }
  return scope[HUB]
}

function withSonner(call: (sonner: Sonner) => void): void {
  const h = hub()
  h.requested = true
  h.wake?.()
  void Promise.all([import('sonner'), h.ready]).then(([sonner]) => call(sonner))
}

type Message = Parameters<Sonner['toast']>[0]

/** sonner's `toast` for what the apps use: a plain, success or error toast, and dismiss. */
const toast = Object.assign(
  (message: Message, data?: ExternalToast): void => withSonner((s) => s.toast(message, data)),
  {
    success: (message: Message, data?: ExternalToast): void =>
      withSonner((s) => s.toast.success(message, data)),
    error: (message: Message, data?: ExternalToast): void => withSonner((s) => s.toast.error(message, data)),
    dismiss: (id?: number | string): void => {
      // Nothing to dismiss before the first toast: do not load sonner for it.
      if (hub().requested) withSonner((s) => s.toast.dismiss(id))
    },
  },
)

/** Rendered after sonner's Toaster, so its effect runs once sonner's has subscribed. */
function Ready() {
  React.useEffect(() => {
    const h = hub()
    h.markReady()
    return () => {
      Object.assign(h, deferred())
    }
  }, [])
  return null
}

// sonner and our surface for it (its look and icons) in one lazy load.
const SonnerToaster = React.lazy(async () => {
  const { ToasterSurface } = await import('./toaster-surface')
  function Loaded(props: ToasterProps) {
    return (
      <>
        <ToasterSurface {...props} />
        <Ready />
      </>
    )
  }
  return { default: Loaded }
})

/** Renders nothing (on the server too) until the first toast, then sonner's Toaster. */
function Toaster(props: ToasterProps) {
  const [active, setActive] = React.useState(false)
  React.useEffect(() => {
    const h = hub()
    const wake = () => setActive(true)
    h.wake = wake
    if (h.requested) wake()
    return () => {
      if (h.wake === wake) h.wake = undefined
    }
  }, [])
  if (!active) return null
  return (
    <React.Suspense fallback={null}>
      <SonnerToaster {...props} />
    </React.Suspense>
  )
}

export { Toaster, toast }
