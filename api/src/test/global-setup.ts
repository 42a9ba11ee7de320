import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import postgres from 'postgres'
import { MIGRATIONS_FOLDER, openDatabase, PGLITE_EXTENSIONS } from '../db/client'
import { DRIVERS, PGLITE_SNAPSHOT_ENV, POSTGRES_TEMPLATE_ENV } from './database'

/**
 * Vitest's global setup (vitest.config.ts): migrates ONE database per driver before any test
 * file runs, and tells the workers where it is (environment variables, inherited by them):
 * a PGlite data directory tarball that each file's PGlite starts from, and a PostgreSQL
 * template database each file's database is created from. Migrating for every file (twice
 * forty-odd files) was the largest fixed cost of the API suite. createTestDatabase still
 * runs the migrations on each copy, which finds nothing to apply unless the copy is stale.
 */
export default async function setup() {
  const cleanups: (() => Promise<void>)[] = []

  // Always, whichever drivers the run covers: the driver-free files open a PGlite of their
  // own (api/scripts/test.sh runs them in the PostgreSQL half), and a copy starts faster
  // than a migration.
  cleanups.push(await preparePgliteSnapshot())

  const adminUrl = process.env.DATABASE_URL
  if (DRIVERS.includes('postgres') && adminUrl) {
    const name = `lamplight_template_${randomBytes(6).toString('hex')}`
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const template = await openDatabase({ url: url.href })
    try {
      await template.migrate()
    } finally {
      // Nobody may be connected to a template while databases are created from it.
      await template.close()
    }
    process.env[POSTGRES_TEMPLATE_ENV] = name
    cleanups.push(async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    })
  }

  return async () => {
    for (const cleanup of cleanups) await cleanup()
  }
}

/** A migrated PGlite's data directory, as a tarball each file's PGlite starts from. */
async function preparePgliteSnapshot(): Promise<() => Promise<void>> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS })
  await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER })
  const tarball = await client.dumpDataDir('none')
  await client.close()
  const dir = mkdtempSync(path.join(tmpdir(), 'lamplight-pglite-snapshot-'))
  const file = path.join(dir, 'migrated.tar')
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()))
  process.env[PGLITE_SNAPSHOT_ENV] = file
  return async () => rmSync(dir, { recursive: true, force: true })
}
