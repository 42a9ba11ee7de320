import { z } from 'zod'

/** The remotes configuration the shell fetches at start: remote name → manifest URL. */
export const RemotesConfigSchema = z.record(z.string(), z.string().min(1))
export type RemotesConfig = z.infer<typeof RemotesConfigSchema>

/** The checkout product view of the spec (section 3): price in cents. */
export const ProductViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  price: z.number().int().nonnegative(),
  image: z.string().nullable(),
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
