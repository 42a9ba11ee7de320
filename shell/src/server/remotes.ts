import { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'
import type { RemoteRoutesModule } from '@lamplight/remote'
import { federationName, INTERNAL_ORIGIN, type RemoteName } from '@lamplight/routes'
import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerGlobalPlugins,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime'

/**
 * The server's side of a remote: its `./routes` module from the server build published
 * beside the browser build (`<release>/server/`, docs/decisions/016), loaded through Module
 * Federation's Node runtime (@module-federation/node's runtime plugin, built into this
 * bundle and each remote's server build). Partial: it comes from a release built apart from
 * this shell, so what it exposes is checked when it is loaded, not assumed.
 */
export type ServerRoutesModule = Partial<RemoteRoutesModule>

export type LoadedRemote = {
  module: ServerRoutesModule
  /** The browser build's stylesheets of `./routes`, linked from the page's head so it paints styled. */
  stylesheets: Stylesheet[]
  /** The release it came from (its browser manifest's build version). */
  version: string
}

type ReadBuild = (path: string) => Promise<Response | undefined>

let readBuild: ReadBuild = async () => undefined

/**
 * Every federation instance in this process (ours and each remote's own runtime) fetches
 * through this: our own builds (`INTERNAL_ORIGIN/apps/...`) are read in process, anything
 * else (a release on a CDN) goes to the network.
 */
type LoadEntry = NonNullable<ModuleFederationRuntimePlugin['loadEntry']>

let pluginInstalled = false
export function useBuildReader(reader: ReadBuild) {
  readBuild = reader
  if (pluginInstalled) return
  pluginInstalled = true
  const plugin: ModuleFederationRuntimePlugin = {
    name: 'lamplight-read-own-builds',
    // A remote entry of ours: read in process and run as Node's federation runtime runs one
    // (a CommonJS module evaluated in this context).
    loadEntry({ remoteInfo }) {
      if (!remoteInfo.entry.startsWith(`${INTERNAL_ORIGIN}/`)) return undefined
      return evaluateEntry(remoteInfo.entry) as ReturnType<LoadEntry>
    },
    fetch(url: string) {
      // Anything else: the runtime's own fetch.
      if (!url.startsWith(`${INTERNAL_ORIGIN}/`)) return undefined
      return readBuild(url.slice(INTERNAL_ORIGIN.length).split('?')[0] ?? '').then(
        (answer) => answer ?? new Response('Not found', { status: 404 }),
      )
    },
  }
  // This host's instance exists already; each remote's own runtime makes its instance later.
  registerPlugins([plugin])
  registerGlobalPlugins([plugin])
}

async function evaluateEntry(url: string): Promise<unknown> {
  const file = new URL(url).pathname
  const response = await readBuild(file)
  if (!response?.ok) throw new Error(`${file}: ${response ? response.status : 'missing'}`)
  const code = await response.text()
  const module = { exports: {} as unknown }
  const run = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
    filename: url,
  }).runInThisContext() as (...args: unknown[]) => void
  run(
    module.exports,
    module,
    createRequire(path.join(process.cwd(), 'remote-entry.js')),
    path.posix.dirname(file),
    file,
  )
  return module.exports
}

/** An absolute URL the federation runtime can load: our own paths go through INTERNAL_ORIGIN. */
export function absolute(url: string): string {
  return new URL(url, `${INTERNAL_ORIGIN}/`).href
}

/** What a browser sees for an absolute URL: our own paths are site-relative again. */
export function forBrowser(url: string): string {
  return url.startsWith(`${INTERNAL_ORIGIN}/`) ? url.slice(INTERNAL_ORIGIN.length) : url
}

async function readJson(url: string): Promise<unknown> {
  const own = url.startsWith(`${INTERNAL_ORIGIN}/`)
  const response = own
    ? await readBuild(url.slice(INTERNAL_ORIGIN.length))
    : await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) })
  if (!response?.ok) throw new Error(`${url}: ${response ? response.status : 'missing'}`)
  return response.json()
}

type Manifest = {
  metaData?: {
    publicPath?: string
    remoteEntry?: { name?: string; path?: string }
    buildInfo?: { buildVersion?: string }
  }
  exposes?: { name?: string; path?: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[]
}

/**
 * A stylesheet of a remote's browser build: its URL, and its path as the build names it
 * (`static/css/async/<chunk>.<hash>.css`, relative to the remote's public path).
 */
export type Stylesheet = { href: string; asset: string }

/** The browser manifest's stylesheets for `./routes`, as URLs next to the manifest (publicPath `auto`). */
export function stylesheetsOf(manifest: Manifest, manifestUrl: string): Stylesheet[] {
  const expose = manifest.exposes?.find((e) => e.path === './routes' || e.name === 'routes')
  const css = [...(expose?.assets?.css?.sync ?? []), ...(expose?.assets?.css?.async ?? [])]
  const publicPath = manifest.metaData?.publicPath
  const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : manifestUrl
  return css.map((file) => ({ href: forBrowser(new URL(file, base).href), asset: file }))
}

/** The server build's remote entry: `server/mf-manifest.json` beside the browser manifest names it. */
async function serverEntryOf(manifestUrl: string): Promise<string> {
  const serverManifestUrl = new URL('server/mf-manifest.json', manifestUrl).href
  const manifest = (await readJson(serverManifestUrl)) as Manifest
  const entry = manifest.metaData?.remoteEntry
  if (!entry?.name) throw new Error(`${serverManifestUrl} names no remote entry`)
  return new URL([entry.path, entry.name].filter(Boolean).join('/'), serverManifestUrl).href
}

type Cached = { key: string; load: Promise<LoadedRemote>; checkedAt: number }
const cache = new Map<RemoteName, Cached>()
const registered = new Set<RemoteName>()
/** How long a release's manifest is trusted before it is read again (a rebuilt `bundled` release). */
const RECHECK_MS = 1000

/**
 * The remote's server-side routes for the release the registry names now. Cached per
 * release (manifest URL and build version): a newly activated release is loaded on the
 * next request, with no restart and no shell rebuild.
 */
export async function loadServerRemote(remote: RemoteName, manifestUrl: string): Promise<LoadedRemote> {
  const url = absolute(manifestUrl)
  const cached = cache.get(remote)
  if (cached?.key.startsWith(`${url}#`)) {
    // Same release location: answer from the cache at once; past RECHECK_MS, look in the
    // background whether a rebuild replaced the build there (a new release has a new URL).
    if (Date.now() - cached.checkedAt >= RECHECK_MS) {
      cached.checkedAt = Date.now()
      void startLoad(remote, url).catch(() => {})
    }
    return cached.load
  }
  return startLoad(remote, url)
}

async function startLoad(remote: RemoteName, url: string): Promise<LoadedRemote> {
  const cached = cache.get(remote)
  const browserManifest = (await readJson(url)) as Manifest
  const version = browserManifest.metaData?.buildInfo?.buildVersion ?? 'unknown'
  const key = `${url}#${version}`
  if (cached?.key === key) {
    cached.checkedAt = Date.now()
    return cached.load
  }
  const load = (async (): Promise<LoadedRemote> => {
    const entry = await serverEntryOf(url)
    const name = federationName(remote)
    // A new release replaces the old one in the federation runtime (its module cache too).
    registerRemotes([{ name, entry: `${entry}?v=${encodeURIComponent(version)}` }], {
      force: registered.has(remote),
    })
    registered.add(remote)
    const module = await loadRemote<ServerRoutesModule>(`${name}/routes`)
    if (!module?.default) throw new Error(`${remote}'s server build did not expose its routes`)
    return { module, stylesheets: stylesheetsOf(browserManifest, url), version }
  })()
  const entry: Cached = { key, load, checkedAt: Date.now() }
  cache.set(remote, entry)
  // A failed load is not kept: the next request tries again.
  load.catch(() => {
    if (cache.get(remote) === entry) cache.delete(remote)
  })
  return load
}
