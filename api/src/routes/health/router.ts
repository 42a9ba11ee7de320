import { healthContract } from '@lamplight/contracts'
import { defineRouter } from '../../lib/router'

/** `/health`: the process answers. `/ready`: and its database does too. */
export const healthRouter = defineRouter('/')
  .handle(healthContract.health, ({ c }) =>
    c.json({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  )
  .handle(healthContract.ready, async ({ c, deps }) => {
    try {
      await deps.database.ping()
      return c.json({ status: 'ready' as const, database: deps.database.driver })
    } catch (err) {
      c.get('log').warn({ err }, 'readiness check failed')
      c.header('Retry-After', '5')
      return c.json({ error: { code: 'not_ready', message: 'The database is not reachable.' } }, 503)
    }
  })
