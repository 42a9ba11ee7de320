/**
 * `npm run bench`: issue 18's speed budgets, measured on the site exactly as `npm start`
 * serves it, on PostgreSQL, over loopback only. Not a test: the figures depend on the
 * machine and its load (see the README), so the budgets live here and nowhere else.
 *
 *   npm run bench                      # build if needed, then the API part and the web part
 *   BENCH_ONLY=api npm run bench       # or web, or purchase (issue 32's purchase path)
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lamplight_perf,
 * created when missing, migrated and seeded by the server), BENCH_PORT (4170; the bare Hono
 * listens on the next port), BENCH_SECONDS (10 per endpoint), BENCH_LH_RUNS (1 Lighthouse run
 * per page; the median is taken), BENCH_PAGES (a comma-separated subset of the pages), CHROMIUM_PATH (/usr/bin/chromium), BENCH_DATA_DIR,
 * BENCH_CPU_SLOWDOWN (Lighthouse's CPU slowdown; by default calibrated from the host's
 * benchmarkIndex, which the report shows).
 * Exits 1 when a budget is missed.
 */
import os from 'node:os'
import path from 'node:path'
import { benchApi } from './api'
import { benchPurchase } from './purchase'
import { ensureDatabase, type Row, startSite } from './servers'
import { benchWeb } from './web'

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lamplight_perf'
const port = Number(process.env.BENCH_PORT ?? 4170)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const runs = Number(process.env.BENCH_LH_RUNS ?? 1)
const only = process.env.BENCH_ONLY
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'lamplight-bench-data')

function print(rows: Row[]) {
  const header = { what: 'page or endpoint', measured: 'measured', goal: 'goal', ok: 'ok' }
  const lines = [header, ...rows.map((r) => ({ ...r, ok: r.goal ? (r.ok ? 'yes' : 'NO') : '' }))]
  const width = (key: keyof typeof header) => Math.max(...lines.map((l) => String(l[key]).length))
  const w = { what: width('what'), measured: width('measured'), goal: width('goal') }
  const line = (l: (typeof lines)[number]) =>
    `| ${l.what.padEnd(w.what)} | ${l.measured.padEnd(w.measured)} | ${l.goal.padEnd(w.goal)} | ${l.ok} |`
  console.log(`\n${line(lines[0]!)}`)
  console.log(`| ${'-'.repeat(w.what)} | ${'-'.repeat(w.measured)} | ${'-'.repeat(w.goal)} | -- |`)
  for (const l of lines.slice(1)) console.log(line(l))
  console.log(
    `\nload average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores; Node ${process.version}`,
  )
}

async function main() {
  await ensureDatabase(databaseUrl)
  const site = await startSite({ port, databaseUrl, dataDir })
  const rows: Row[] = []
  try {
    if (!only || only === 'api') rows.push(...(await benchApi(site, { helloPort: port + 1, seconds })))
    if (!only || only === 'purchase') rows.push(...(await benchPurchase(site, databaseUrl)))
    if (!only || only === 'web') rows.push(...(await benchWeb(site, { runs, chromePath })))
  } finally {
    await site.stop()
  }
  print(rows)
  const missed = rows.filter((r) => r.goal && !r.ok)
  if (missed.length) {
    console.log(`${missed.length} budget(s) missed`)
    process.exitCode = 1
  } else console.log('every budget met')
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 2
})
