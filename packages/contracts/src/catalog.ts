import { z } from 'zod'
import { endpoint } from './endpoint'
import { ProductViewSchema, SlugSchema } from './schemas'

export const ProductSlugParams = z.object({ slug: SlugSchema })

export const NotifyRequestSchema = z.object({
  email: z.email('Please enter a valid email address.').trim().toLowerCase().max(254),
})

export const catalogContract = {
  list: endpoint({
    method: 'GET',
    path: '/products',
    access: 'public',
    summary: 'Every product visitors may see (coming soon, on sale, sold out), featured first in their order',
    response: z.object({ data: z.array(ProductViewSchema) }),
  }),
  product: endpoint({
    method: 'GET',
    path: '/products/:slug',
    access: 'public',
    summary:
      "A product's public view (price in cents, availability from its status and stock); drafts and unknown slugs are 404",
    params: ProductSlugParams,
    response: z.object({ data: ProductViewSchema }),
  }),
  access: endpoint({
    method: 'GET',
    path: '/products/:slug/access',
    access: 'public',
    summary:
      'Whether the signed-in visitor owns the product (a paid order with it among its lines) or is an admin',
    description: 'Signed out is simply "no", so a sales page can ask before anyone signs in.',
    params: ProductSlugParams,
    response: z.object({ data: z.object({ hasAccess: z.boolean() }) }),
  }),
  image: endpoint({
    method: 'GET',
    path: '/products/:slug/images/:imageId',
    access: 'public',
    summary: "A published product's picture as WebP (`?w=` one of the thumbnail widths for a smaller copy)",
    params: z.object({ slug: SlugSchema, imageId: z.uuid() }),
    query: z.object({ w: z.coerce.number().int().optional() }),
    produces: 'image/webp',
  }),
  notify: endpoint({
    method: 'POST',
    path: '/products/:slug/notify',
    access: 'public',
    summary:
      'Ask to be told when a coming-soon or sold-out product is ready: a confirmation link is mailed; the answer is the same whether the address was known',
    params: ProductSlugParams,
    body: NotifyRequestSchema,
    response: z.object({ data: z.object({ sent: z.literal(true) }) }),
    status: 202,
  }),
  notifyPage: endpoint({
    method: 'GET',
    path: '/products/notify/:action',
    access: 'public',
    summary:
      'The page a "tell me" mail links to: a button that confirms the request or unsubscribes it (a link scanner that opens it changes nothing)',
    params: z.object({ action: z.enum(['confirm', 'unsubscribe']) }),
    query: z.object({ token: z.string().min(10).max(200) }),
    produces: 'text/html',
  }),
  notifyAct: endpoint({
    method: 'POST',
    path: '/products/notify/:action',
    access: 'public',
    summary:
      'Confirm a "tell me" request, or forget it (one-click unsubscribe, RFC 8058: the same POST the mail header names)',
    params: z.object({ action: z.enum(['confirm', 'unsubscribe']) }),
    query: z.object({ token: z.string().min(10).max(200) }),
    produces: 'text/html',
  }),
}
