import { healthContract } from '@lamplight/contracts'
import { defineRouter, sizedJson } from '../../lib/router'

/**
 * Whether the last readiness check of an instance found its database unreachable. A load
 * balancer asks every few seconds: an outage is logged when it starts and when it ends,
 * not once per check.
 */
const unreachable = new WeakMap<object, boolean>()

/** `/health`: the process answers. `/ready`: and its database does too. */
export const healthRouter = defineRouter('/')
  // Load balancers ask this many times a second: its length said (sizedJson).
  .handle(healthContract.health, ({ c }) =>
    sizedJson(c, { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
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
      if (unreachable.get(deps.database)) {
        unreachable.set(deps.database, false)
        c.get('log').info('readiness restored: the database answers again')
      }
      return c.json({ status: 'ready' as const, database: deps.database.driver })
    } catch (err) {
      if (!unreachable.get(deps.database)) {
        unreachable.set(deps.database, true)
        c.get('log').warn({ err }, 'readiness check failed: the database is not reachable')
      }
      c.header('Retry-After', '5')
      return c.json({ error: { code: 'not_ready', message: 'The database is not reachable.' } }, 503)
    }
  })
