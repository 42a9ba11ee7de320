import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { checkRemoteManifest, shellSharedVersions } from '@lamplight/config/remote-contract'
import { federationName, REMOTE_NAMES, type RemoteName } from '@lamplight/routes'
import { ApiError } from '../../lib/errors'

/** A manifest is a few KB; anything past this is not one. */
export const MANIFEST_MAX_BYTES = 1024 * 1024
export const MANIFEST_TIMEOUT_MS = 5000

export type ManifestCheckOptions = {
  /** Folder holding `shell/package.json` and each `<remote>/dist` (the bundled builds). */
  appsDir: string
  /** Published releases: `<releasesDir>/<remote>/<version>/`. */
  releasesDir: string
  timeoutMs?: number
  maxBytes?: number
}

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
 * URL, fetched with no redirects, a time limit and a size limit (only admins register
 * releases, but the server still fetches no other scheme and nothing unbounded).
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

  async function load(remote: RemoteName, manifestUrl: string): Promise<string> {
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
    return fetchBounded(manifestUrl, timeoutMs, maxBytes)
  }

  return {
    shellVersions,
    /** Resolves with the build's stamped version when the release can be activated; throws 422 otherwise. */
    async check(remote: RemoteName, version: string, manifestUrl: string): Promise<string | null> {
      const text = await load(remote, manifestUrl)
      let manifest: unknown
      try {
        manifest = JSON.parse(text)
      } catch {
        throw refused(`${remote} ${version} cannot be activated: its manifest is not valid JSON.`)
      }
      const result = checkRemoteManifest(manifest, shellVersions, { federationName: federationName(remote) })
      if (!result.ok)
        throw refused(
          `${remote} ${version} cannot be activated: it does not fit the shell. ${result.problems.join(' ')}`,
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

async function fetchBounded(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw refused(`${url} is not a URL.`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw refused('Only http and https manifest URLs can be fetched.')
  const signal = AbortSignal.timeout(timeoutMs)
  let response: Response
  try {
    response = await fetch(parsed, { redirect: 'manual', signal, headers: { accept: 'application/json' } })
  } catch (error) {
    const timedOut = (error as Error)?.name === 'TimeoutError' || signal.aborted
    throw refused(
      timedOut
        ? `The manifest at ${url} did not answer within ${Math.round(timeoutMs / 1000)} s, so the release was not activated.`
        : `The manifest at ${url} could not be fetched (unreachable), so the release was not activated.`,
    )
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => {})
    throw refused(`The manifest at ${url} redirects; register the address it redirects to instead.`)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw refused(`The manifest at ${url} answered ${response.status}, so the release was not activated.`)
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
    throw refused(
      `The manifest at ${url} could not be read to the end within ${Math.round(timeoutMs / 1000)} s.`,
    )
  }
  return Buffer.concat(chunks).toString('utf8')
}
