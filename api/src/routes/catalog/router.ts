import { SlugSchema } from '@lamplight/contracts'
import { Hono } from 'hono'
import { z } from 'zod'
import { notFound } from '../../lib/errors'
import { validate } from '../../middleware/validate'
import type { AppEnv } from '../../types'
import { findActiveProductBySlug } from './queries'

/** Public catalogue: products that are for sale. */
export const catalogRouter = new Hono<AppEnv>().get(
  '/products/:slug',
  validate('param', z.object({ slug: SlugSchema })),
  async (c) => {
    const { slug } = c.req.valid('param')
    const product = await findActiveProductBySlug(c.get('deps').database.db, slug)
    if (!product) throw notFound('The requested product is not available')
    return c.json({ data: product })
  },
)
