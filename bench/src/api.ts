import autocannon from 'autocannon'
import { type Row, type Server, startHello } from './servers'

/**
 * The API's reads with their goals (issue 30): a share of the bare "hello" and a p99. Every
 * request goes through Hono and its middleware (decision 043); the 40-50 % of issue 18 were
 * met only by answering before Hono, which is gone.
 */
export const API_BUDGETS = [
  { path: '/api/health', minRatio: 0.3, maxP99: 25 },
  { path: '/api/products/scroll-of-antioch', minRatio: 0.3, maxP99: 25 },
  { path: '/api/resources/featured', minRatio: 0.3, maxP99: 25 },
  { path: '/api/resources?category=teaching-resources', minRatio: 0.3, maxP99: 25 },
  { path: '/api/resources?q=prayer', minRatio: 0.3, maxP99: 25 },
] as const

type Load = { rps: number; p99: number; non2xx: number; errors: number }

async function load(url: string, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections: 100, duration: seconds, pipelining: 1 })
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

export async function benchApi(site: Server, opts: { helloPort: number; seconds: number }): Promise<Row[]> {
  const rows: Row[] = []
  const hello = await startHello(opts.helloPort)
  try {
    // Warm both up (JIT, connection pool, the public read cache).
    await load(`${hello.url}/`, 2)
    for (const { path } of API_BUDGETS) await load(`${site.url}${path}`, 2)
    // "hello" is measured between every two endpoints and each endpoint is compared with
    // the mean of its two neighbours: on a shared machine the load drifts within a minute.
    const hellos = [await load(`${hello.url}/`, opts.seconds)]
    const measured: Array<{ path: string; result: Load; helloRps: number }> = []
    for (const { path } of API_BUDGETS) {
      const result = await load(`${site.url}${path}`, opts.seconds)
      const next = await load(`${hello.url}/`, opts.seconds)
      measured.push({ path, result, helloRps: (hellos.at(-1)!.rps + next.rps) / 2 })
      hellos.push(next)
    }
    const rps = hellos.map((h) => h.rps)
    rows.push({
      what: 'bare Hono "hello" (yardstick)',
      measured: `${fmtRps(Math.min(...rps))} to ${fmtRps(Math.max(...rps))} req/s over the run`,
      goal: '',
      ok: true,
    })
    for (const { path, result, helloRps } of measured) {
      const budget = API_BUDGETS.find((b) => b.path === path)!
      const ratio = result.rps / helloRps
      const failed = result.non2xx + result.errors
      const p99Ok = !('maxP99' in budget) || result.p99 <= budget.maxP99
      rows.push({
        what: `GET ${path}`,
        measured:
          `${(ratio * 100).toFixed(1)} % (${fmtRps(result.rps)} req/s), p99 ${result.p99} ms` +
          (failed ? `, ${failed} failed` : ''),
        goal: `≥ ${budget.minRatio * 100} %${'maxP99' in budget ? `, p99 ≤ ${budget.maxP99} ms` : ''}`,
        ok: ratio >= budget.minRatio && p99Ok && failed === 0,
      })
    }
  } finally {
    await hello.stop()
  }
  return rows
}

const fmtRps = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : n.toFixed(0))
