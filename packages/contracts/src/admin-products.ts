import { z } from 'zod'
import { PRODUCT_CATEGORIES, PRODUCT_STATUSES } from './constants'
import { endpoint } from './endpoint'
import { ProductFactsSchema, ProductImageSchema, SlugSchema } from './schemas'

/** The most a box may cost: $10 000 (issue 31). */
export const PRODUCT_MAX_PRICE_CENTS = 1_000_000

const cents = (label: string) =>
  z
    .number(`${label} must be a whole number of cents.`)
    .int(`${label} must be a whole number of cents.`)
    .min(0, `${label} cannot be negative.`)
    .max(PRODUCT_MAX_PRICE_CENTS, `${label} cannot be more than $10,000.`)

/**
 * The product form: the same rules in the admin's form and in the API. A compare-at price
 * is the "was" price, so never below the price; nothing goes on sale without a price.
 */
/**
 * Product slugs the shop's own addresses use: `/checkout/cart`, and the API's
 * `/products/notify/:action` beside `/products/:slug/...` (a product called "notify" would
 * make those two ambiguous).
 */
export const RESERVED_PRODUCT_SLUGS: readonly string[] = ['cart', 'notify']

export const ProductInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required.').max(120, 'Name must be at most 120 characters.'),
    // "cart" is /checkout/cart, the cart's checkout (decision 056): no box may take the address.
    slug: SlugSchema.refine(
      (slug) => !RESERVED_PRODUCT_SLUGS.includes(slug),
      'That address is reserved: please choose another slug.',
    ),
    tagline: z.string().trim().max(200, 'Tagline must be at most 200 characters.').default(''),
    description: z.string().trim().max(10_000, 'Description must be at most 10,000 characters.').default(''),
    category: z.enum(PRODUCT_CATEGORIES, 'Choose mystery, devotional or history.'),
    price_cents: cents('Price'),
    compare_at_cents: cents('Compare-at price').nullable().default(null),
    status: z.enum(PRODUCT_STATUSES, 'Choose draft, coming soon, on sale or sold out.'),
    stock: z
      .number('Stock must be a whole number.')
      .int('Stock must be a whole number.')
      .min(0, 'Stock cannot be negative.')
      .max(1_000_000, 'Stock must be at most 1,000,000.')
      .nullable()
      .default(null),
    low_stock_threshold: z.number().int().min(0).max(10_000).default(3),
    featured: z.boolean().default(false),
    featured_order: z.number().int().min(0).max(1000).default(0),
    facts: ProductFactsSchema.default({}),
    sku: z
      .string()
      .trim()
      .max(60, 'SKU must be at most 60 characters.')
      .nullable()
      .default(null)
      .transform((v) => v || null),
  })
  .superRefine((p, ctx) => {
    if (p.compare_at_cents !== null && p.compare_at_cents < p.price_cents)
      ctx.addIssue({
        code: 'custom',
        path: ['compare_at_cents'],
        message: 'The compare-at price cannot be below the price.',
      })
    if ((p.status === 'on_sale' || p.status === 'sold_out') && p.price_cents === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'Give the product a price before selling it.',
      })
  })
export type ProductInput = z.input<typeof ProductInputSchema>

export const AdminProductRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  status: z.enum(PRODUCT_STATUSES),
  /** What visitors are told (sold out when counted stock is 0); null for a draft. */
  availability: z.enum(['coming_soon', 'on_sale', 'sold_out']).nullable(),
  price_cents: z.number().int(),
  stock: z.number().int().nullable(),
  low_stock_threshold: z.number().int(),
  low_stock: z.boolean(),
  featured: z.boolean(),
  image: z.string().nullable(),
  updated_at: z.iso.datetime({ offset: true }),
})
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>

export const EditableProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  tagline: z.string(),
  description: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  price_cents: z.number().int(),
  compare_at_cents: z.number().int().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  stock: z.number().int().nullable(),
  low_stock_threshold: z.number().int(),
  featured: z.boolean(),
  featured_order: z.number().int(),
  facts: ProductFactsSchema,
  sku: z.string().nullable(),
  images: z.array(ProductImageSchema),
  updated_at: z.iso.datetime({ offset: true }),
})
export type EditableProduct = z.infer<typeof EditableProductSchema>

const productId = z.object({ id: z.uuid('Not a product id') })
const one = z.object({ data: EditableProductSchema })

/** Header carrying a picture's alt text (percent-encoded UTF-8); the body is the image itself. */
export const PRODUCT_ALT_HEADER = 'X-Alt'

/** Product management for admins (issue 31); every write is audited. */
export const adminProductsContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/products',
    access: 'admin',
    summary: 'Every product with its status, stock and price; searched by name, slug or SKU, filtered',
    query: z.object({
      q: z.string().trim().max(200).optional(),
      status: z.enum(PRODUCT_STATUSES).optional(),
      category: z.enum(PRODUCT_CATEGORIES).optional(),
      low_stock: z.enum(['true', 'false']).optional(),
    }),
    response: z.object({ data: z.array(AdminProductRowSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/products',
    access: 'admin',
    summary: 'Create a product (audited); a taken slug or SKU is refused on its field',
    body: ProductInputSchema,
    response: one,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/products/:id',
    access: 'admin',
    summary: 'A product for editing, whatever its status, with its pictures in order',
    params: productId,
    response: one,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/products/:id',
    access: 'admin',
    summary: 'Save a product (audited with before and after); orders keep the price they were made at',
    params: productId,
    body: ProductInputSchema,
    response: one,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: '/admin/products/:id/images',
    access: 'admin',
    summary:
      'Add a picture: the body is the image (PNG, JPEG or WebP, decided from its bytes), its alt text in X-Alt; stored as a WebP made on the server (audited)',
    params: productId,
    response: one,
    status: 201,
    description: 'Request body: the raw image (not multipart), Content-Type ignored.',
  }),
  updateImages: endpoint({
    method: 'PUT',
    path: '/admin/products/:id/images',
    access: 'admin',
    summary: "The product's pictures in this order with these alt texts (every picture once; audited)",
    params: productId,
    body: z.object({
      images: z
        .array(
          z.object({
            id: z.uuid(),
            alt: z
              .string()
              .trim()
              .min(1, 'Alt text is required.')
              .max(300, 'Alt text must be at most 300 characters.'),
          }),
        )
        .max(50),
    }),
    response: one,
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: '/admin/products/:id/images/:imageId',
    access: 'admin',
    summary: 'Remove a picture and its stored file (audited)',
    params: z.object({ id: z.uuid('Not a product id'), imageId: z.uuid('Not a picture id') }),
    response: one,
  }),
}
