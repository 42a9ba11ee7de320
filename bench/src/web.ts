import http from 'node:http'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
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

type PageRun = { score: number; lcp: number; cls: number; tbt: number; scripts: string[] }

type NetworkItem = { url: string; resourceType?: string }

async function runLighthouse(url: string, port: number): Promise<PageRun> {
  // Lighthouse's default configuration is the mobile preset (Moto G Power, slow 4G, simulated).
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
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
  }
}

/** A loaded machine sometimes loses Lighthouse's trace (NO_NAVSTART): try again, twice. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T | Error> {
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

const median = (values: number[]) => {
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
    for (const page of PAGES.filter((p) => !only || only.includes(p.path))) {
      const runs: PageRun[] = []
      for (let i = 0; i < opts.runs; i++) {
        const run = await withRetries(() => runLighthouse(`${site.url}${page.path}`, chrome.port))
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
      }
      if (runs.length < opts.runs) continue
      scriptsOf.set(page.path, runs[0]?.scripts ?? [])
      const score = median(runs.map((r) => r.score))
      const lcp = median(runs.map((r) => r.lcp))
      const cls = median(runs.map((r) => r.cls))
      const tbt = median(runs.map((r) => r.tbt))
      const scoreOk = !('minScore' in page) || score >= page.minScore
      rows.push({
        what: `Lighthouse mobile ${page.path}`,
        measured: `${score} (LCP ${(lcp / 1000).toFixed(1)} s, CLS ${cls.toFixed(2)}, TBT ${Math.round(tbt)} ms)`,
        goal: `${'minScore' in page ? `≥ ${page.minScore}; ` : ''}LCP ≤ ${VITALS.lcpMs / 1000} s, CLS ≤ ${VITALS.cls}, TBT ≤ ${VITALS.tbtMs} ms`,
        ok: scoreOk && lcp <= VITALS.lcpMs && cls <= VITALS.cls && tbt <= VITALS.tbtMs,
      })
    }
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
