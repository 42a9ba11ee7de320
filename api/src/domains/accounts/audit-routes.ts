import { adminAuditContract } from '@lamplight/contracts'
import { defineRouter } from '../../lib/router'
import { listAudit } from './audit-queries'

/** The audit log screen: every admin write, who, what, when, before and after (admins only). */
export const adminAuditRouter = defineRouter('/admin/audit').handle(
  adminAuditContract.list,
  async ({ c, db, query }) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json(await listAudit(db, query))
  },
)
