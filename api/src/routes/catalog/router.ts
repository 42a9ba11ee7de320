import { SlugSchema } from '@lamplight/contracts'
import { Hono } from 'hono'
import { z } from 'zod'
import { notFound } from '../../lib/errors'
import { currentUser } from '../../middleware/guards'
import { validate } from '../../middleware/validate'
import type { AppEnv } from '../../types'
import { findActiveProductBySlug, hasCompletedOrder } from './queries'

const SlugParam = z.object({ slug: SlugSchema })

/** Public catalogue: products that are for sale. */
export const catalogRouter = new Hono<AppEnv>()
  .get('/products/:slug', validate('param', SlugParam), async (c) => {
    const { slug } = c.req.valid('param')
    const product = await findActiveProductBySlug(c.get('deps').database.db, slug)
    if (!product) throw notFound('The requested product is not available')
    return c.json({ data: product })
  })
  // Whether this visitor may open the product's puzzles: signed out is simply "no" (not a 401),
  // so a sales page can ask before anyone signs in. Admins have access to every product.
  .get('/products/:slug/access', validate('param', SlugParam), async (c) => {
    const { slug } = c.req.valid('param')
    const db = c.get('deps').database.db
    const product = await findActiveProductBySlug(db, slug)
    if (!product) throw notFound('The requested product is not available')
    const user = await currentUser(c)
    const hasAccess = !user
      ? false
      : user.role === 'admin' || (await hasCompletedOrder(db, user.id, product.id))
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: { hasAccess } })
  })
