import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { listCategoriesWithCounts } from './queries'

/** Public resource library. Only published resources are ever counted or shown. */
export const resourcesRouter = new Hono<AppEnv>().get('/resources/categories', async (c) => {
  const rows = await listCategoriesWithCounts(c.get('deps').database.db)
  return c.json({ data: rows })
})
