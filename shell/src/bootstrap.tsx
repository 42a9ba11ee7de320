import { type RemoteModuleLoader, remoteModules } from '@lamplight/session'
import type { DehydratedState } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app'
import { startErrorReporting } from './observability'
import { reportUnhandledRemoteErrors } from './remotes/health-beacon'
import { RENDER_IN_BROWSER } from './remotes/remote-area'
import { loadRemoteModule, RemoteLoadError } from './remotes/remote-loader'
import { SERVER_STATE_ID } from './server/state'
import './styles.css'

// Reads /runtime-config.json; loads the tracker's SDK only when a DSN is configured.
void startErrorReporting()
// A remote mounts what another exposes (the admin's resource editor) through the shell's loader.
remoteModules.load = loadRemoteModule as RemoteModuleLoader
// Errors thrown from a remote's chunks count against its release's health (issue 38).
reportUnhandledRemoteErrors()

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

// A page the server rendered (docs/decisions/016) carries the data it was rendered with.
const state = document.getElementById(SERVER_STATE_ID)
if (state && container.firstChild) {
  const dehydratedState = JSON.parse(state.textContent || '{}') as DehydratedState
  const publicOrigin = state.dataset.origin || window.location.origin
  // In a task of its own, after this module's evaluation (decision 025).
  setTimeout(() => hydrate(container, dehydratedState, publicOrigin), 0)
} else {
  createRoot(container).render(<App />)
}

function hydrate(container: HTMLElement, dehydratedState: DehydratedState, publicOrigin: string) {
  // Hydration as a transition: React yields to the browser every few milliseconds instead of
  // hydrating the whole page in one task, which a slow phone feels as a frozen page (Total
  // Blocking Time). A tap meanwhile is not lost: React hydrates the tapped part first.
  startTransition(() => {
    hydrateRoot(container, <App dehydratedState={dehydratedState} publicOrigin={publicOrigin} />, {
      onRecoverableError(error, info) {
        // An area the server left to the browser on purpose (its remote's server build was
        // missing, slow or broken) is not an error; anything else is a real mismatch.
        const digest = (error as { digest?: string } | null)?.digest ?? (info as { digest?: string }).digest
        if (digest === RENDER_IN_BROWSER) return
        // A remote the browser could not load: its area's error boundary shows and reports it.
        if ((error as { cause?: unknown } | null)?.cause instanceof RemoteLoadError) return
        console.error(error, info.componentStack)
      },
    })
  })
}
