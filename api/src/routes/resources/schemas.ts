import { GALLERY_PREFIXES, SlugSchema } from '@lamplight/contracts'
import { z } from 'zod'

/** Search text: trimmed, bounded; blank means no search. */
const SearchText = z
  .string()
  .trim()
  .max(200, 'Keep the search under 200 characters')
  .optional()
  .transform((v) => v || undefined)

export const ResourceListQuery = z.object({
  category: SlugSchema.optional(),
  q: SearchText,
  age: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(60),
})

export const GALLERIES = {
  'bible-verses': GALLERY_PREFIXES.bibleVerses,
  'faith-coloring': GALLERY_PREFIXES.faithColoring,
  'noahs-ark': GALLERY_PREFIXES.noahsArk,
} as const

export const GalleryParam = z.object({
  gallery: z.enum(Object.keys(GALLERIES) as [keyof typeof GALLERIES, ...(keyof typeof GALLERIES)[]]),
})
export const SlugParam = z.object({ slug: SlugSchema })
