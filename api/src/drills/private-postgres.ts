import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './ports'

const run = promisify(execFile)

/**
 * A PostgreSQL of the drill's own, in a temporary folder on a free port, that the drill may
 * stop and start at will: the shared server (5432) is never touched. PostgreSQL refuses to
 * run as root, so as root (CI) every command runs as the `postgres` OS user via runuser.
 */
export type PrivatePostgres = {
  url: string
  port: number
  /** `fast` ends sessions with 57P01; `immediate` kills the server as a crash would. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>
  start: () => Promise<void>
  /** Stops it and removes its folder. */
  destroy: () => Promise<void>
}

/** The folder with initdb and pg_ctl: PostgreSQL 15 preferred, else the newest there is. */
function binDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  const chosen = versions.includes('15') ? '15' : versions[0]
  return chosen ? path.join(root, chosen, 'bin') : null
}

type Runner = {
  as: (cmd: string, args: string[]) => [string, string[]]
  owner: { uid: number; gid: number } | null
}

async function runner(): Promise<Runner | string> {
  if (process.getuid?.() !== 0) return { as: (cmd, args) => [cmd, args], owner: null }
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ])
    await run('runuser', ['-u', 'postgres', '--', 'true'])
    return {
      as: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]],
      owner: { uid: Number(uid.trim()), gid: Number(gid.trim()) },
    }
  } catch {
    return 'running as root, and cannot switch to the postgres OS user (runuser -u postgres)'
  }
}

/** Why the drill cannot have its own PostgreSQL here, or null when it can. */
export async function privatePostgresUnavailable(): Promise<string | null> {
  if (!binDir()) return 'no PostgreSQL server binaries (initdb) under /usr/lib/postgresql'
  const r = await runner()
  return typeof r === 'string' ? r : null
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()
  const r = await runner()
  if (!bin || typeof r === 'string') throw new Error(`no private PostgreSQL: ${r}`)
  const dir = mkdtempSync(path.join(tmpdir(), 'lamplight-drill-pg-'))
  if (r.owner) chownSync(dir, r.owner.uid, r.owner.gid)
  const data = path.join(dir, 'data')
  const log = path.join(dir, 'server.log')
  const port = await freePort()
  const exec = async (cmd: string, args: string[]) => {
    const [file, argv] = r.as(path.join(bin, cmd), args)
    try {
      await run(file, argv, { timeout: 90_000 })
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : ''
      throw new Error(`${cmd} failed: ${(error as Error).message}\n${tail}`)
    }
  }
  await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  // fsync off: a committed transaction is in the OS's cache before the commit returns, which
  // survives any stop of the server (the drill never crashes the machine), and saves seconds.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`
  const start = () => exec('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '90', 'start'])
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    exec('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '90', 'stop'])
  await start()
  let running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await start()
      running = true
    },
    stop: async (mode) => {
      await stop(mode)
      running = false
    },
    destroy: async () => {
      if (running) await stop('immediate').catch(() => {})
      running = false
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
