import { Hono } from 'hono'
import type { AppEnv } from '../../types'

/** Public. `/health`: the process answers. `/ready`: and its database does too. */
export const healthRouter = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }))
  .get('/ready', async (c) => {
    const { database } = c.get('deps')
    try {
      await database.ping()
      return c.json({ status: 'ready' as const, database: database.driver })
    } catch (err) {
      c.get('log').warn({ err }, 'readiness check failed')
      return c.json({ error: { code: 'not_ready', message: 'The database is not reachable.' } }, 503)
    }
  })
