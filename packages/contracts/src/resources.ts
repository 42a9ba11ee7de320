import { z } from 'zod'
import { endpoint } from './endpoint'
import { GALLERY_KEYS, RESULTS_PAGE_SIZE_MAX } from './resources-constants'
import { SlugSchema } from './schemas'
import { THUMB_WIDTHS, type ThumbWidth } from './thumb-widths'

/**
 * The public resource library. Rows keep the spec's (section 3) snake_case names; see
 * docs/decisions for the casing rule.
 */
export const TagSchema = z.object({ name: z.string() })

export const ResourceSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category_id: z.string(),
  category: z.object({ name: z.string(), slug: z.string() }),
  downloads: z.number().int(),
  published: z.boolean(),
  is_featured: z.boolean(),
  thumb_url: z.string().nullable(),
  age_range: z.string().nullable(),
  scripture_ref: z.string().nullable(),
  tags: z.array(TagSchema),
  created_at: z.string(),
})
export type Resource = z.infer<typeof ResourceSchema>

export const ResourceFileSchema = z.object({
  id: z.string(),
  resource_id: z.string(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int().nullable(),
  created_at: z.string(),
  /** Inline, for viewing, printing and embedding. */
  url: z.string(),
  /** As an attachment; counts a download. */
  download_url: z.string(),
})
export type ResourceFile = z.infer<typeof ResourceFileSchema>

export const ResourceDetailSchema = ResourceSchema.extend({ files: z.array(ResourceFileSchema) })
export type ResourceDetail = z.infer<typeof ResourceDetailSchema>

export const CategorySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  resourceCount: z.number().int().nonnegative(),
})
export type CategorySummary = z.infer<typeof CategorySummarySchema>

export const CategoryDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  age_ranges: z.array(z.string()),
})
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>

/** One page of a listing; `has_more` says whether another page follows (no exact total: decision 008). */
export const ResourceListSchema = z.object({
  data: z.array(ResourceSchema),
  has_more: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
})
export type ResourceList = z.infer<typeof ResourceListSchema>

export const CollectionSchema = z.object({
  gallery: z.enum(GALLERY_KEYS),
  title: z.string(),
  path: z.string(),
  /** Published pages in the collection. */
  page_count: z.number().int().nonnegative(),
  /** A thumbnail to show: of the first page the search matched, else of the first page; '' if none. */
  cover: z.string(),
  /** Titles of the pages the search matched (up to three), empty when the collection itself matched. */
  matches: z.array(z.string()),
})
export type Collection = z.infer<typeof CollectionSchema>

export const GalleryItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** '' when the resource has no thumbnail. */
  thumbnail: z.string(),
  file_id: z.string(),
  file_url: z.string(),
  download_url: z.string(),
  filename: z.string(),
  mime_type: z.string(),
})
export type GalleryItem = z.infer<typeof GalleryItemSchema>

/** Search text: trimmed, bounded; blank means no search. */
const SearchText = z
  .string()
  .trim()
  .max(200, 'Keep the search under 200 characters')
  .optional()
  .transform((v) => v || undefined)

export const CollectionsQuery = z.object({ q: SearchText })

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
  page_size: z.coerce.number().int().min(1).max(RESULTS_PAGE_SIZE_MAX).default(60),
})
export type ResourceListFilters = z.input<typeof ResourceListQuery>

const SlugParams = z.object({ slug: SlugSchema })
const FileIdParams = z.object({ id: z.uuid('Not a file id') })

const ThumbQuery = z.object({
  /** The thumbnail's version: only there so a changed thumbnail gets a new URL. */
  v: z.string().max(32).optional(),
  w: z.coerce
    .number()
    .int()
    .refine((w): w is ThumbWidth => (THUMB_WIDTHS as readonly number[]).includes(w), {
      message: `One of ${THUMB_WIDTHS.join(', ')}`,
    })
    .optional(),
})

export const resourcesContract = {
  categories: endpoint({
    method: 'GET',
    path: '/resources/categories',
    access: 'public',
    summary: 'Categories by name with published resource counts (gallery pages left out)',
    response: z.object({ data: z.array(CategorySummarySchema) }),
  }),
  category: endpoint({
    method: 'GET',
    path: '/resources/categories/:slug',
    access: 'public',
    summary: 'One category with the age ranges present in it',
    params: SlugParams,
    response: z.object({ data: CategoryDetailSchema }),
  }),
  featured: endpoint({
    method: 'GET',
    path: '/resources/featured',
    access: 'public',
    summary: 'Up to six featured resources',
    response: z.object({ data: z.array(ResourceSchema) }),
  }),
  item: endpoint({
    method: 'GET',
    path: '/resources/item/:slug',
    access: 'public',
    summary: 'A published resource with its files',
    params: SlugParams,
    response: z.object({ data: ResourceDetailSchema }),
  }),
  gallery: endpoint({
    method: 'GET',
    path: '/resources/galleries/:gallery',
    access: 'public',
    summary: 'The pages of one colouring gallery, by slug',
    params: z.object({ gallery: z.enum(GALLERY_KEYS) }),
    response: z.object({ data: z.array(GalleryItemSchema) }),
  }),
  collections: endpoint({
    method: 'GET',
    path: '/resources/collections',
    access: 'public',
    summary:
      'The colouring collections (their pages are listed only in their galleries): all of them, or those a search finds by name or by their pages',
    query: CollectionsQuery,
    response: z.object({ data: z.array(CollectionSchema) }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/resources',
    access: 'public',
    summary:
      'Published resources, newest first: by category, searched, and for an age (overlapping ranges and all-ages resources, decision 011)',
    query: ResourceListQuery,
    response: ResourceListSchema,
  }),
}

export const filesContract = {
  thumb: endpoint({
    method: 'GET',
    path: '/files/thumbs/:id',
    access: 'public',
    summary:
      "A published resource's thumbnail (immutable, versioned URL), optionally as a WebP of one of the srcset widths",
    params: FileIdParams,
    query: ThumbQuery,
    produces: 'image/*',
  }),
  inline: endpoint({
    method: 'GET',
    path: '/files/:id',
    access: 'public',
    summary: 'A file of a published resource, inline',
    params: FileIdParams,
    produces: 'application/pdf, image/*',
  }),
  download: endpoint({
    method: 'GET',
    path: '/files/:id/download',
    access: 'public',
    summary: 'A file of a published resource as an attachment; counts a download',
    params: FileIdParams,
    produces: 'application/pdf, image/*',
  }),
}
