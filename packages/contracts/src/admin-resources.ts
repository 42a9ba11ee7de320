import { z } from 'zod'
import { endpoint } from './endpoint'

/** A row of the dashboard's Resources tab. */
export const AdminResourceRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.object({ name: z.string(), slug: z.string() }),
  published: z.boolean(),
  is_featured: z.boolean(),
  downloads: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
})
export type AdminResourceRow = z.infer<typeof AdminResourceRowSchema>

const resourceId = z.object({ id: z.uuid() })

/**
 * Resource management for editors and admins. The resource editor (new and edit forms)
 * adds its endpoints under the same prefix.
 */
export const adminResourcesContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/resources',
    access: 'editor',
    summary:
      'Every resource, published or draft, newest first, with its category; searched by title, a page at a time',
    query: z.object({
      q: z.string().trim().max(200).optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      page_size: z.coerce.number().int().min(1).max(100).default(25),
    }),
    response: z.object({ data: z.array(AdminResourceRowSchema), total: z.number().int() }),
  }),
  setPublished: endpoint({
    method: 'PATCH',
    path: '/admin/resources/:id/published',
    access: 'editor',
    summary: 'Publish or unpublish a resource (recorded in the audit log)',
    params: resourceId,
    body: z.object({ published: z.boolean() }),
    response: z.object({ data: AdminResourceRowSchema }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/resources/:id',
    access: 'editor',
    summary: 'Delete a resource with its files (recorded in the audit log)',
    params: resourceId,
    response: z.object({ data: z.object({ id: z.string() }) }),
  }),
}
