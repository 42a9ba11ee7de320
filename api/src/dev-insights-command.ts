import { DEV_INSIGHTS_DEFAULTS, seedDevInsights } from '../seed/dev-insights'
import { refusesRealPayments, runDatabaseCommand } from './database-command'

// `npm run seed:dev-insights -w api`: a year of made-up orders, subscriptions, downloads and
// puzzle players for developing the Insights page (issue 37). Never run automatically;
// refused in production and on a database that has real payments, as seed:dev-orders is.
runDatabaseCommand(
  'seed:dev-insights',
  async (db) => {
    if (await refusesRealPayments('seed:dev-insights', db)) return
    const report = await seedDevInsights(db, {
      ...DEV_INSIGHTS_DEFAULTS,
      orders: Number(process.env.DEV_INSIGHTS_ORDERS ?? DEV_INSIGHTS_DEFAULTS.orders),
    })
    console.log(
      `seed:dev-insights: ${report.orders} orders, ${report.subscribers} subscribers and ${report.downloads} downloads over a year`,
    )
  },
  { notInProduction: 'this history is made up' },
)
