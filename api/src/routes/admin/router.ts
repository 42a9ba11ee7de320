import { Hono } from 'hono'
import { z } from 'zod'
import { USER_ROLES } from '../../db/schema'
import { conflict, notFound } from '../../lib/errors'
import { currentUser, requireRole } from '../../middleware/guards'
import { validate } from '../../middleware/validate'
import type { AppEnv } from '../../types'
import { listCustomers, setUserRole } from './queries'

/** Admin only: everything under /api/admin. (Editors get the resources endpoints, mounted separately.) */
export const adminRouter = new Hono<AppEnv>()
  .use('/admin/*', requireRole('admin'))
  .get('/admin/customers', async (c) => c.json({ data: await listCustomers(c.get('deps').database.db) }))
  .patch(
    '/admin/users/:id/role',
    validate('param', z.object({ id: z.string().min(1).max(100) })),
    validate('json', z.object({ role: z.enum(USER_ROLES) })),
    async (c) => {
      const { id } = c.req.valid('param')
      const { role } = c.req.valid('json')
      const actor = (await currentUser(c))!
      if (actor.id === id && role !== 'admin') throw conflict('You cannot remove your own admin role.')
      const updated = await setUserRole(c.get('deps').database.db, actor.id, id, role)
      if (!updated) throw notFound('No such user.')
      return c.json({ data: updated })
    },
  )
