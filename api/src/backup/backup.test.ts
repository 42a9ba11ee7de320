import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { openConfiguredDatabase } from '../db/open'
import { contactMessages } from '../db/schema'

const API = fileURLToPath(new URL('../..', import.meta.url))
const TSX = path.join(API, '..', 'node_modules', '.bin', 'tsx')

/** The real command in its own process, as `npm run backup|restore -w api` runs it. */
function command(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(TSX, ['src/backup-command.ts', ...args], {
    cwd: API,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const message = (text: string) => ({
  name: 'Ruth',
  email: 'ruth@example.com',
  subject: 'Backup',
  message: text,
})

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('backup and restore of the embedded database', () => {
  it('writes data, backs up, wipes, restores: the data is back; refused while the database is open', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-backup-'))
    dirs.push(dataDir)
    const env = { DATA_DIR: dataDir }
    const config = loadConfig({ DATA_DIR: dataDir })
    const file = path.join(dataDir, 'backups', 'test.tar.gz')

    const database = await openConfiguredDatabase(config, 'backup test')
    try {
      await database.db.insert(contactMessages).values(message('kept by the backup'))
      // The server (here: this process) has the folder open: another process is refused.
      const refused = command(env, 'backup', file)
      expect(refused.status).toBe(1)
      expect(refused.output).toContain('is in use by backup test')
      expect(existsSync(file)).toBe(false)
    } finally {
      await database.close()
    }

    const backup = command(env, 'backup', file)
    expect(backup.output).toContain('backup: pglite database saved to')
    expect(backup.status).toBe(0)
    expect(existsSync(file)).toBe(true)
    expect(existsSync(path.join(dataDir, 'lamplight.lock'))).toBe(false)

    // Wipe: the database folder is gone.
    rmSync(config.pgliteDir, { recursive: true, force: true })

    const restore = command(env, 'restore', file)
    expect(restore.output).toContain('restore: pglite database restored')
    expect(restore.status).toBe(0)
    expect(existsSync(path.join(dataDir, 'lamplight.lock'))).toBe(false)

    const reopened = await openConfiguredDatabase(config, 'backup test')
    try {
      const rows = await reopened.db.select().from(contactMessages)
      expect(rows.map((r) => r.message)).toEqual(['kept by the backup'])
    } finally {
      await reopened.close()
    }
  })

  it('says so when there is nothing to back up or no backup file', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-backup-'))
    dirs.push(dataDir)
    const none = command({ DATA_DIR: dataDir }, 'backup')
    expect(none.status).toBe(1)
    expect(none.output).toContain('There is no embedded database')
    const missing = command({ DATA_DIR: dataDir }, 'restore', path.join(dataDir, 'nope.tar.gz'))
    expect(missing.status).toBe(1)
    expect(missing.output).toContain('No backup at')
  })
})

const pgAvailable =
  !!process.env.DATABASE_URL && spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).status === 0

describe.skipIf(!pgAvailable)('backup and restore of PostgreSQL (pg_dump, pg_restore)', () => {
  it('writes data, backs up, wipes, restores: the data is back', async () => {
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
    const name = `lamplight_backup_${randomBytes(6).toString('hex')}`
    const url = new URL(process.env.DATABASE_URL!)
    url.pathname = `/${name}`
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-backup-'))
    dirs.push(dataDir)
    const file = path.join(dataDir, 'pg.dump')
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.href }
    await admin.unsafe(`create database ${name}`)
    try {
      const database = await openDatabase({ url: url.href })
      try {
        await database.migrate()
        await database.db.insert(contactMessages).values(message('kept by pg_dump'))
      } finally {
        await database.close()
      }
      const backup = command(env, 'backup', file)
      expect(backup.output).toContain('backup: postgres database saved to')
      expect(backup.status).toBe(0)

      await admin.unsafe(`drop database ${name} with (force)`)
      await admin.unsafe(`create database ${name}`)

      const restore = command(env, 'restore', file)
      expect(restore.output).toContain('restore: postgres database restored')
      expect(restore.status).toBe(0)
      const restored = await openDatabase({ url: url.href })
      try {
        const rows = await restored.db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.message, 'kept by pg_dump'))
        expect(rows).toHaveLength(1)
      } finally {
        await restored.close()
      }
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
