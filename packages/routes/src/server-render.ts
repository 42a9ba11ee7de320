import type { RemoteName } from './index'

/**
 * What the one-port server (api/src/middleware/serve-apps) hands the shell's server renderer
 * (shell/src/server, built to shell/dist-server/) for one page, and what it gets back
 * (docs/decisions/016). Typed here because neither side imports the other.
 */
export type ServerRenderRequest = {
  /** The page's path and query string. */
  url: string
  /** The visitor's Cookie header: the header renders the signed-in user from it. */
  cookie: string | undefined
  /**
   * The site's public origin, as configured (PUBLIC_URL), never the request's Host: the
   * page's canonical link and Open Graph URLs are made from it.
   */
  publicOrigin: string
  /** The shell's built index.html (its scripts and styles). */
  template: string
  /** remote → the browser manifest URL of its active release, as /remotes.json says (may be relative). */
  remotes: Partial<Record<RemoteName, string>>
  /** Waits for a remote's server build and for the route's data at most this long. */
  deadlineMs: number
  /** Log a remote rendered in the browser instead, and why. */
  log: (level: 'info' | 'warn' | 'error', data: Record<string, unknown>, message: string) => void
}

export type ServerRenderResult = {
  status: number
  html: string
  /** The page shows the signed-in user: Cache-Control private. */
  personal: boolean
  /** Remotes the server left to the browser (missing, slow or failing server build). */
  inBrowser: RemoteName[]
}

/** The shell's server entry: `createRenderer` is called once per server. */
export type ServerRendererModule = {
  createRenderer(options: {
    /** Answers a GET of one of our own builds' files (`/apps/<remote>/...`), or undefined when there is none. */
    readBuild: (path: string) => Promise<Response | undefined>
  }): ServerRenderer
}

export type ServerRenderer = {
  render(request: ServerRenderRequest): Promise<ServerRenderResult>
  /** Loads the server builds of these remotes ahead of the first page (at start, and after a switch). */
  warm(remotes: Partial<Record<RemoteName, string>>): Promise<void>
}

/**
 * Federation fetches of our own builds (`/apps/...`) are answered in process by the server
 * through this origin; it never reaches the network.
 */
export const INTERNAL_ORIGIN = 'http://lamplight.internal'
