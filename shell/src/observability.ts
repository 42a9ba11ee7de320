import type { RemoteName } from '@lamplight/routes'
import { remoteEntry } from './remotes/remote-loader'

/**
 * Browser error reporting. The server hands the shell its settings at run time
 * (/runtime-config.json: PUBLIC_SENTRY_DSN, environment, release); with none, the Sentry SDK is
 * never even downloaded and nothing is sent. With one, @sentry/react reports uncaught errors
 * and unhandled promise rejections (its global handlers) and what each remote's error boundary
 * catches, tagged with the remote and the release of it that failed.
 */
type ErrorReporting = { dsn: string; environment: string; release: string }
type Sentry = typeof import('./sentry')

let sentry: Promise<Sentry | null> | null = null

export function startErrorReporting(): Promise<Sentry | null> {
  sentry ??= fetch('/runtime-config.json', { cache: 'no-cache' })
    .then((r) => (r.ok ? (r.json() as Promise<{ errorReporting?: ErrorReporting | null }>) : null))
    .then(async (config) => {
      const settings = config?.errorReporting
      if (!settings?.dsn) return null
      const Sentry = await import('./sentry')
      Sentry.init({
        dsn: settings.dsn,
        environment: settings.environment,
        release: settings.release,
        tracesSampleRate: 0,
        // Errors only: no session pings on every page load (release health), no traces.
        integrations: (defaults) => defaults.filter((i) => i.name !== 'BrowserSession'),
        initialScope: { tags: { app: 'shell' } },
      })
      return Sentry
    })
    .catch(() => null)
  return sentry
}

/** The release of a remote, from where /remotes.json says it lives (`/apps/<remote>/<version>/...`). */
export function remoteRelease(remote: RemoteName): string {
  const entry = remoteEntry(remote)
  if (!entry) return 'unknown'
  const versioned = new RegExp(`/apps/${remote}/([^/]+)/mf-manifest\\.json$`).exec(entry)
  if (versioned?.[1]) return versioned[1]
  return entry.startsWith('/') ? 'bundled' : entry
}

/** What a remote's error boundary caught: reported when error reporting is on, else nothing. */
export function reportRemoteError(error: unknown, remote: RemoteName): void {
  const release = remoteRelease(remote)
  void (sentry ?? Promise.resolve(null)).then((Sentry) =>
    Sentry?.captureException(error, { tags: { remote, remote_release: release }, level: 'error' }),
  )
}

/** For tests: forget the settings read. */
export function resetErrorReporting(): void {
  sentry = null
}
