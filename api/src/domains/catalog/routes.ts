import { catalogContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { currentUser } from '../../middleware/guards'
import { ownsProduct } from '../../services/access'
import { cachedJson } from '../../services/public-cache'
import { findActiveProductBySlug } from './queries'

/** Public catalogue: products that are for sale. */
export const catalogRouter = defineRouter('/products')
  // The same for everyone: from the public cache (decision 014).
  .handle(catalogContract.product, async ({ c, db, params }) =>
    cachedJson(c, 'catalog', `product:${params.slug}`, async () => {
      const product = await findActiveProductBySlug(db, params.slug)
      if (!product) throw notFound('The requested product is not available')
      return { data: product }
    }),
  )
  // Signed out is simply "no" (not a 401), so a sales page can ask before anyone signs in.
  .handle(catalogContract.access, async ({ c, db, params }) => {
    const product = await findActiveProductBySlug(db, params.slug)
    if (!product) throw notFound('The requested product is not available')
    const user = await currentUser(c)
    const hasAccess = await ownsProduct(db, user, product.id)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: { hasAccess } })
  })
