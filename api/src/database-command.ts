import { eq } from 'drizzle-orm'
import { type Config, ConfigError, loadConfig } from './config'
import type { Db } from './db/client'
import { DataDirLockedError } from './db/lock'
import { DatabaseUnavailableError, openConfiguredDatabase } from './db/open'
import { orders } from './db/schema'

/**
 * `npm run <script> -w api` over the configured database: opened (and migrated) for `work`,
 * closed after. A failure exits 1; the ones a person can fix (a setting, a database that
 * does not answer, the embedded database open in a running server) in one line.
 */
export function runDatabaseCommand(
  script: string,
  work: (db: Db, config: Config) => Promise<void>,
  /** Refused with NODE_ENV=production, saying why (made-up data). */
  options: { notInProduction?: string } = {},
) {
  const main = async () => {
    const config = loadConfig()
    if (options.notInProduction && config.env === 'production') {
      console.error(`${script}: refused with NODE_ENV=production (${options.notInProduction}).`)
      process.exit(1)
    }
    const database = await openConfiguredDatabase(config, `npm run ${script}`)
    try {
      await work(database.db, config)
    } finally {
      await database.close()
    }
  }
  main().catch((error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DatabaseUnavailableError ||
      error instanceof DataDirLockedError
    ) {
      console.error(`${script}: ${error.message}`)
    } else {
      console.error(`${script}: failed:`, error)
    }
    process.exit(1)
  })
}

/**
 * Made-up data goes into development databases only: one that has a Stripe order is a real
 * shop's. Says so and sets the exit code when it is.
 */
export async function refusesRealPayments(script: string, db: Db) {
  const [real] = await db.select({ id: orders.id }).from(orders).where(eq(orders.provider, 'stripe')).limit(1)
  if (!real) return false
  console.error(`${script}: refused: this database has Stripe orders, so it is not a development database.`)
  process.exitCode = 1
  return true
}
