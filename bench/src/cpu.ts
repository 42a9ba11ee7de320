/**
 * `npm run bench:cpu -w @lamplight/bench`: the server's own CPU time per request for each of
 * issue 18's API reads, and for the bare Hono "hello". Requests per second follow the load of
 * a shared machine; the CPU a request costs the server moves far less, so this is the figure
 * to compare between two versions of the code (README, "Speed").
 *
 * Each figure is the utime + stime of the server process (`/proc/<pid>/stat`) over
 * BENCH_CPU_REQUESTS requests (20 000) at 100 connections, after a warm-up; the median of
 * BENCH_CPU_ROUNDS rounds (3). Same environment as `npm run bench` (BENCH_DATABASE_URL,
 * BENCH_PORT, BENCH_DATA_DIR); BENCH_CPU_PROF=<dir> also writes the server's CPU profile there;
 * BENCH_API_DIR=<a copy of api/ beside it> measures that code instead (before and after a change).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { API_BUDGETS } from './api'
import { ensureDatabase, type Server, startHello, startSite } from './servers'

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lamplight_perf'
const port = Number(process.env.BENCH_PORT ?? 4170)
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'lamplight-bench-data')
const amount = Number(process.env.BENCH_CPU_REQUESTS ?? 20_000)
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 3)
const profileDir = process.env.BENCH_CPU_PROF
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces), from field 3 on.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
}

async function run(url: string, requests: number) {
  const result = await autocannon({ url, connections: 100, amount: requests, pipelining: 1 })
  return { rps: result.requests.average, failed: result.non2xx + result.errors + result.timeouts }
}

/** Microseconds of server CPU per request (median of the rounds), and the last round's req/s. */
async function measure(server: Server, urlPath: string) {
  const url = `${server.url}${urlPath}`
  await run(url, Math.min(5000, amount))
  const perRequest: number[] = []
  let last = { rps: 0, failed: 0 }
  for (let i = 0; i < rounds; i++) {
    const before = cpuSeconds(server.pid)
    last = await run(url, amount)
    perRequest.push(((cpuSeconds(server.pid) - before) / amount) * 1e6)
  }
  perRequest.sort((a, b) => a - b)
  return { us: perRequest[Math.floor(perRequest.length / 2)]!, all: perRequest, ...last }
}

async function main() {
  await ensureDatabase(databaseUrl)
  const site = await startSite({
    port,
    databaseUrl,
    dataDir,
    nodeFlags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  })
  const hello = await startHello(port + 1)
  const lines: string[] = []
  const show = (what: string, m: Awaited<ReturnType<typeof measure>>) => {
    const line =
      `${what.padEnd(50)} ${m.us.toFixed(0).padStart(4)} µs/request ` +
      `(rounds ${m.all.map((n) => n.toFixed(0)).join(', ')}; ${(m.rps / 1000).toFixed(1)}k req/s)` +
      (m.failed ? `, ${m.failed} failed` : '')
    lines.push(line)
    console.log(line)
  }
  try {
    show('bare Hono "hello"', await measure(hello, '/'))
    for (const { path: p } of API_BUDGETS) show(`GET ${p}`, await measure(site, p))
  } finally {
    await hello.stop()
    await site.stop()
  }
  console.log(
    `\nload average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  )
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 2
})
