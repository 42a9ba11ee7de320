import { createHash } from 'node:crypto'
import { REMOTE_NAMES, type RemoteName } from '@lamplight/routes'
import { and, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { remoteActivations, remoteDeployments, remoteReleases } from '../../db/schema'
import type { ManifestChecker } from './manifest-check'
import { onCanary } from './visitor'

/**
 * The remote registry (decision 012): which release of each remote the shell loads. The
 * browser reads it as /remotes.json; the Content-Security-Policy allows the origins of the
 * active releases. Every API instance reads the same tables, so they agree within the
 * cache's lifetime (REGISTRY_CACHE_MS).
 */

/** The version name of the build this server serves under /apps/<remote>/ itself. */
export const BUNDLED_VERSION = 'bundled'

export const defaultManifestUrl = (remote: RemoteName) => `/apps/${remote}/mf-manifest.json`

/** How long an instance reuses what it read (a switch on another instance shows after at most this). */
export const REGISTRY_CACHE_MS = 1000

export type RemotesSnapshot = {
  /** Remote name → manifest URL of the active release (what a visitor off every canary gets). */
  remotes: Record<RemoteName, string>
  /** Strong validator of `remotes` (changes exactly when the body does). */
  etag: string
  /** Origins other than our own that the active releases and canaries load from (for the CSP). */
  origins: string[]
  /** Release id of each remote's active release (not for a remote pinned by REMOTE_*_URL). */
  releases: Partial<Record<RemoteName, string>>
  /** The running canaries (issue 38): release id, manifest URL, share of visitors. */
  canaries: Partial<Record<RemoteName, { releaseId: string; manifestUrl: string; share: number }>>
}

/** What one visitor's pages load: the body of their /remotes.json, and which remotes put them on a canary. */
export type VisitorRemotes = {
  remotes: Record<RemoteName, string>
  /** Release id per remote, for the shell's health beacon. */
  releases: Partial<Record<RemoteName, string>>
  onCanary: RemoteName[]
  /** `{ ...remotes, releases }`: what /remotes.json answers. */
  body: Record<string, unknown>
  etag: string
}

/** The releases this visitor is on: the canary where their bucket falls below its share, else the active one. */
export function remotesForVisitor(snapshot: RemotesSnapshot, visitorId: string | null): VisitorRemotes {
  const remotes = { ...snapshot.remotes }
  const releases = { ...snapshot.releases }
  const canaryRemotes: RemoteName[] = []
  if (visitorId) {
    for (const [name, canary] of Object.entries(snapshot.canaries) as [
      RemoteName,
      { releaseId: string; manifestUrl: string; share: number },
    ][]) {
      if (!onCanary(visitorId, canary.releaseId, canary.share)) continue
      remotes[name] = canary.manifestUrl
      releases[name] = canary.releaseId
      canaryRemotes.push(name)
    }
  }
  const body = { ...remotes, releases }
  const etag =
    canaryRemotes.length === 0 && Object.keys(snapshot.canaries).length === 0
      ? snapshot.etag
      : `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`
  return { remotes, releases, onCanary: canaryRemotes, body, etag }
}

export type RemoteRegistry = {
  /** REMOTE_*_URL settings: they win over the registry on this server. */
  overrides: Partial<Record<RemoteName, string>>
  /** Loads a release's manifest and checks it against the shell's contract (before a switch). */
  checker: Pick<ManifestChecker, 'check'>
  snapshot(): Promise<RemotesSnapshot>
  /** The last snapshot read, if any (for code that cannot wait, like a header callback). */
  cached(): RemotesSnapshot | null
  /** Forget the cached snapshot: the next read goes to the database (called after a switch). */
  invalidate(): void
}

/** Absolute http(s) URLs contribute their origin; paths on this server need nothing. */
export function originsOf(urls: Iterable<string>): string[] {
  const origins = new Set<string>()
  for (const url of urls) {
    if (!/^https?:\/\//i.test(url)) continue
    try {
      origins.add(new URL(url).origin)
    } catch {
      // not a URL: contributes nothing
    }
  }
  return [...origins].sort()
}

export type ActiveRelease = {
  releaseId: string
  manifestUrl: string
  canary: { releaseId: string; manifestUrl: string; share: number } | null
}

export function buildSnapshot(
  active: Partial<Record<RemoteName, string | ActiveRelease>>,
  overrides: Partial<Record<RemoteName, string>>,
): RemotesSnapshot {
  const entry = (name: RemoteName) => {
    const a = active[name]
    return typeof a === 'string' ? { releaseId: null, manifestUrl: a, canary: null } : (a ?? null)
  }
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      overrides[name] ?? entry(name)?.manifestUrl ?? defaultManifestUrl(name),
    ]),
  ) as Record<RemoteName, string>
  const releases: Partial<Record<RemoteName, string>> = {}
  const canaries: RemotesSnapshot['canaries'] = {}
  for (const name of REMOTE_NAMES) {
    const a = entry(name)
    if (overrides[name] || !a) continue
    if (a.releaseId) releases[name] = a.releaseId
    if (a.canary) canaries[name] = a.canary
  }
  const body = JSON.stringify({ ...remotes, releases })
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  const origins = originsOf([...Object.values(remotes), ...Object.values(canaries).map((c) => c.manifestUrl)])
  return { remotes, etag, origins, releases, canaries }
}

/** Each remote's active release and its canary, if any (remotes with no active release are left out). */
export async function activeReleases(db: Db): Promise<Partial<Record<RemoteName, ActiveRelease>>> {
  const canary = alias(remoteReleases, 'canary_release')
  const rows = await db
    .select({
      remote: remoteDeployments.remote,
      releaseId: remoteDeployments.releaseId,
      manifestUrl: remoteReleases.manifestUrl,
      canaryReleaseId: remoteDeployments.canaryReleaseId,
      canaryShare: remoteDeployments.canaryShare,
      canaryManifestUrl: canary.manifestUrl,
    })
    .from(remoteDeployments)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remoteDeployments.releaseId))
    .leftJoin(canary, eq(canary.id, remoteDeployments.canaryReleaseId))
  const known = new Set<string>(REMOTE_NAMES)
  return Object.fromEntries(
    rows
      .filter((r) => known.has(r.remote))
      .map((r) => [
        r.remote,
        {
          releaseId: r.releaseId,
          manifestUrl: r.manifestUrl,
          canary:
            r.canaryReleaseId && r.canaryManifestUrl && r.canaryShare
              ? { releaseId: r.canaryReleaseId, manifestUrl: r.canaryManifestUrl, share: r.canaryShare }
              : null,
        },
      ]),
  )
}

/** The manifest URL of each remote's active release (remotes with none are left out). */
export async function activeManifestUrls(db: Db): Promise<Partial<Record<RemoteName, string>>> {
  const active = await activeReleases(db)
  return Object.fromEntries(Object.entries(active).map(([name, a]) => [name, a.manifestUrl]))
}

export function createRemoteRegistry(
  db: Db,
  overrides: Partial<Record<RemoteName, string>>,
  options: { checker?: Pick<ManifestChecker, 'check'>; cacheMs?: number } = {},
): RemoteRegistry {
  const cacheMs = options.cacheMs ?? REGISTRY_CACHE_MS
  const checker = options.checker ?? {
    check: async () => {
      throw new Error('no manifest checker configured')
    },
  }
  let last: { at: number; snapshot: RemotesSnapshot } | null = null
  let inFlight: Promise<RemotesSnapshot> | null = null
  return {
    overrides,
    checker,
    async snapshot() {
      if (last && Date.now() - last.at < cacheMs) return last.snapshot
      inFlight ??= activeReleases(db)
        .then((active) => {
          const snapshot = buildSnapshot(active, overrides)
          last = { at: Date.now(), snapshot }
          return snapshot
        })
        .finally(() => {
          inFlight = null
        })
      return inFlight
    },
    cached: () => last?.snapshot ?? null,
    invalidate() {
      last = null
    },
  }
}

/**
 * Registers the build each remote has under /apps/<remote>/ as release `bundled` and makes
 * it active, for every remote that has no active release yet. Idempotent, and safe when
 * several instances start at once: the release and the active pointer are inserted with
 * ON CONFLICT DO NOTHING, and an instance that loses the race for the pointer removes the
 * activation it wrote, in the same transaction.
 */
export async function ensureDefaultReleases(db: Db): Promise<RemoteName[]> {
  const registered: RemoteName[] = []
  for (const remote of REMOTE_NAMES) {
    const [has] = await db
      .select({ remote: remoteDeployments.remote })
      .from(remoteDeployments)
      .where(eq(remoteDeployments.remote, remote))
    if (has) continue
    const won = await db.transaction(async (tx) => {
      await tx
        .insert(remoteReleases)
        .values({ remote, version: BUNDLED_VERSION, manifestUrl: defaultManifestUrl(remote) })
        .onConflictDoNothing({ target: [remoteReleases.remote, remoteReleases.version] })
      const [release] = await tx
        .select({ id: remoteReleases.id })
        .from(remoteReleases)
        .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.version, BUNDLED_VERSION)))
      if (!release) throw new Error(`could not register the default release of ${remote}`)
      const [activation] = await tx
        .insert(remoteActivations)
        .values({ remote, releaseId: release.id, kind: 'default' })
        .returning({ id: remoteActivations.id, activatedAt: remoteActivations.activatedAt })
      if (!activation) throw new Error(`could not record the default activation of ${remote}`)
      const inserted = await tx
        .insert(remoteDeployments)
        .values({
          remote,
          releaseId: release.id,
          activationId: activation.id,
          activatedAt: activation.activatedAt,
        })
        .onConflictDoNothing({ target: remoteDeployments.remote })
        .returning({ remote: remoteDeployments.remote })
      if (inserted.length === 0) {
        await tx.delete(remoteActivations).where(eq(remoteActivations.id, activation.id))
        return false
      }
      return true
    })
    if (won) registered.push(remote)
  }
  return registered
}
