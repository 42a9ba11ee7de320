import { eq } from 'drizzle-orm'
import { DEV_INSIGHTS_DEFAULTS, seedDevInsights } from '../seed/dev-insights'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/lock'
import { DatabaseUnavailableError, openConfiguredDatabase } from './db/open'
import { orders } from './db/schema'

// `npm run seed:dev-insights -w api`: a year of made-up orders, subscriptions, downloads and
// puzzle players for developing the Insights page (issue 37). Never run automatically;
// refused in production and on a database that has real payments, as seed:dev-insights is.
async function main() {
  const config = loadConfig()
  if (config.env === 'production') {
    console.error('seed:dev-insights: refused with NODE_ENV=production (this history is made up).')
    process.exit(1)
  }
  const database = await openConfiguredDatabase(config, 'npm run seed:dev-insights')
  try {
    const [real] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.provider, 'stripe'))
      .limit(1)
    if (real) {
      console.error(
        'seed:dev-insights: refused: this database has Stripe orders, so it is not a development database.',
      )
      process.exitCode = 1
      return
    }
    const report = await seedDevInsights(database.db, {
      ...DEV_INSIGHTS_DEFAULTS,
      orders: Number(process.env.DEV_INSIGHTS_ORDERS ?? DEV_INSIGHTS_DEFAULTS.orders),
    })
    console.log(
      `seed:dev-insights: ${report.orders} orders, ${report.subscribers} subscribers and ${report.downloads} downloads over a year`,
    )
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
    console.error(`seed:dev-insights: ${error.message}`)
  } else {
    console.error('seed:dev-insights: failed:', error)
  }
  process.exit(1)
})
