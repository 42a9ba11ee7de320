import { adminUsersContract } from '@lamplight/contracts'
import { conflict, notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { listCustomers, setUserRole } from './queries'

/** Accounts, for admins. Each route declares `admin` access in its contract. */
export const adminUsersRouter = defineRouter('/admin')
  .handle(adminUsersContract.customers, async ({ c, db }) => c.json({ data: await listCustomers(db) }))
  .handle(adminUsersContract.setRole, async ({ c, db, params, body, user }) => {
    if (user.id === params.id && body.role !== 'admin')
      throw conflict('You cannot remove your own admin role.')
    const updated = await setUserRole(db, user.id, params.id, body.role)
    if (!updated) throw notFound('No such user.')
    return c.json({ data: updated })
  })
