import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { Config } from '../config'
import { acquireDataDirLock } from '../db/lock'

/**
 * Backup and restore of the configured database.
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, restored with `pg_restore --clean`.
 *   The server may keep running; pg_dump reads one consistent snapshot.
 * - Embedded PGlite ($DATA_DIR/pglite): PGlite's own data-directory dump (a gzipped tarball),
 *   restored with `loadDataDir`. PGlite belongs to one process, so both take the data folder's
 *   lock and are refused while the server (or anything else) has the database open; every
 *   PGlite instance opened here is closed before the lock is released.
 */
export class BackupError extends Error {}

export type BackupResult = { file: string; bytes: number; driver: 'pglite' | 'postgres' }

export function defaultBackupFile(config: Config, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const ext = config.databaseUrl ? 'dump' : 'tar.gz'
  return path.join(config.dataDir, 'backups', `lamplight-${stamp}.${ext}`)
}

export async function backupDatabase(
  config: Config,
  file = defaultBackupFile(config),
): Promise<BackupResult> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  if (config.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${file}`,
      `--dbname=${config.databaseUrl}`,
    ])
    return { file, bytes: readFileSync(file).byteLength, driver: 'postgres' }
  }
  if (!existsSync(path.join(config.pgliteDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${config.pgliteDir} to back up.`)
  const release = acquireDataDirLock(config.dataDir, 'npm run backup')
  try {
    const client = new PGlite({ dataDir: config.pgliteDir, extensions: { pg_trgm } })
    try {
      await client.waitReady
      const dump = await client.dumpDataDir('gzip')
      const bytes = Buffer.from(await dump.arrayBuffer())
      writeFileSync(file, bytes)
      return { file, bytes: bytes.byteLength, driver: 'pglite' }
    } finally {
      await client.close()
    }
  } finally {
    release()
  }
}

export type RestoreResult = { driver: 'pglite' | 'postgres'; previous?: string }

/**
 * Restores a backup over the configured database. On PGlite the current folder is kept beside
 * it (`pglite.before-restore-<time>`) rather than deleted, and the restored copy is opened and
 * queried once before the command reports success.
 */
export async function restoreDatabase(config: Config, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`)
  if (config.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      file,
    ])
    return { driver: 'postgres' }
  }
  mkdirSync(config.dataDir, { recursive: true })
  const release = acquireDataDirLock(config.dataDir, 'npm run restore')
  try {
    let previous: string | undefined
    if (existsSync(config.pgliteDir) && readdirSync(config.pgliteDir).length > 0) {
      previous = `${config.pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      renameSync(config.pgliteDir, previous)
    }
    rmSync(config.pgliteDir, { recursive: true, force: true })
    mkdirSync(config.pgliteDir, { recursive: true })
    const tarball = new Blob([readFileSync(file)])
    try {
      const client = new PGlite({ dataDir: config.pgliteDir, loadDataDir: tarball, extensions: { pg_trgm } })
      try {
        await client.waitReady
        await client.query('select 1')
      } finally {
        await client.close()
      }
    } catch (error) {
      // Put the old database back rather than leave a half-restored folder.
      rmSync(config.pgliteDir, { recursive: true, force: true })
      if (previous) renameSync(previous, config.pgliteDir)
      throw new BackupError(`Could not restore ${file}: ${(error as Error).message ?? error}`)
    }
    return { driver: 'pglite', ...(previous ? { previous } : {}) }
  } finally {
    release()
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed: install the PostgreSQL client tools (the same major version as the server).`
            : error.message,
        ),
      ),
    )
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    )
  })
}
