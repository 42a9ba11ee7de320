import http from 'node:http'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { cpuSlowdownFor, DEFAULT_CPU_SLOWDOWN } from './cpu-slowdown'
import type { Row, Server } from './servers'

/** Issue 18's pages: a Lighthouse mobile score where it sets one, and LCP, CLS and TBT everywhere. */
export const PAGES = [
  { path: '/', minScore: 95 },
  { path: '/shop', minScore: 95 },
  { path: '/resources', minScore: 95 },
  { path: '/resources/teaching-resources', minScore: 95 },
  { path: '/scroll-of-antioch' },
  { path: '/resources/item/creation-week-colouring-book' },
] as const
export const VITALS = { lcpMs: 1800, cls: 0.02, tbtMs: 150 }
/** JavaScript (gzip bytes) the first load of a page downloads. */
export const FIRST_LOAD_JS = [
  { path: '/', maxBytes: 150 * 1024 },
  { path: '/resources', maxBytes: 150 * 1024 },
] as const

export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking']

type PageRun = {
  score: number
  lcp: number
  cls: number
  tbt: number
  scripts: string[]
  /** Lighthouse's measure of this host's CPU speed (higher is faster), taken on every run. */
  benchmarkIndex: number
}

type NetworkItem = { url: string; resourceType?: string }

export async function runLighthouse(url: string, port: number, cpuSlowdown: number): Promise<PageRun> {
  // Lighthouse's default configuration is the mobile preset (Moto G Power, slow 4G,
  // simulated), with the CPU slowdown calibrated for this host (`cpuSlowdownFor`).
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  })
  if (!result) throw new Error(`bench: Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`bench: Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[]
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    scripts: items.filter((i) => i.resourceType === 'Script').map((i) => i.url),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

/**
 * This host's `benchmarkIndex` (the median of three Lighthouse runs of the first page,
 * thrown away otherwise: the first also warms the server and Chromium) and the CPU slowdown
 * it calls for. BENCH_CPU_SLOWDOWN sets the slowdown instead (the index is still reported).
 */
export async function calibrate(url: string, port: number) {
  const indexes: number[] = []
  for (let i = 0; i < 3; i++) {
    const run = await withRetries(() => runLighthouse(url, port, DEFAULT_CPU_SLOWDOWN))
    if (!(run instanceof Error)) indexes.push(run.benchmarkIndex)
  }
  const benchmarkIndex = median(indexes)
  const fixed = Number(process.env.BENCH_CPU_SLOWDOWN)
  const cpuSlowdown = fixed > 0 ? fixed : cpuSlowdownFor(benchmarkIndex)
  return { benchmarkIndex, cpuSlowdown, fixed: fixed > 0 }
}

/** A loaded machine sometimes loses Lighthouse's trace (NO_NAVSTART): try again, twice. */
export async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T | Error> {
  let last: Error = new Error('no attempt')
  for (let i = 0; i < attempts; i++) {
    try {
      return await run()
    } catch (err) {
      last = err instanceof Error ? err : new Error(String(err))
    }
  }
  return last
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** The bytes the server sends for a URL when the client accepts only gzip (what the issue counts). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        res.on('end', () => resolve(bytes))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

export async function benchWeb(site: Server, opts: { runs: number; chromePath: string }): Promise<Row[]> {
  const chrome = await chromeLauncher.launch({ chromePath: opts.chromePath, chromeFlags: CHROME_FLAGS })
  const rows: Row[] = []
  const scriptsOf = new Map<string, string[]>()
  try {
    // BENCH_PAGES=/,/shop measures only those pages (for a quick look while working on one).
    const only = process.env.BENCH_PAGES?.split(',').filter(Boolean)
    const pages = PAGES.filter((p) => !only || only.includes(p.path))
    const host = await calibrate(`${site.url}${pages[0]?.path ?? '/'}`, chrome.port)
    const hostRow: Row = {
      what: 'host CPU (Lighthouse benchmarkIndex)',
      measured: `${Math.round(host.benchmarkIndex)} → CPU slowdown ${host.cpuSlowdown?.toFixed(1) ?? 'none'}×${host.fixed ? ' (BENCH_CPU_SLOWDOWN)' : ''}`,
      goal: '≥ 150 (a slower host cannot emulate the phone)',
      ok: host.cpuSlowdown !== null,
    }
    rows.push(hostRow)
    // Every run measures the host again: a shared machine's speed moves within minutes, and
    // the slowdown was chosen once, so the report shows how far it moved during the pages.
    const indexes: number[] = []
    const cpuSlowdown = host.cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN
    for (const page of pages) {
      const runs: PageRun[] = []
      for (let i = 0; i < opts.runs; i++) {
        const run = await withRetries(() =>
          runLighthouse(`${site.url}${page.path}`, chrome.port, cpuSlowdown),
        )
        if (run instanceof Error) {
          rows.push({
            what: `Lighthouse mobile ${page.path}`,
            measured: run.message,
            goal: 'a run',
            ok: false,
          })
          break
        }
        runs.push(run)
        indexes.push(run.benchmarkIndex)
      }
      if (runs.length < opts.runs) continue
      scriptsOf.set(page.path, runs[0]?.scripts ?? [])
      const score = median(runs.map((r) => r.score))
      const lcp = median(runs.map((r) => r.lcp))
      const cls = median(runs.map((r) => r.cls))
      const tbt = median(runs.map((r) => r.tbt))
      const scoreOk = !('minScore' in page) || score >= page.minScore
      rows.push({
        what: `Lighthouse mobile ${page.path} (CPU ${cpuSlowdown.toFixed(1)}×)`,
        measured: `${score} (LCP ${(lcp / 1000).toFixed(1)} s, CLS ${cls.toFixed(2)}, TBT ${Math.round(tbt)} ms)`,
        goal: `${'minScore' in page ? `≥ ${page.minScore}; ` : ''}LCP ≤ ${VITALS.lcpMs / 1000} s, CLS ≤ ${VITALS.cls}, TBT ≤ ${VITALS.tbtMs} ms`,
        ok: scoreOk && lcp <= VITALS.lcpMs && cls <= VITALS.cls && tbt <= VITALS.tbtMs,
      })
    }
    if (indexes.length)
      hostRow.measured += `; ${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))} during the pages`
  } finally {
    await chrome.kill()
  }
  for (const { path, maxBytes } of FIRST_LOAD_JS) {
    if (!scriptsOf.has(path)) continue
    const scripts = scriptsOf.get(path) ?? []
    let total = 0
    for (const url of scripts) total += await gzipBytes(url)
    rows.push({
      what: `first-load JavaScript of ${path} (gzip)`,
      measured: `${(total / 1024).toFixed(1)} KB in ${scripts.length} scripts`,
      goal: `≤ ${maxBytes / 1024} KB`,
      ok: total > 0 && total <= maxBytes,
    })
  }
  return rows
}
