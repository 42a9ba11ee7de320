import { z } from 'zod'
import { PRODUCT_CATEGORIES } from './constants'

/** The remotes configuration the shell fetches at start: remote name → manifest URL. */
export const RemotesConfigSchema = z.record(z.string(), z.string().min(1))
export type RemotesConfig = z.infer<typeof RemotesConfigSchema>

export const ProductImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type ProductImage = z.infer<typeof ProductImageSchema>

export const ProductFactsSchema = z.object({
  duration: z.string().trim().max(60).optional(),
  mysteries: z.number().int().min(0).max(100).optional(),
  difficulty: z.string().trim().max(60).optional(),
  ages: z.string().trim().max(60).optional(),
})
export type ProductFacts = z.infer<typeof ProductFactsSchema>

/**
 * The public view of a product (spec section 3 for the checkout fields): price in cents,
 * `image` its first picture's URL (or the legacy image), every picture in `images`.
 */
export const ProductViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  price: z.number().int().nonnegative(),
  image: z.string().nullable(),
  tagline: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  compare_at: z.number().int().nullable(),
  availability: z.enum(['coming_soon', 'on_sale', 'sold_out']),
  sku: z.string().nullable(),
  featured: z.boolean(),
  facts: ProductFactsSchema,
  images: z.array(ProductImageSchema),
})
export type ProductView = z.infer<typeof ProductViewSchema>

export const CategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  resourceCount: z.number().int().nonnegative(),
})
export type Category = z.infer<typeof CategorySchema>

export const SlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Must be lower-case words joined by hyphens')
