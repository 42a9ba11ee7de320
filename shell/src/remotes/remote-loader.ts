import { federationName, matchRoute, REMOTE_NAMES, type RemoteName } from '@lamplight/routes'
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime'

/**
 * Where each remote lives is learned at run time from /remotes.json, so a remote can be
 * redeployed (or moved) without rebuilding the shell.
 */
type RemotesConfig = Partial<Record<RemoteName, string>>

/**
 * Longest the browser waits for a remote (its configuration, manifest, entry and the
 * chunks of `./routes`): a request that never answers would otherwise leave the area's
 * spinner up for good. Past it the area shows its failure box with Retry.
 */
export const REMOTE_LOAD_DEADLINE_MS = 12_000

/** The promise, or a rejection once `ms` have passed without it settling. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

let configPromise: Promise<RemotesConfig> | null = null
let loaded: RemotesConfig = {}
let loadedReleases: Partial<Record<RemoteName, string>> = {}

/** The id of the release of a remote this page loads (from /remotes.json), for the health beacon. */
export function remoteReleaseId(remote: RemoteName): string | undefined {
  return loadedReleases[remote]
}

/** Where a remote was loaded from (once /remotes.json has been read): for error reports. */
export function remoteEntry(remote: RemoteName): string | undefined {
  return loaded[remote]
}

export function loadRemotesConfig(): Promise<RemotesConfig> {
  configPromise ??= fetchRemotesConfig().catch((error: unknown) => {
    configPromise = null // let a retry fetch it again
    throw error
  })
  return configPromise
}

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  // Aborted past the deadline: a hung request fails, and is not kept for the next try.
  const response = await fetch('/remotes.json', {
    cache: 'no-cache',
    signal: AbortSignal.timeout(REMOTE_LOAD_DEADLINE_MS),
  })
  if (!response.ok) throw new Error(`Could not load the remotes configuration (${response.status})`)
  const body: unknown = await response.json()
  const config = parseRemotesConfig(body)
  loaded = config
  loadedReleases = parseReleaseIds(body)
  registerRemotes(
    Object.entries(config).map(([name, entry]) => ({
      name: federationName(name as RemoteName),
      entry: new URL(entry, window.location.href).href,
    })),
  )
  return config
}

/** Keeps the known remotes with a non-empty location. (No zod here: this runs before anything else.) */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('The remotes configuration is malformed')
  const config: RemotesConfig = {}
  for (const name of REMOTE_NAMES) {
    const entry = (value as Record<string, unknown>)[name]
    if (typeof entry === 'string' && entry.trim()) config[name] = entry.trim()
  }
  return config
}

/** `releases` of /remotes.json: the release id of each remote this visitor is on (issue 38). */
export function parseReleaseIds(value: unknown): Partial<Record<RemoteName, string>> {
  const releases = (value as { releases?: unknown } | null)?.releases
  const ids: Partial<Record<RemoteName, string>> = {}
  if (!releases || typeof releases !== 'object') return ids
  for (const name of REMOTE_NAMES) {
    const id = (releases as Record<string, unknown>)[name]
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) ids[name] = id
  }
  return ids
}

export function preloadRemoteFor(pathname: string): void {
  const match = matchRoute(pathname)
  if (!match) return
  loadRemotesConfig()
    .then(() => preloadRemote([{ nameOrAlias: federationName(match.route.remote), exposes: ['./routes'] }]))
    .catch(() => {
      // A failed preload is not an error: the real load reports it in the remote's area.
    })
}

/** A remote that could not be loaded in the browser: its area shows the fallback and reports it. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`${remote} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    })
    this.name = 'RemoteLoadError'
  }
}
const loads = new Map<string, Promise<unknown>>()

/**
 * The default export of what `remote` exposes as `./<exposed>`: its routes for its area of the
 * page, or a module another remote mounts (the resource editor in the admin console, through
 * `remoteModules` of @lamplight/session). One promise per attempt, so React's `use` sees the
 * same one. `attempt` > 0 means the person pressed Retry: the remote is registered again with a
 * cache-busting URL, because the federation runtime remembers a remote entry that failed to load.
 */
export function loadRemoteModule<T>(remote: RemoteName, exposed: string, attempt = 0): Promise<T> {
  const key = `${remote}/${exposed}#${attempt}`
  let load = loads.get(key) as Promise<T> | undefined
  if (!load) {
    const loading = (async () => {
      const config = await loadRemotesConfig()
      const name = federationName(remote)
      if (attempt > 0) {
        const entry = config[remote]
        if (!entry) throw new Error(`No location is configured for ${remote}`)
        const url = new URL(entry, window.location.href)
        url.searchParams.set('retry', String(attempt))
        registerRemotes([{ name, entry: url.href }], { force: true })
      }
      // Partial: a remote is deployed apart from the shell, so its exposed module is checked when loaded.
      const module = await loadRemote<{ default?: T }>(`${name}/${exposed}`)
      if (!module?.default) throw new Error(`${remote} did not expose ./${exposed}`)
      return module.default
    })()
    // The federation runtime has no timeout of its own: a manifest or entry that never
    // answers would keep the area loading forever. Retry registers the remote afresh.
    load = withDeadline(loading, REMOTE_LOAD_DEADLINE_MS, remote).catch((error: unknown) => {
      throw error instanceof RemoteLoadError ? error : new RemoteLoadError(remote, error)
    })
    loads.set(key, load)
  }
  return load
}
