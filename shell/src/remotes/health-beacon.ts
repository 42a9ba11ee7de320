import type { RemoteName } from '@lamplight/routes'
import { loadRemotesConfig, remoteReleaseId } from './remote-loader'

/**
 * The health beacon (issue 38, decision 061): for each remote area shown on this page load,
 * one `view`, and at most one `error` (its load failed, its boundary caught a render error,
 * or an unhandled error came from its chunks), with the id of the release this page loaded.
 * The body says nothing about the visitor; their visitor id cookie goes with it (same origin),
 * because the server counts a beacon only from a visitor it gave an id, for the releases it
 * serves them, once an hour each (decision 076: anyone can send a beacon). The server counts
 * them per release and minute and stops a canary whose error rate is past the margin.
 */
type Kind = 'view' | 'error'

const sent = new Set<string>()
let queue: { release: string; kind: Kind }[] = []
let timer: ReturnType<typeof setTimeout> | null = null

/** How long events wait to be sent together (a page's view and its error in one call). */
export const BEACON_BATCH_MS = 300

function flush() {
  timer = null
  const events = queue.splice(0, 20)
  queue = []
  if (events.length === 0) return
  void fetch('/api/beacon', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ events }),
    // A page left within the batch time loses its report: health is a sample, not a ledger.
    // The visitor id cookie (HttpOnly) says whose page this was; nothing else reads it.
    credentials: 'same-origin',
  })
    // Read to its end: an answer left unread keeps its request open in the browser.
    .then((response) => response.arrayBuffer())
    .catch(() => {
      // Health reporting never disturbs the page.
    })
}

function report(remote: RemoteName, kind: Kind) {
  const key = `${remote}:${kind}`
  if (sent.has(key)) return
  sent.add(key)
  void loadRemotesConfig()
    .catch(() => undefined)
    .then(() => {
      const release = remoteReleaseId(remote)
      if (!release) return // pinned by REMOTE_*_URL, or no configuration: nothing to attribute it to
      queue.push({ release, kind })
      timer ??= setTimeout(flush, BEACON_BATCH_MS)
    })
}

/** The remote's area was shown on this page load. */
export const reportAreaView = (remote: RemoteName) => report(remote, 'view')
/** The remote's area failed on this page load (counted once). */
export const reportAreaError = (remote: RemoteName) => {
  report(remote, 'view')
  report(remote, 'error')
}

let listening = false
/**
 * Unhandled errors and rejections thrown from a remote's chunks count against that remote's
 * release. Telling whose chunk threw (`remote-errors.ts`) is loaded only when one is thrown:
 * most page loads have none, and every first load would carry it (decision 061).
 */
export function reportUnhandledRemoteErrors() {
  if (listening || typeof window === 'undefined') return
  listening = true
  const count = (url: string | undefined, error: unknown) =>
    void import('./remote-errors')
      .then(({ remoteOfError }) => {
        const remote = remoteOfError(url, error)
        if (remote) reportAreaError(remote)
      })
      .catch(() => {
        // Health reporting never disturbs the page.
      })
  window.addEventListener('error', (event) => count(event.filename, event.error))
  window.addEventListener('unhandledrejection', (event) => count(undefined, event.reason))
}

/** For tests: forget what this page sent. */
export function resetBeacon() {
  sent.clear()
  queue = []
  if (timer) clearTimeout(timer)
  timer = null
}
