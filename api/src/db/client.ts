import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { MIGRATIONS_FOLDER } from '../paths'
import * as schema from './schema'

export { schema }

/** The one database type the rest of the API sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A database or an open transaction on it: what a domain's `queries.ts` functions take. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
  db: Db
  driver: 'pglite' | 'postgres'
  /** Resolves when a trivial query succeeds; rejects otherwise. */
  ping: () => Promise<void>
  migrate: () => Promise<void>
  close: () => Promise<void>
}

/** The advisory lock key the migrations run under (any constant bigint shared by all instances). */
export const MIGRATION_LOCK_KEY = 7_146_204_518_301

export { MIGRATIONS_FOLDER } from '../paths'

/** postgres.js answers `execute` with an array, PGlite with `{ rows }`: read both the same way. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

export type DatabaseOptions =
  | { url: string; dataDir?: undefined; loadDataDir?: undefined }
  | {
      url?: undefined
      /** `dataDir` undefined means in memory (tests). */
      dataDir?: string
      /** A `dumpDataDir` tarball to start from (tests: one migrated database, copied per file). */
      loadDataDir?: Blob
    }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url)
  return openPglite(options.dataDir, options.loadDataDir)
}

/** Connections one replica's postgres.js pool opens at most. */
export const POSTGRES_POOL_MAX = 10

/**
 * How a replica waits for the database while it is away (issue 39 item 11): every request
 * must be answered within 2 s, a 503 with Retry-After when no stale copy can answer it. A
 * connection attempt gives up after CONNECT_TIMEOUT_SECONDS (a host that does not answer at
 * all), and a query waiting for a connection waits at most one reconnect delay: postgres.js
 * backs off 3^n/100 s up to 20 s between attempts by default, so during a 5 s outage queries
 * queued behind an attempt waited 15-19 s (measured in the restart drill). Ours grows the
 * same way up to MAX_RECONNECT_DELAY_SECONDS, with jitter so replicas do not knock together.
 */
export const CONNECT_TIMEOUT_SECONDS = 1.5
export const MAX_RECONNECT_DELAY_SECONDS = 0.5
export const reconnectDelaySeconds = (retries: number, random = Math.random()) =>
  (0.5 + random / 2) * Math.min(3 ** retries / 100, MAX_RECONNECT_DELAY_SECONDS)

async function openPostgres(url: string): Promise<Database> {
  const client = postgres(url, {
    max: POSTGRES_POOL_MAX,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
  })
  const db = drizzlePostgres(client, { schema, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await client`select 1`
    },
    migrate: async () => {
      // Several instances start at once in a deploy: one migrates while the others wait on
      // this session lock, then find nothing left to apply (without it they race and fail).
      const lock = await client.reserve()
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`
        await migratePostgres(drizzlePostgres(client, { casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        })
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {})
        lock.release()
      }
    },
    close: () => client.end({ timeout: 5 }),
  }
}

/** The extensions our PGlite loads: pg_trgm backs resource search (migration 0001). */
export const PGLITE_EXTENSIONS = { pg_trgm }

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  })
  await client.waitReady
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1')
    },
    migrate: () =>
      migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  }
}
