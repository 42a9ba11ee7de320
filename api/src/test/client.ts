import type { Hono } from 'hono'
import { PROXY_PEER, TEST_ORIGIN } from './app'
import { type CookieJar, cookieHeader, keepCookies } from './cookie-jar'

type AnyApp = Pick<Hono, 'request'>

// Defined beside the test app, which gives it to every in-process request.
export { PROXY_PEER }

/**
 * A fresh client address for each client: test files run in parallel against one shared
 * Redis, where per-address limits (three sign-ins in ten seconds) would make two clients that
 * drew the same address refuse each other. So not a random pick among a few hundred (which
 * collided in CI): a random start in 198.19.0.0/16 (kept for testing; the hostile-input battery counts
 * through 198.18.0.0/16 itself), then
 * one step per client, so a process never repeats itself and two processes rarely meet.
 */
let nextAddress = Math.floor(Math.random() * 65_536)
export function freshClientIp() {
  const n = nextAddress++ % 65_536
  return `198.19.${(n >> 8) & 255}.${n & 255}`
}

/**
 * A browser-like client for app.request(): keeps its cookie jar, sends our Origin on
 * every request, and presents its own client address.
 */
export function browser(app: AnyApp, ip = freshClientIp()) {
  const jar: CookieJar = new Map()
  async function request(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      Origin: TEST_ORIGIN,
      'X-Forwarded-For': ip,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    }
    const cookie = cookieHeader(jar)
    if (cookie) headers.Cookie = cookie
    const res = await app.request(
      path,
      {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      PROXY_PEER,
    )
    keepCookies(jar, res)
    return res
  }
  return {
    ip,
    jar,
    request,
    /** The Cookie header this client sends, for hand-made requests. */
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    json: async <T = Record<string, unknown>>(path: string, init?: Parameters<typeof request>[1]) => {
      const res = await request(path, init)
      return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as T }
    },
    signUp: (email: string, password = 'correct horse 1', name = 'Test Person') =>
      request('/api/auth/sign-up/email', { body: { email, password, name } }),
    signIn: (email: string, password = 'correct horse 1') =>
      request('/api/auth/sign-in/email', { body: { email, password } }),
  }
}
