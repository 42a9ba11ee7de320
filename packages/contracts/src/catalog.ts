import { z } from 'zod'
import { endpoint } from './endpoint'
import { ProductViewSchema, SlugSchema } from './schemas'

export const ProductSlugParams = z.object({ slug: SlugSchema })

export const catalogContract = {
  product: endpoint({
    method: 'GET',
    path: '/products/:slug',
    access: 'public',
    summary: "An active product's checkout view (price in cents)",
    params: ProductSlugParams,
    response: z.object({ data: ProductViewSchema }),
  }),
  access: endpoint({
    method: 'GET',
    path: '/products/:slug/access',
    access: 'public',
    summary: 'Whether the signed-in visitor owns the product (a completed order) or is an admin',
    description: 'Signed out is simply "no", so a sales page can ask before anyone signs in.',
    params: ProductSlugParams,
    response: z.object({ data: z.object({ hasAccess: z.boolean() }) }),
  }),
}
