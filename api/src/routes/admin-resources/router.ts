import { adminResourcesContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { deleteResource, listAdminResources, setPublished } from './queries'

const NO_RESOURCE = 'No such resource.'

/**
 * Resource management for editors and admins (each contract declares `editor` access).
 * The resource editor's create and edit endpoints join this router.
 */
export const adminResourcesRouter = defineRouter('/admin/resources')
  .handle(adminResourcesContract.list, async ({ c, db, query }) =>
    c.json(await listAdminResources(db, query)),
  )
  .handle(adminResourcesContract.setPublished, async ({ c, db, params, body, user }) => {
    const row = await setPublished(db, user.id, params.id, body.published)
    if (!row) throw notFound(NO_RESOURCE)
    return c.json({ data: row })
  })
  .handle(adminResourcesContract.remove, async ({ c, db, deps, params, user }) => {
    const keys = await deleteResource(db, user.id, params.id)
    if (!keys) throw notFound(NO_RESOURCE)
    // The rows are gone; a file that cannot be removed now is only wasted space, never served.
    for (const key of keys) {
      await deps.storage
        .delete(key)
        .catch((err) => c.get('log').warn({ err, key }, 'could not delete a file'))
    }
    return c.json({ data: { id: params.id } })
  })
