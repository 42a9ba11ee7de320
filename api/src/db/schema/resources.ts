import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps, timestamptzNow, uuidRef } from './columns'

const slugCheck = (name: string, column: unknown) => check(name, sql`${column} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)

export const categories = pgTable(
  'categories',
  {
    id: id(),
    slug: text().notNull().unique('categories_slug_key'),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [slugCheck('categories_slug_check', t.slug)],
)

export const resources = pgTable(
  'resources',
  {
    id: id(),
    slug: text().notNull().unique('resources_slug_key'),
    title: text().notNull(),
    description: text().notNull().default(''),
    categoryId: uuidRef(() => categories.id, 'restrict').notNull(),
    published: boolean().notNull().default(false),
    isFeatured: boolean().notNull().default(false),
    downloads: integer().notNull().default(0),
    ageRange: text(),
    scriptureRef: text(),
    // Storage key of the thumbnail image; the API turns it into a URL.
    thumbKey: text(),
    ...timestamps(),
  },
  (t) => [
    slugCheck('resources_slug_check', t.slug),
    check('resources_downloads_check', sql`${t.downloads} >= 0`),
    index('resources_category_listing_idx').on(t.categoryId, t.published, t.createdAt),
    index('resources_featured_idx').on(t.published, t.isFeatured),
    // Newest-first listings and searches walk this.
    index('resources_created_at_idx').on(t.createdAt),
  ],
)

export const tags = pgTable(
  'tags',
  {
    id: id(),
    name: text().notNull().unique('tags_name_key'),
  },
  // "Bible" and "bible" are one tag: the editor picks the existing one whatever the case.
  (t) => [uniqueIndex('tags_name_lower_key').on(sql`lower(${t.name})`)],
)

export const resourceTags = pgTable(
  'resource_tags',
  {
    resourceId: uuidRef(() => resources.id, 'cascade').notNull(),
    tagId: uuidRef(() => tags.id, 'cascade').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.tagId] }), index('resource_tags_tag_idx').on(t.tagId)],
)

export const fileAssets = pgTable(
  'file_assets',
  {
    id: id(),
    resourceId: uuidRef(() => resources.id, 'cascade').notNull(),
    storageKey: text().notNull().unique('file_assets_storage_key_key'),
    filename: text().notNull(),
    mimeType: text().notNull().default('image/jpeg'),
    sizeBytes: integer().notNull(),
    pages: integer(),
    // Images: their size in pixels (null for PDFs and for files from before the editor).
    width: integer(),
    height: integer(),
    // The editor's order of a resource's files (ties broken by creation time).
    position: integer().notNull().default(0),
    createdAt: timestamptzNow(),
  },
  (t) => [
    check('file_assets_size_check', sql`${t.sizeBytes} >= 0`),
    check('file_assets_pages_check', sql`${t.pages} is null or ${t.pages} >= 1`),
    index('file_assets_resource_idx').on(t.resourceId, t.createdAt),
  ],
)

/**
 * The last counted download of a resource by one client (a user id, or `ip:` and the
 * client address): a repeat within the window is not counted again (issue 9). Old rows
 * are pruned now and then; a row older than the window means nothing.
 */
export const downloadClaims = pgTable(
  'download_claims',
  {
    resourceId: uuidRef(() => resources.id, 'cascade').notNull(),
    client: text().notNull(),
    countedAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceId, t.client] }),
    index('download_claims_counted_at_idx').on(t.countedAt),
  ],
)
