import { healthContract } from '@lamplight/contracts'
import { defineRouter } from '../../lib/router'
import { sendWhole } from '../../middleware/response-headers'

/** `/health`: the process answers. `/ready`: and its database does too. */
export const healthRouter = defineRouter('/')
  // Load balancers ask this many times a second: sent whole (middleware/response-headers).
  .handle(healthContract.health, ({ c }) =>
    sendWhole(c, JSON.stringify({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }), 200, {
      'Content-Type': 'application/json',
    }),
  )
  .handle(healthContract.ready, async ({ c, deps }) => {
    // Stopping: a load balancer that asks on a connection still open must take this
    // instance out now, while what is in flight finishes (server.ts).
    if (deps.shutdown.begun) {
      c.header('Retry-After', '5')
      return c.json({ error: { code: 'not_ready', message: 'The server is shutting down.' } }, 503)
    }
    try {
      await deps.database.ping()
      return c.json({ status: 'ready' as const, database: deps.database.driver })
    } catch (err) {
      c.get('log').warn({ err }, 'readiness check failed')
      c.header('Retry-After', '5')
      return c.json({ error: { code: 'not_ready', message: 'The database is not reachable.' } }, 503)
    }
  })
