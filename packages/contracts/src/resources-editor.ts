import { z } from 'zod'
import { GALLERY_SLUG_PREFIXES } from './constants'
import { endpoint } from './endpoint'
import { GALLERIES, GALLERY_KEYS, type GalleryKey } from './resources-constants'

/**
 * The resource editor (issue 13): create and edit a resource with its files, for editors
 * and admins. The form (resources-app) and the API validate with the same schemas.
 */

/** What the editor's gallery picker offers; the gallery decides the slug's prefix. */
export const GALLERY_CHOICES: { key: GalleryKey; label: string; prefix: string }[] = [
  { key: 'bible-verses', label: 'Bible Verses', prefix: GALLERIES['bible-verses'] },
  { key: 'faith-coloring', label: 'Faith Coloring Pages', prefix: GALLERIES['faith-coloring'] },
  { key: 'noahs-ark', label: "Noah's Ark", prefix: GALLERIES['noahs-ark'] },
]

/** The gallery a slug puts a resource in, or null for the public library. */
export function galleryOfSlug(slug: string): GalleryKey | null {
  return GALLERY_KEYS.find((key) => slug.startsWith(GALLERIES[key])) ?? null
}

/** A slug made from a title: lower-case ASCII words joined by hyphens, at most 100 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '')
}

/** `slug` with a gallery's prefix (any other gallery prefix taken off first). */
export function withGalleryPrefix(slug: string, gallery: GalleryKey | null): string {
  let bare = slug
  for (const prefix of GALLERY_SLUG_PREFIXES) if (bare.startsWith(prefix)) bare = bare.slice(prefix.length)
  return gallery ? `${GALLERIES[gallery]}${bare}` : bare
}

export const EditorSlugSchema = z
  .string()
  .trim()
  .min(1, 'Give the resource a slug')
  .max(120, 'Keep the slug under 120 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens')

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .transform((v) => (v ? v : null))

export const TAG_MAX_LENGTH = 40
export const TAGS_MAX = 20

/** The resource as the form sends it (create and update alike). */
export const ResourceInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Give the resource a title')
      .max(200, 'Keep the title under 200 characters'),
    slug: EditorSlugSchema,
    description: z.string().trim().max(5000, 'Keep the description under 5,000 characters'),
    category_id: z.uuid('Choose a category'),
    age_range: optionalText(40, 'Keep the age range under 40 characters'),
    scripture_ref: optionalText(200, 'Keep the scripture reference under 200 characters'),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'A tag cannot be empty')
          .max(TAG_MAX_LENGTH, 'Keep tags under 40 characters'),
      )
      .max(TAGS_MAX, `At most ${TAGS_MAX} tags`),
    is_featured: z.boolean(),
    published: z.boolean(),
    /** A colouring gallery the resource belongs to (its slug then starts with the gallery's prefix). */
    gallery: z.enum(GALLERY_KEYS).nullable(),
  })
  .superRefine((value, ctx) => {
    const inSlug = galleryOfSlug(value.slug)
    if (value.gallery && inSlug !== value.gallery)
      ctx.addIssue({
        code: 'custom',
        path: ['slug'],
        message: `A page of this gallery has a slug starting with "${GALLERIES[value.gallery]}"`,
      })
    if (!value.gallery && inSlug)
      ctx.addIssue({
        code: 'custom',
        path: ['slug'],
        message: `"${GALLERIES[inSlug]}" is kept for gallery pages: choose the gallery instead`,
      })
  })
export type ResourceInput = z.input<typeof ResourceInputSchema>

export const EditorFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  position: z.number().int(),
})
export type EditorFile = z.infer<typeof EditorFileSchema>

export const EditableResourceSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category_id: z.string(),
  age_range: z.string().nullable(),
  scripture_ref: z.string().nullable(),
  tags: z.array(z.string()),
  is_featured: z.boolean(),
  published: z.boolean(),
  gallery: z.enum(GALLERY_KEYS).nullable(),
  /** The editor's view of the thumbnail (drafts too); null when there is none. */
  thumb_url: z.string().nullable(),
  updated_at: z.iso.datetime({ offset: true }),
  files: z.array(EditorFileSchema),
})
export type EditableResource = z.infer<typeof EditableResourceSchema>

export const EditorOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
  /** Age ranges in use, for the picker (a new one may be typed). */
  age_ranges: z.array(z.string()),
  /** Tags in use, by name. */
  tags: z.array(z.string()),
})
export type EditorOptions = z.infer<typeof EditorOptionsSchema>

/** Header carrying an upload's file name (percent-encoded UTF-8); the body is the file itself. */
export const UPLOAD_FILENAME_HEADER = 'X-Filename'

const resourceId = z.object({ id: z.uuid('Not a resource id') })
const fileParams = z.object({ id: z.uuid('Not a resource id'), fileId: z.uuid('Not a file id') })
const one = z.object({ data: EditableResourceSchema })

export const resourceEditorContract = {
  options: endpoint({
    method: 'GET',
    path: '/admin/resources/options',
    access: 'editor',
    summary: 'What the editor offers: categories, and the age ranges and tags in use',
    response: EditorOptionsSchema,
  }),
  slugAvailable: endpoint({
    method: 'GET',
    path: '/admin/resources/slug-available',
    access: 'editor',
    summary: 'Whether a slug is free (`exclude_id`: the resource being edited may keep its own)',
    query: z.object({ slug: EditorSlugSchema, exclude_id: z.uuid().optional() }),
    response: z.object({ slug: z.string(), available: z.boolean() }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/resources',
    access: 'editor',
    answers: { 409: 'The slug is used by another resource.' },
    summary: 'Create a resource, as a draft or published (audited); 409 when the slug is taken',
    body: ResourceInputSchema,
    response: one,
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/resources/:id',
    access: 'editor',
    summary: 'A resource for editing, published or not, with its files in order',
    params: resourceId,
    response: one,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/resources/:id',
    access: 'editor',
    answers: { 409: 'The slug is used by another resource.' },
    summary: 'Save a resource (audited with before and after); 409 when the slug is taken',
    params: resourceId,
    body: ResourceInputSchema,
    response: one,
  }),
  uploadFile: endpoint({
    method: 'POST',
    path: '/admin/resources/:id/files',
    access: 'editor',
    summary:
      'Add a file: the body is the file (PDF, PNG, JPEG or WebP, decided from its bytes), its name in X-Filename; streamed to storage, 25 MB by default (UPLOAD_MAX_BYTES); refused files leave nothing behind (audited)',
    params: resourceId,
    response: one,
    status: 201,
    description: 'Request body: the raw file (not multipart), Content-Type ignored.',
  }),
  removeFile: endpoint({
    method: 'DELETE',
    path: '/admin/resources/:id/files/:fileId',
    access: 'editor',
    summary: 'Remove a file and its stored object (audited)',
    params: fileParams,
    response: one,
  }),
  reorderFiles: endpoint({
    method: 'PUT',
    path: '/admin/resources/:id/files/order',
    access: 'editor',
    summary: "Put the resource's files in this order (every file id once; audited)",
    params: resourceId,
    body: z.object({ file_ids: z.array(z.uuid()).min(1).max(200) }),
    response: one,
  }),
  uploadThumbnail: endpoint({
    method: 'PUT',
    path: '/admin/resources/:id/thumbnail',
    access: 'editor',
    summary:
      'Replace the thumbnail with an image (PNG, JPEG or WebP as the body), resized on the server (audited)',
    params: resourceId,
    response: one,
    description: 'Request body: the raw image (not multipart).',
  }),
  thumbnail: endpoint({
    method: 'GET',
    path: '/admin/resources/:id/thumbnail',
    access: 'editor',
    summary: "The resource's thumbnail as the editor sees it (drafts too)",
    params: resourceId,
    produces: 'image/webp',
  }),
}
