import { mkdirSync } from 'node:fs'
import type { Config } from '../config'
import { type Database, openDatabase } from './client'
import { acquireDataDirLock } from './lock'

/** A database that cannot be reached at start: the message is one line for a person. */
export class DatabaseUnavailableError extends Error {}

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under
 * .data/), checks that it answers and applies pending migrations.
 */
export async function openConfiguredDatabase(config: Config, holder: string): Promise<Database> {
  let release = () => {}
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true })
    release = acquireDataDirLock(config.dataDir, holder)
  }
  let database: Database
  try {
    database = config.databaseUrl
      ? await openDatabase({ url: config.databaseUrl })
      : await openDatabase({ dataDir: config.pgliteDir })
    try {
      await database.ping()
    } catch (error) {
      await database.close().catch(() => {})
      throw new DatabaseUnavailableError(
        `Cannot reach the database at ${redact(config.databaseUrl ?? config.pgliteDir)}: ${describe(error)}`,
      )
    }
    await database.migrate()
  } catch (error) {
    release()
    throw error
  }
  const close = database.close
  return {
    ...database,
    close: async () => {
      await close()
      release()
    },
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@')
}

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { code?: string; message?: string }
    if (e.code === 'ECONNREFUSED') return 'connection refused'
    if (e.message) return e.message.split('\n')[0] ?? 'unknown error'
  }
  return String(error)
}
