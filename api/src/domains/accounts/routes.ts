import { adminDashboardContract, adminUsersContract } from '@lamplight/contracts'
import { afterRoleChange } from '../../auth/sessions'
import { conflict, notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { listCustomers, listProgress, listPuzzleContent } from './queries'
import { dashboardSummary, grantAccess, resetProgress, setUserRole, updatePuzzleContent } from './service'

/** The admin dashboard: accounts, grants, puzzle content and progress. Each contract declares `admin` access. */
export const adminUsersRouter = defineRouter('/admin')
  .handle(adminUsersContract.customers, async ({ c, db, query }) => c.json(await listCustomers(db, query)))
  .handle(adminUsersContract.setRole, async ({ c, db, params, body, user }) => {
    if (user.id === params.id && body.role !== 'admin')
      throw conflict('You cannot remove your own admin role.')
    const updated = await setUserRole(db, user.id, params.id, body.role)
    if (!updated) throw notFound('No such user.')
    // After the commit: the user's live sessions end (demotion) or learn the new role.
    const { previousRole, ...data } = updated
    await afterRoleChange(c.get('deps').auth, data.id, previousRole, data.role)
    return c.json({ data })
  })
  .handle(adminDashboardContract.summary, async ({ c, db }) => c.json({ data: await dashboardSummary(db) }))
  .handle(adminDashboardContract.grant, async ({ c, db, params, body, user }) => {
    const result = await grantAccess(db, user.id, params.id, body.productId)
    if (!result.ok) throw notFound(result.reason === 'no_user' ? 'No such customer.' : 'No such product.')
    const { ok: _ok, ...data } = result
    return c.json({ data })
  })
  .handle(adminDashboardContract.puzzleContent, async ({ c, db }) =>
    c.json({ data: await listPuzzleContent(db) }),
  )
  .handle(
    adminDashboardContract.updatePuzzleContent,
    { bodyLimit: 64 * 1024 },
    async ({ c, db, params, body, user }) => {
      const updated = await updatePuzzleContent(db, user.id, params.id, body)
      if (!updated) throw notFound('No such puzzle step.')
      return c.json({ data: updated })
    },
  )
  .handle(adminDashboardContract.progress, async ({ c, db, query }) => c.json(await listProgress(db, query)))
  .handle(adminDashboardContract.resetProgress, async ({ c, db, params, user }) => {
    const reset = await resetProgress(db, user.id, params.userId, params.productId)
    if (!reset) throw notFound('No such progress.')
    return c.json({ data: { reset: true as const } })
  })
