import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { checkRemoteManifest, shellSharedVersions } from '@lamplight/config/remote-contract'
import { federationName, REMOTE_NAMES, type RemoteName } from '@lamplight/routes'
import { ApiError } from '../../lib/errors'
import type { Logger } from '../../logger'

/** A manifest is a few KB; anything past this is not one. */
export const MANIFEST_MAX_BYTES = 1024 * 1024
export const MANIFEST_TIMEOUT_MS = 5000

export type ManifestCheckOptions = {
  /** Folder holding `shell/package.json` and each `<remote>/dist` (the bundled builds). */
  appsDir: string
  /** Published releases: `<releasesDir>/<remote>/<version>/`. */
  releasesDir: string
  /** Origins an http(s) manifest may be fetched from (config.releaseHosts, RELEASE_HOSTS). */
  releaseHosts: readonly string[]
  /** Where a failed fetch's details go (the admin is told only that it failed). */
  log?: Pick<Logger, 'warn'>
  timeoutMs?: number
  maxBytes?: number
}

/**
 * Whether the server may fetch this manifest URL: its origin is one of the release hosts.
 * Paths on this server (`/apps/...`) are read from disk and need no host.
 */
export function releaseHostAllowed(manifestUrl: string, releaseHosts: readonly string[]): boolean {
  if (manifestUrl.startsWith('/')) return true
  try {
    return releaseHosts.includes(new URL(manifestUrl).origin)
  } catch {
    return false
  }
}

export const notAReleaseHost = (releaseHosts: readonly string[]) =>
  `This address is not on a release host. Manifests can be registered from ${releaseHosts.join(', ')} (RELEASE_HOSTS) or as a path under /apps/ on this server.`

/** Refused: the release cannot be activated, and the message says why. */
export const refused = (message: string, problems: string[] = []) =>
  new ApiError(
    422,
    'validation_failed',
    message,
    problems.map((problem) => ({ path: 'manifest', message: problem })),
  )

/**
 * Loads a release's mf-manifest.json and checks it against the shell's contract. Paths on
 * this server (`/apps/<remote>/...`) are read from disk; anything else must be an http(s)
 * URL on a release host (RELEASE_HOSTS), fetched with no redirects, a time limit and a size
 * limit; a failed fetch says nothing of what answered (issue 29: the check was a way to
 * probe the server's network).
 */
export function createManifestChecker(options: ManifestCheckOptions) {
  const timeoutMs = options.timeoutMs ?? MANIFEST_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? MANIFEST_MAX_BYTES
  let shellVersions: Record<string, string> = {}
  try {
    shellVersions = shellSharedVersions(
      JSON.parse(readFileSync(path.join(options.appsDir, 'shell/package.json'), 'utf8')),
    )
  } catch {
    // No shell sources beside an API-only deployment: the ranges alone are checked.
  }

  async function load(remote: RemoteName, version: string, manifestUrl: string): Promise<string> {
    if (manifestUrl.startsWith('/')) {
      const file = localManifestFile(remote, manifestUrl, options)
      if (!file) throw refused(`${manifestUrl} is not a manifest this server serves for ${remote}.`)
      try {
        const text = await readFile(file, 'utf8')
        if (Buffer.byteLength(text) > maxBytes) throw new Error('too large')
        return text
      } catch {
        throw refused(`The manifest at ${manifestUrl} could not be read: it is not on this server.`)
      }
    }
    // Registration refuses other hosts; checked again here for releases registered before
    // RELEASE_HOSTS changed.
    if (!releaseHostAllowed(manifestUrl, options.releaseHosts))
      throw refused(`${remote} ${version} cannot be activated: ${notAReleaseHost(options.releaseHosts)}`)
    return fetchBounded(manifestUrl, { timeoutMs, maxBytes, log: options.log })
  }

  return {
    shellVersions,
    /**
     * Resolves with the build's stamped version when the release can be activated; throws 422
     * otherwise. At `register`, only a manifest that loads and does not fit the shell (its
     * shared ranges, its exposes, its name) is refused: one not uploaded yet may still be
     * registered, and is checked in full when it is switched to (issue 38).
     */
    async check(
      remote: RemoteName,
      version: string,
      manifestUrl: string,
      phase: 'activate' | 'register' = 'activate',
    ): Promise<string | null> {
      const verb = phase === 'register' ? 'registered' : 'activated'
      let text: string
      try {
        text = await load(remote, version, manifestUrl)
      } catch (error) {
        if (phase === 'register') return null
        throw error
      }
      let manifest: unknown
      try {
        manifest = JSON.parse(text)
      } catch {
        if (phase === 'register') return null
        throw refused(`${remote} ${version} cannot be activated: its manifest is not valid JSON.`)
      }
      const result = checkRemoteManifest(manifest, shellVersions, { federationName: federationName(remote) })
      if (!result.ok)
        throw refused(
          `${remote} ${version} cannot be ${verb}: it does not fit the shell. ${result.problems.join(' ')}`,
          result.problems,
        )
      return result.version
    },
  }
}

export type ManifestChecker = ReturnType<typeof createManifestChecker>

/** `/apps/<remote>/<version>/mf-manifest.json` → the release's file; `/apps/<remote>/mf-manifest.json` → the bundled build's. */
export function localManifestFile(
  remote: RemoteName,
  manifestUrl: string,
  { appsDir, releasesDir }: Pick<ManifestCheckOptions, 'appsDir' | 'releasesDir'>,
): string | null {
  const pathname = manifestUrl.split(/[?#]/)[0] ?? ''
  const match = /^\/apps\/([a-z-]+)\/(?:([0-9A-Za-z][0-9A-Za-z._-]{0,63})\/)?mf-manifest\.json$/.exec(
    pathname,
  )
  if (!match || match[1] !== remote || !(REMOTE_NAMES as readonly string[]).includes(remote)) return null
  const version = match[2]
  if (version === 'static') return null
  return version
    ? path.join(releasesDir, remote, version, 'mf-manifest.json')
    : path.join(appsDir, remote, 'dist', 'mf-manifest.json')
}

/**
 * What the admin is told when the fetch itself fails (unreachable, timed out, redirected, an
 * error status, cut off): the same words whatever happened, so the check cannot be used to
 * learn what answers where; the details go to the log.
 */
export const manifestUnavailable = (url: string) =>
  refused(
    `The manifest at ${url} could not be loaded, so the release was not activated. The server's log has the details.`,
  )

async function fetchBounded(
  url: string,
  { timeoutMs, maxBytes, log }: { timeoutMs: number; maxBytes: number; log?: Pick<Logger, 'warn'> },
): Promise<string> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw refused(`${url} is not a URL.`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw refused('Only http and https manifest URLs can be fetched.')
  const failed = (reason: string, detail: Record<string, unknown> = {}) => {
    log?.warn({ manifestUrl: url, reason, ...detail }, 'a release manifest could not be loaded')
    return manifestUnavailable(url)
  }
  const signal = AbortSignal.timeout(timeoutMs)
  let response: Response
  try {
    // No redirects, to another host or any other: the registered address is the one fetched.
    response = await fetch(parsed, { redirect: 'manual', signal, headers: { accept: 'application/json' } })
  } catch (error) {
    const timedOut = (error as Error)?.name === 'TimeoutError' || signal.aborted
    throw failed(timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable', {
      err: (error as Error)?.cause ?? error,
    })
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw failed(
      response.status >= 300 && response.status < 400
        ? `redirects to ${response.headers.get('location') ?? '(no location)'}`
        : 'an error status',
      { status: response.status },
    )
  }
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw refused(`The manifest at ${url} is larger than ${Math.round(maxBytes / 1024)} KB.`)
  }
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        throw refused(`The manifest at ${url} is larger than ${Math.round(maxBytes / 1024)} KB.`)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw failed('cut off while reading', { err: error })
  }
  return Buffer.concat(chunks).toString('utf8')
}
