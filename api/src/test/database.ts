import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import postgres from 'postgres'
import { type Database, openDatabase } from '../db/client'

export type Driver = Database['driver']

/**
 * PGlite always; PostgreSQL too when DATABASE_URL points at one (CI provides it).
 * TEST_DRIVERS=postgres (or pglite) narrows the run to one of them, for a quick local run.
 */
export const DRIVERS: Driver[] = pickDrivers(process.env.DATABASE_URL, process.env.TEST_DRIVERS)

/**
 * The one driver of a file that needs a database but tests nothing of the driver (the
 * hostile-input battery, the log checks): PostgreSQL, what we ship, when there is one. Such a
 * file names this and not DRIVERS, so CI's split run (api/scripts/test.sh) runs it once, in
 * PostgreSQL's half, as it does the driver-free files (decision 074); naming DRIVERS ran the
 * battery in PGlite's half too, about eight of that half's nine minutes.
 */
export const ONE_DRIVER: Driver = DRIVERS.at(-1) ?? 'pglite'

export function pickDrivers(databaseUrl: string | undefined, only: string | undefined): Driver[] {
  const available: Driver[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite']
  if (!only) return available
  const wanted = only.split(',').map((name) => name.trim())
  const picked = available.filter((driver) => wanted.includes(driver))
  if (picked.length === 0)
    throw new Error(`TEST_DRIVERS=${only} names no available driver (${available.join(', ')})`)
  return picked
}

export type TestDatabase = Database & {
  destroy: () => Promise<void>
  /** The PostgreSQL database's connection string, for a server process of its own (not for PGlite). */
  url?: string
}

/** Set by the global setup (global-setup.ts): a migrated PGlite data directory tarball. */
export const PGLITE_SNAPSHOT_ENV = 'LAMPLIGHT_TEST_PGLITE_SNAPSHOT'
/** Set by the global setup: a migrated PostgreSQL database to create test databases from. */
export const POSTGRES_TEMPLATE_ENV = 'LAMPLIGHT_TEST_POSTGRES_TEMPLATE'

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database created
 * beside DATABASE_URL's and dropped afterwards, so test files never share state.
 * Under vitest each starts as a copy of the database the global setup migrated once (a
 * PGlite snapshot, a PostgreSQL template); without one (a bench script) it is migrated here.
 * Either way the migrations run, so a copy that is behind gets what it lacks.
 */
export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const snapshot = process.env[PGLITE_SNAPSHOT_ENV]
    const database = await openDatabase(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {})
    await database.migrate()
    return { ...database, destroy: database.close }
  }
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('DATABASE_URL is not set')
  const name = `lamplight_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  const template = process.env[POSTGRES_TEMPLATE_ENV]
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.href })
  await database.migrate()
  return {
    ...database,
    url: url.href,
    destroy: async () => {
      await database.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}
