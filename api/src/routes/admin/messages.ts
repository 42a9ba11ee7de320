import { Hono } from 'hono'
import { requireRole } from '../../middleware/guards'
import type { AppEnv } from '../../types'
import { listInbox } from '../contact/queries'

/** Admin only: what visitors sent through the contact page, contact messages and prayer requests together. */
export const adminMessagesRouter = new Hono<AppEnv>()
  .use('/admin/messages', requireRole('admin'))
  .get('/admin/messages', async (c) => c.json({ data: await listInbox(c.get('deps').database.db) }))
