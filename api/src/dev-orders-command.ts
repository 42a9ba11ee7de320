import { seedDevOrders } from '../seed/dev-orders'
import { refusesRealPayments, runDatabaseCommand } from './database-command'

// `npm run seed:dev-orders -w api`: made-up orders for developing the admin console.
// Never run automatically; refused in production and on a database that has real payments.
runDatabaseCommand(
  'seed:dev-orders',
  async (db) => {
    if (await refusesRealPayments('seed:dev-orders', db)) return
    const report = await seedDevOrders(db, Number(process.env.DEV_ORDERS ?? 40))
    console.log(
      `seed:dev-orders: ${report.orders} orders added for ${report.customers} development customers`,
    )
  },
  { notInProduction: 'these orders are made up' },
)
