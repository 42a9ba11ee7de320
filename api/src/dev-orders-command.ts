import { eq } from 'drizzle-orm'
import { seedDevOrders } from '../seed/dev-orders'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/lock'
import { DatabaseUnavailableError, openConfiguredDatabase } from './db/open'
import { orders } from './db/schema'

// `npm run seed:dev-orders -w api`: made-up orders for developing the admin console.
// Never run automatically; refused in production and on a database that has real payments.
async function main() {
  const config = loadConfig()
  if (config.env === 'production') {
    console.error('seed:dev-orders: refused with NODE_ENV=production (these orders are made up).')
    process.exit(1)
  }
  const database = await openConfiguredDatabase(config, 'npm run seed:dev-orders')
  try {
    const [real] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.provider, 'stripe'))
      .limit(1)
    if (real) {
      console.error(
        'seed:dev-orders: refused: this database has Stripe orders, so it is not a development database.',
      )
      process.exitCode = 1
      return
    }
    const report = await seedDevOrders(database.db, Number(process.env.DEV_ORDERS ?? 40))
    console.log(
      `seed:dev-orders: ${report.orders} orders added for ${report.customers} development customers`,
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
    console.error(`seed:dev-orders: ${error.message}`)
  } else {
    console.error('seed:dev-orders: failed:', error)
  }
  process.exit(1)
})
