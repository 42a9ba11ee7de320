import { REMOTE_NAMES, type RemoteName } from '@lamplight/routes'
import { remoteEntry } from './remote-loader'

/**
 * Whose chunk threw an unhandled error or rejection (the health beacon's, decision 061):
 * loaded by `health-beacon.ts` only when one is thrown.
 */
export function remoteOfError(url: string | undefined, error: unknown): RemoteName | undefined {
  return remoteOfScript(url) ?? remoteOfScript(stackUrl(error))
}

/** The remote whose build a script URL belongs to (its manifest's folder), if any. */
export function remoteOfScript(url: string | undefined): RemoteName | undefined {
  if (!url) return undefined
  let path: string
  try {
    path = new URL(url, window.location.href).href
  } catch {
    return undefined
  }
  for (const name of REMOTE_NAMES) {
    const entry = remoteEntry(name)
    if (!entry) continue
    const base = new URL('.', new URL(entry, window.location.href)).href
    if (path.startsWith(base)) return name
  }
  return undefined
}

/** The first script URL in an error's stack. */
function stackUrl(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack : undefined
  return stack?.match(/(https?:\/\/[^\s)]+?)(?::\d+){1,2}/)?.[1]
}
