import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './ports'

const apiDir = fileURLToPath(new URL('../..', import.meta.url))

export const DRILL_SECRET = 'drill-secret-drill-secret-drill-secret-01'

export type ServerProcess = {
  url: string
  port: number
  pid: number
  dataDir: string
  child: ChildProcess
  /** Every line the server wrote (stdout and stderr), pino's JSON parsed where it is JSON. */
  lines: () => { raw: string; json: Record<string, unknown> | null }[]
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>
  alive: () => boolean
  /** The last `n` lines, for a failure's message. */
  tail: (n?: number) => string
  /** SIGKILL if still running, and removes its data folder. */
  destroy: () => Promise<void>
}

/**
 * The API in a child process of the test: its crashes, exit codes and signal handling are
 * the real ones. From source by default (`tsx src/server.ts`, no build needed); `command`
 * runs another entry, e.g. the compiled `dist/server.mjs` from a pruned install.
 */
export async function startServer(
  env: Record<string, string>,
  {
    timeoutMs = 90_000,
    command = { cwd: apiDir, args: ['--import', 'tsx', 'src/server.ts'] },
  }: { timeoutMs?: number; command?: { cwd: string; args: string[] } } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-drill-app-'))
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, command.args, {
    cwd: command.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SERVE_APPS: 'false',
      SEED_ON_EMPTY: 'false',
      AUTH_SECRET: DRILL_SECRET,
      CLIENT_IP_HEADER: 'x-forwarded-for',
      PAYMENTS_TEST_MODE: 'true',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      SMTP_URL: '',
      SENTRY_DSN: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: { raw: string; json: Record<string, unknown> | null }[] = []
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n')
      rest = parts.pop() ?? ''
      for (const raw of parts) {
        if (!raw.trim()) continue
        let json: Record<string, unknown> | null = null
        try {
          json = JSON.parse(raw) as Record<string, unknown>
        } catch {}
        lines.push({ raw, json })
      }
    })
  }
  collect(child.stdout!)
  collect(child.stderr!)
  let done = false
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true
      resolve({ code, signal, at: Date.now() })
    }),
  )
  const server: ServerProcess = {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    child,
    lines: () => lines,
    exited,
    alive: () => !done,
    tail: (n = 30) =>
      lines
        .slice(-n)
        .map((l) => l.raw.slice(0, 2000))
        .join('\n'),
    destroy: async () => {
      if (!done) {
        child.kill('SIGKILL')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  const started = Date.now()
  for (;;) {
    if (done) {
      const tail = lines
        .slice(-20)
        .map((l) => l.raw)
        .join('\n')
      throw new Error(`the server exited before it listened:\n${tail}`)
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return server
    if (Date.now() - started > timeoutMs) {
      await server.destroy()
      throw new Error(`the server did not answer /api/health within ${timeoutMs} ms`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Polls `check` until it is true (every `everyMs`), failing after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  everyMs = 50,
) {
  const started = Date.now()
  for (;;) {
    if (await check()) return Date.now() - started
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}
