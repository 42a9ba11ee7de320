import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'

const here = path.dirname(fileURLToPath(import.meta.url))
export const repoRoot = path.resolve(here, '../..')

export type Server = { url: string; pid: number; stop: () => Promise<void> }

/** Creates the bench's database when it does not exist yet (the server migrates and seeds it). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = url.pathname.replace(/^\//, '')
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bench: unexpected database name "${name}"`)
  url.pathname = '/postgres'
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`
    if (!row) await sql.unsafe(`create database ${name}`)
  } finally {
    await sql.end()
  }
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`bench: the server exited (${child.exitCode}) before answering`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`bench: ${url} did not answer within ${timeoutMs / 1000} s`)
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    })
}

/**
 * The site exactly as `npm start` serves it (the built apps and the API on one port),
 * on PostgreSQL, listening on loopback only. Its logs go nowhere: writing them still costs
 * what it costs in production, reading them would cost the bench.
 */
export async function startSite(opts: {
  port: number
  databaseUrl: string
  dataDir: string
  /** Extra flags for node (`--cpu-prof`, for one). */
  nodeFlags?: string[]
}): Promise<Server> {
  // BENCH_API_DIR: another copy of api/ beside it (say, the code before a change, from git
  // archive), built there first.
  const cwd = process.env.BENCH_API_DIR ?? path.join(repoRoot, 'api')
  // The compiled server, run as `npm start` runs it (api/package.json), not the sources.
  if (!existsSync(path.join(cwd, 'dist/server.mjs')))
    throw new Error(`bench: ${cwd}/dist/server.mjs is missing: build the API first (npm run build)`)
  const child = spawn(
    process.execPath,
    [...(opts.nodeFlags ?? []), '--enable-source-maps', 'dist/server.mjs'],
    {
      cwd,
      env: {
        ...process.env,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
        DATABASE_URL: opts.databaseUrl,
        DATA_DIR: opts.dataDir,
        NODE_ENV: 'production',
        REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
        SMTP_URL: '',
        // The purchase path (purchase.ts) pays in test mode, its buyers each from an address of
        // their own, as behind a proxy on this machine.
        PAYMENTS_TEST_MODE: 'true',
        CLIENT_IP_HEADER: 'x-forwarded-for',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${opts.port}`
  // The first start migrates and seeds (images and PDFs): give it time.
  await waitFor(`${url}/api/ready`, child, 180_000)
  return { url, pid: child.pid!, stop: stopper(child) }
}

/** The bare Hono "hello" the API is compared with, in its own process like the API. */
export async function startHello(port: number): Promise<Server> {
  const child = spawn(process.execPath, [path.join(here, 'hello.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/`, child, 20_000)
  return { url, pid: child.pid!, stop: stopper(child) }
}

/** One line of the printed table. */
export type Row = { what: string; measured: string; goal: string; ok: boolean }
