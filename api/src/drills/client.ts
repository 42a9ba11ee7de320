import { type CookieJar, cookieHeader, keepCookies } from '../test/cookie-jar'

/**
 * A browser-like client of a running server (over real HTTP): its cookie jar, our Origin,
 * and the client address it presents in X-Forwarded-For (the server trusts loopback as its
 * proxy), so one test can be many visitors.
 */
export function httpClient(base: string) {
  const jar: CookieJar = new Map()
  async function request(
    path: string,
    init: {
      method?: string
      body?: unknown
      headers?: Record<string, string>
      ip?: string
      anonymous?: boolean
    } = {},
  ) {
    const headers: Record<string, string> = {
      Origin: base,
      ...(init.ip ? { 'X-Forwarded-For': init.ip } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    }
    const cookie = init.anonymous ? undefined : cookieHeader(jar)
    if (cookie) headers.Cookie = cookie
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    })
    if (!init.anonymous) keepCookies(jar, res)
    return res
  }
  return { request, jar }
}

export type HttpClient = ReturnType<typeof httpClient>

/** What a drill saw: every answer's status per operation, and the 503s' headers and bodies. */
export class Tally {
  readonly statuses = new Map<string, Map<string, number>>()
  readonly problems: string[] = []
  /** Every answer's wait: when its request was sent (epoch ms), how long until it came, and what. */
  readonly answers: { op: string; sent: number; ms: number; status: string }[] = []
  inFlight = 0

  /** The answers to requests sent in [from, to), slowest first. */
  answeredBetween(from: number, to: number) {
    return this.answers.filter((a) => a.sent >= from && a.sent < to).sort((a, b) => b.ms - a.ms)
  }

  count(op: string, status: number | string) {
    const byStatus = this.statuses.get(op) ?? new Map<string, number>()
    byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1)
    this.statuses.set(op, byStatus)
  }

  total(status: number | string) {
    let n = 0
    for (const byStatus of this.statuses.values()) n += byStatus.get(String(status)) ?? 0
    return n
  }

  summary() {
    return Object.fromEntries([...this.statuses].map(([op, s]) => [op, Object.fromEntries(s)]))
  }
}

/**
 * Sends a request until it gets an answer that is not 503, as a client that honours
 * Retry-After would (waiting at most `maxWaitMs`). Every 503 must be our error shape with
 * Retry-After and nothing internal; a refused connection or any 5xx other than 503 is a
 * problem the drill reports.
 */
export async function untilServed(
  tally: Tally,
  op: string,
  send: () => Promise<Response>,
  { maxWaitMs = 500, giveUpMs = 60_000 } = {},
): Promise<Response> {
  const started = Date.now()
  for (;;) {
    let res: Response
    tally.inFlight++
    const sent = Date.now()
    try {
      res = await send()
    } catch (error) {
      tally.count(op, 'network-error')
      tally.answers.push({ op, sent, ms: Date.now() - sent, status: 'network-error' })
      tally.problems.push(`${op}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`)
      throw error
    } finally {
      tally.inFlight--
    }
    tally.answers.push({ op, sent, ms: Date.now() - sent, status: String(res.status) })
    tally.count(op, res.status)
    if (res.status !== 503) {
      if (res.status >= 500) tally.problems.push(`${op}: ${res.status} ${await res.clone().text()}`)
      return res
    }
    const retryAfter = Number(res.headers.get('retry-after'))
    const text = await res.text()
    if (!(retryAfter > 0)) tally.problems.push(`${op}: a 503 without Retry-After`)
    let code = ''
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? ''
    } catch {}
    if (!code) tally.problems.push(`${op}: a 503 not in our error shape: ${text.slice(0, 200)}`)
    if (/\bat \S+:\d+|postgres|select |insert |ECONN|57P0/i.test(text))
      tally.problems.push(`${op}: a 503 that shows internals: ${text.slice(0, 200)}`)
    if (Date.now() - started > giveUpMs) throw new Error(`${op}: still 503 after ${giveUpMs} ms`)
    await new Promise((r) => setTimeout(r, Math.min(retryAfter * 1000 || maxWaitMs, maxWaitMs)))
  }
}

/** A guest's checkout details, as the drills send them. */
export const GUEST = {
  email: 'guest@example.com',
  firstName: 'Grace',
  lastName: 'Drill',
  address: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
}
