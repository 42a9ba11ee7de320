import { createReadStream, existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { serveStatic } from '@hono/node-server/serve-static'
import {
  matchRoute,
  REMOTE_NAMES,
  type RemoteName,
  type ServerRenderer,
  SHELL_ROUTES,
} from '@lamplight/routes'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { type RemotesSnapshot, remotesForVisitor } from '../../domains/deployments/remote-registry'
import {
  newVisitor,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE,
  verifiedVisitorId,
} from '../../domains/deployments/visitor'
import type { AppEnv } from '../../types'
import { apiCallAs, loadRenderer, rendersOnServer, withApiCalls } from './server-render'

/** What a browser shows where the shell's page would be, before the first build. */
const NOT_BUILT_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Not built yet</title>' +
  '<body style="font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">' +
  '<h1 style="font-size:1.25rem">The site is not built yet</h1>' +
  '<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload.</p></body></html>'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const NO_CACHE = 'no-cache'
/**
 * A page the server renders differs by who is signed in (the header), by encoding, and by
 * `X-Lamplight-Render: browser` (browser tests ask for the shell's HTML instead): a cache in
 * front keys on all three.
 */
export const RENDERED_PAGE_VARY = 'Cookie, Accept-Encoding, X-Lamplight-Render'

/**
 * Rsbuild puts content-hashed files under `static/`; anything else (HTML, manifests,
 * `remoteEntry.js`, the remotes configuration) keeps its name across deploys and must be
 * revalidated every time.
 */
export function cacheControlFor(relativePath: string): string {
  if (/^static\/.+\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(relativePath)) return IMMUTABLE
  if (relativePath.startsWith('static/')) return 'public, max-age=3600'
  if (/\.(html|json|js)$/.test(relativePath)) return NO_CACHE
  return 'public, max-age=3600'
}

/** Resolves a URL path inside `root`, or null when it is malformed or tries to leave it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).includes('..')) return null
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`)
  return full === root || full.startsWith(root + path.sep) ? full : null
}

async function fileInfo(file: string) {
  try {
    const info = await stat(file)
    return info.isFile() ? info : null
  } catch {
    return null
  }
}

/** Sends a build's file for this request, or null when it has none (see `buildFiles`). */
type BuildFiles = (c: Context, options?: { revalidate?: boolean }) => Promise<Response | null>

/**
 * The files of one build folder, by @hono/node-server's serveStatic: the brotli or gzip copy
 * the build wrote beside a file (packages/config/src/precompress.ts) when the client takes
 * it (`precompressed`), HEAD and ranges as it does them. What it leaves to us is added to its
 * answer: `Cache-Control` by path (`cacheControl`, given the path inside the folder), an ETag
 * of the bytes sent (their length, the file's time and the encoding: each copy has its own),
 * `Vary: Accept-Encoding`, and a 304 when the client's copy (If-None-Match) is the one it
 * would send (unless `revalidate` is false). `strip`: the URL prefix that is not part of the
 * folder (`/apps/<remote>`); `file`: one file for every URL instead (the shell's page, the
 * icon). Made once the folder exists (a release may be published while the server runs).
 */
function buildFiles(options: {
  root: string
  strip?: string
  file?: string
  cacheControl: (relative: string) => string
}): BuildFiles {
  const { root, strip = '', file, cacheControl } = options
  let files: MiddlewareHandler | null = null
  return async (c, { revalidate = true } = {}) => {
    if (!files && existsSync(root))
      files = serveStatic({
        root,
        ...(file ? { path: file } : {}),
        precompressed: true,
        rewriteRequestPath: (urlPath) => urlPath.slice(strip.length),
      })
    if (!files) return null
    let missing = false
    const res = (await files(c, async () => {
      missing = true
    })) as Response | undefined
    if (missing || !res) return null
    const headers = res.headers
    headers.set('Cache-Control', cacheControl(file ?? c.req.path.slice(strip.length + 1)))
    headers.set('Vary', 'Accept-Encoding')
    if (res.status !== 200) return res
    const modified = Date.parse(headers.get('Last-Modified') ?? '') || 0
    const encoding = headers.get('Content-Encoding')
    const etag = `W/"${Number(headers.get('Content-Length')).toString(16)}-${modified.toString(16)}${encoding ? `-${encoding}` : ''}"`
    headers.set('ETag', etag)
    if (!revalidate || !ifNoneMatch(c.req.header('if-none-match'), etag)) return res
    await res.body?.cancel()
    const kept: [string, string][] = [
      ['ETag', etag],
      ['Cache-Control', headers.get('Cache-Control') ?? NO_CACHE],
      ['Vary', 'Accept-Encoding'],
    ]
    return new Response(null, { status: 304, headers: kept })
  }
}

/** Whether a page path belongs to a route (the shell's own or a remote's): anything else is a 404 page. */
export function isKnownPage(urlPath: string): boolean {
  const normalised = urlPath.replace(/\/+$/, '') || '/'
  return (SHELL_ROUTES as readonly string[]).includes(normalised) || matchRoute(normalised) !== null
}

/**
 * A page's form sent by the browser itself: submitted before the page hydrated, or with
 * scripts off (`Form` in @lamplight/ui posts, so that no field lands in a URL). What it sent
 * is not read; the page loads again, at the same address (a reset link keeps its token), as
 * a GET. The path is our own page's (`isKnownPage`), made relative to this origin.
 */
function pageAgain(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url)
  const location = `/${url.pathname.replace(/^\/+/, '')}${url.search}`
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } })
}

/** Query parameters that are keys: a reset link's token, a payment session's id (it shows the order). */
const KEY_PARAMS = ['token', 'session_id']

/** A page whose address holds a key is never stored, by the browser's cache or one in front. */
function keyedPage(c: Context<AppEnv>, res: Response): Response {
  const query = new URL(c.req.url).searchParams
  if (KEY_PARAMS.some((name) => query.has(name))) res.headers.set('Cache-Control', 'private, no-store')
  return res
}

/** If-None-Match holds this entity tag (or `*`); weak and strong forms compare equal. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === bare
  })
}

export type ServeAppsOptions = {
  /** Folder that holds `shell/dist` and each `<remote>/dist`. */
  appsDir: string
  /** Settings the shell reads at run time, published as /runtime-config.json (no secrets: it is public). */
  runtimeConfig?: RuntimeConfig
  /** Where the remotes are (the remote registry): published as /remotes.json. */
  remotes: {
    snapshot(): Promise<
      Pick<RemotesSnapshot, 'remotes' | 'etag'> & Partial<Pick<RemotesSnapshot, 'releases' | 'canaries'>>
    >
  }
  /** Signs the visitor id cookie (the auth secret): the beacon counts only ids the server gave (decision 076). */
  visitorSecret: string
  /** Versioned builds (`npm run release`): `<releasesDir>/<remote>/<version>/`, served at `/apps/<remote>/<version>/`. */
  releasesDir?: string
  /**
   * Answers an API call in process: a page rendered in the browser whose address names a
   * product asks the catalog whether it exists, so an unknown one is a 404. Unset: not asked.
   */
  fetchApi?: (request: Request, env: unknown) => Response | Promise<Response>
  /**
   * Public pages rendered on the server (docs/decisions/016) with the shell's server build,
   * when it is built; null: the shell's HTML for every page, rendered in the browser.
   */
  serverRender?: {
    /** How long a page waits for a remote's server build and its data (then that area renders in the browser). */
    deadlineMs: number
    /** Answers the pages' API calls in process. */
    fetchApi: (request: Request, env: unknown) => Response | Promise<Response>
    /** The configured public origin (PUBLIC_URL): canonical links and Open Graph URLs. */
    publicOrigin: string
  } | null
}

/** A release's folder name: what `npm run release` and the registry accept as a version. */
const VERSION_SEGMENT = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/

/**
 * One-port mode: the built shell at `/`, each remote under `/apps/<name>/`, the remotes
 * configuration at `/remotes.json`, and the shell's HTML for every other path: 200 for a
 * path of the route map (packages/config/src/routes.ts), 404 for any other (the shell's
 * router shows its 404 page there).
 */
/** The body of /runtime-config.json. */
export type RuntimeConfig = {
  /** Browser error reporting (PUBLIC_SENTRY_DSN); null: the shell reports nothing. */
  errorReporting: { dsn: string; environment: string; release: string } | null
}

export function serveApps({
  appsDir,
  remotes,
  releasesDir,
  visitorSecret,
  fetchApi,
  runtimeConfig = { errorReporting: null },
  serverRender = null,
}: ServeAppsOptions): MiddlewareHandler<AppEnv> {
  const shellRoot = path.resolve(appsDir, 'shell/dist')
  const remoteRoots = new Map(REMOTE_NAMES.map((name) => [name, path.resolve(appsDir, name, 'dist')]))
  const releaseRoots = new Map(
    REMOTE_NAMES.map((name) => [name, releasesDir ? path.resolve(releasesDir, name) : null]),
  )

  const shellFiles = buildFiles({ root: shellRoot, cacheControl: cacheControlFor })
  const shellPage = buildFiles({ root: shellRoot, file: 'index.html', cacheControl: () => NO_CACHE })
  const icon = buildFiles({ root: shellRoot, file: 'favicon.svg', cacheControl: cacheControlFor })
  const remoteFiles = new Map(
    [...remoteRoots].map(([name, root]) => [
      name,
      buildFiles({ root, strip: `/apps/${name}`, cacheControl: cacheControlFor }),
    ]),
  )
  // Everything in a published release is immutable: a new build is a new version.
  const releaseFiles = new Map(
    [...releaseRoots].map(([name, root]) => [
      name,
      root ? buildFiles({ root, strip: `/apps/${name}`, cacheControl: () => IMMUTABLE }) : null,
    ]),
  )

  /** `/apps/<remote>/<version>/<file>` from a published release. */
  async function sendRelease(c: Context, remote: RemoteName, relative: string): Promise<Response | null> {
    const [version, ...rest] = relative.split('/')
    if (!version || rest.length === 0 || !VERSION_SEGMENT.test(version) || version === 'static') return null
    return (await releaseFiles.get(remote)?.(c)) ?? null
  }

  /** A file of a remote's build at `/apps/<remote>/...` (a published release or the bundled one). */
  async function readBuild(urlPath: string): Promise<Response | undefined> {
    const match = /^\/apps\/([a-z-]+)\/(.*)$/.exec(urlPath)
    const remote = match?.[1] as RemoteName | undefined
    const root = remote && remoteRoots.get(remote)
    if (!match || !remote || !root) return undefined
    const relative = match[2] ?? ''
    const [version, ...rest] = relative.split('/')
    const releaseRoot = releaseRoots.get(remote)
    const candidates = [
      releaseRoot && version && rest.length && VERSION_SEGMENT.test(version) && version !== 'static'
        ? resolveInside(path.join(releaseRoot, version), rest.join('/'))
        : null,
      resolveInside(root, relative),
    ]
    for (const file of candidates) {
      if (!file || !(await fileInfo(file))) continue
      return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, {
        headers: { 'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream' },
      })
    }
    return undefined
  }

  /**
   * The visitor's releases (issue 38): their id cookie (set here when missing or not signed
   * by us, so the page and its /remotes.json agree) hashed with each canary's release id.
   */
  const given = new WeakMap<Request, string>()
  async function visitorRemotes(c: Context<AppEnv>) {
    let visitor = given.get(c.req.raw) ?? verifiedVisitorId(getCookie(c, VISITOR_COOKIE), visitorSecret)
    if (!visitor) {
      const issued = newVisitor(visitorSecret)
      visitor = issued.id
      given.set(c.req.raw, visitor)
      setCookie(c, VISITOR_COOKIE, issued.cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: new URL(c.req.url).protocol === 'https:',
        maxAge: VISITOR_COOKIE_MAX_AGE,
      })
      // Made now, so Hono carries the cookie over to a Response the handler builds itself.
      void c.res
    }
    const snapshot = await remotes.snapshot()
    return remotesForVisitor({ releases: {}, canaries: {}, origins: [], ...snapshot }, visitor)
  }

  let stylesheets: { html: string; links: string[] } | null = null
  async function shellStylesheets(): Promise<string[]> {
    const index = await stat(path.join(shellRoot, 'index.html')).catch(() => null)
    const stamp = String(index?.mtimeMs)
    if (stylesheets?.html === stamp) return stylesheets.links
    const found = await readdir(path.join(shellRoot, 'static/css'), { recursive: true }).catch(() => [])
    const links = found
      .filter((file) => file.endsWith('.css'))
      .sort()
      .map((file) => `<link rel="stylesheet" href="/static/css/${file.split(path.sep).join('/')}">`)
    stylesheets = { html: stamp, links }
    return links
  }

  let renderer: ServerRenderer | null | undefined
  /** The shell's server renderer, loaded on first use (and its remotes warmed). */
  function serverRenderer(): ServerRenderer | null {
    if (renderer !== undefined) return renderer
    renderer = serverRender
      ? loadRenderer(path.resolve(appsDir, 'shell/dist-server/index.cjs'), readBuild)
      : null
    return renderer
  }
  if (serverRender) {
    // Load the renderer and the active releases' server builds now, not on the first visitor's page.
    void Promise.resolve()
      .then(async () => serverRenderer()?.warm((await remotes.snapshot()).remotes))
      .catch(() => {
        // The first page tries again and logs what fails.
      })
  }

  /** A page rendered on the server, or null to send the shell's HTML (rendered in the browser). */
  async function renderPage(c: Context<AppEnv>, urlPath: string): Promise<Response | null> {
    // HEAD is rendered too: it answers what GET would (status, headers), without the body.
    if (!serverRender || !rendersOnServer(urlPath)) return null
    // Asked for the browser-rendered page (browser tests that mock the page's API calls).
    if (c.req.header('x-lamplight-render') === 'browser') return null
    const log = c.get('log')
    try {
      const current = serverRenderer()
      if (!current) return null
      const html = await readFile(path.join(shellRoot, 'index.html'), 'utf8').catch(() => null)
      if (!html) return null
      // The shell's stylesheets load with its code (an async chunk): a server-rendered page
      // links them, so its chrome paints styled before (and without) any script.
      const links = (await shellStylesheets()).join('')
      const template = html.replace('</head>', () => `${links}</head>`)
      const visitor = await visitorRemotes(c)
      // The server's federation runtime holds one release of each remote (the active one):
      // a visitor on a canary of the page's remote gets the page rendered in the browser,
      // from the same /remotes.json answer (decision 061).
      const owner = matchRoute(urlPath)?.route.remote
      if (owner && visitor.onCanary.includes(owner)) return null
      const active = visitor.remotes
      const cookie = c.req.header('cookie')
      const env = c.env
      const page = await withApiCalls(
        apiCallAs((request) => serverRender.fetchApi(request, env), cookie),
        () =>
          current.render({
            url: urlPath + (new URL(c.req.url).search || ''),
            cookie,
            publicOrigin: serverRender.publicOrigin,
            template,
            remotes: active,
            deadlineMs: serverRender.deadlineMs,
            log: (level, data, message) => log[level](data, message),
          }),
      )
      return new Response(page.html, {
        status: page.status,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          // Said here, not counted by the server as it writes: a HEAD (whose body is dropped) says it too.
          'Content-Length': String(Buffer.byteLength(page.html)),
          // A page that shows who is signed in is theirs alone.
          'Cache-Control': page.personal ? `private, ${NO_CACHE}` : NO_CACHE,
          Vary: RENDERED_PAGE_VARY,
        },
      })
    } catch (err) {
      // The page never fails because of server rendering: the browser renders it, as before.
      log.error({ err, path: urlPath }, 'server rendering failed: sending the page to render in the browser')
      return null
    }
  }

  /**
   * A page rendered in the browser whose address names a product (`/checkout/:productSlug`,
   * `/puzzle/:productSlug`) and the catalog does not know it: the shell's HTML, which says so
   * once it runs, with status 404 and `noindex`. Null for a known product, another page, or
   * when the catalog could not say (a failed check is never "not found").
   */
  async function unknownProductPage(c: Context<AppEnv>, urlPath: string): Promise<Response | null> {
    if (!fetchApi) return null
    const match = matchRoute(urlPath.replace(/\/+$/, '') || '/')
    const slug = match?.params.productSlug
    if (!match || slug === undefined || rendersOnServer(urlPath)) return null
    const call = apiCallAs((request) => fetchApi(request, c.env), undefined)
    let status: number
    try {
      status = (await call(`/api/products/${encodeURIComponent(slug)}`, { method: 'GET' })).status
    } catch (err) {
      c.get('log').warn({ err, path: urlPath }, 'could not ask the catalog whether a product exists')
      return null
    }
    // 400: a slug no product can have.
    if (status !== 404 && status !== 400) return null
    const html = await readFile(path.join(shellRoot, 'index.html'), 'utf8').catch(() => null)
    if (!html) return null
    const page = html.replace('</head>', () => '<meta name="robots" content="noindex"></head>')
    return new Response(page, {
      status: 404,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(page)),
        'Cache-Control': NO_CACHE,
      },
    })
  }

  return async (c, next) => {
    const urlPath = c.req.path
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return next()
    if (c.req.method === 'POST' && isKnownPage(urlPath)) return pageAgain(c)
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()

    if (urlPath === '/runtime-config.json') {
      c.header('Cache-Control', NO_CACHE)
      return c.json(runtimeConfig)
    }

    if (urlPath === '/remotes.json') {
      // Read from the registry on every load (decision 012): a switch shows on the next page load.
      // Per visitor (their canaries): private to them, and revalidated on every load.
      const { body, etag } = await visitorRemotes(c)
      c.header('Cache-Control', `private, ${NO_CACHE}`)
      c.header('Vary', 'Cookie')
      c.header('ETag', etag)
      if (ifNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304)
      return c.json(body)
    }

    const remoteMatch = /^\/apps\/([a-z-]+)\/(.*)$/.exec(urlPath)
    if (remoteMatch) {
      const remote = remoteMatch[1] as RemoteName
      const files = remoteFiles.get(remote)
      const relative = remoteMatch[2] ?? ''
      const released = files ? await sendRelease(c, remote, relative) : null
      if (released) return released
      const response = files ? await files(c) : null
      if (response) return response
      c.header('Cache-Control', NO_CACHE)
      return c.text('Not found', 404)
    }

    const relative = urlPath.replace(/^\/+/, '')
    if (relative && relative !== 'index.html') {
      const response = await shellFiles(c)
      if (response) return response
      // A missing hashed asset is a real 404, not a page: answering HTML would break the script.
      if (relative.startsWith('static/')) return c.text('Not found', 404)
      // Browsers ask for /favicon.ico on pages that name no icon (the API's own HTML pages):
      // our icon is an SVG, sent with its own type.
      if (relative === 'favicon.ico') {
        const svg = await icon(c)
        if (svg) return svg
      }
    }

    // The shell's page either way; a path no route owns says so in its status (its router
    // shows the 404 page), so search engines and link checkers are not told it exists.
    const rendered = await renderPage(c, urlPath)
    if (rendered) return keyedPage(c, rendered)
    // The visitor's id is given with the page, so its /remotes.json names the same releases.
    await visitorRemotes(c)
    const unknownProduct = await unknownProductPage(c, urlPath)
    if (unknownProduct) return keyedPage(c, unknownProduct)
    const known = isKnownPage(urlPath)
    const page = await shellPage(c, { revalidate: known })
    // A path no route owns: the same page with status 404 (never a 304 for it).
    const html = page && !known ? new Response(page.body, { status: 404, headers: page.headers }) : page
    // Where the server renders this path, the shell's HTML is the other answer to the same URL.
    if (html && serverRender && rendersOnServer(urlPath)) html.headers.set('Vary', RENDERED_PAGE_VARY)
    if (html) return keyedPage(c, html)
    c.header('Cache-Control', NO_CACHE)
    // A page, like the one it stands in for (and with a page's headers and policy).
    return c.html(NOT_BUILT_PAGE, 503)
  }
}
