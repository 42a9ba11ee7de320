import {
  COLOURING_COLLECTIONS,
  type Collection,
  GALLERIES,
  GALLERY_KEYS,
  GALLERY_SLUG_PREFIXES,
  isAllAges,
  suitsAge,
} from '@lamplight/contracts'
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { categories, fileAssets, resources, resourceTags, tags } from '../../db/schema'

/** `%text%` for LIKE, with the caller's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/** Not one of the colouring-gallery resources, which appear only in their galleries. */
const notInGallery = and(
  ...GALLERY_SLUG_PREFIXES.map((prefix) => sql`${resources.slug} not like ${`${prefix}%`}`),
)

export const thumbUrl = (id: string, key: string | null, updatedAt: Date) =>
  key ? `/api/files/thumbs/${id}?v=${updatedAt.getTime().toString(36)}` : null

const cardColumns = {
  id: resources.id,
  slug: resources.slug,
  title: resources.title,
  description: resources.description,
  category_id: resources.categoryId,
  category_name: categories.name,
  category_slug: categories.slug,
  downloads: resources.downloads,
  published: resources.published,
  is_featured: resources.isFeatured,
  thumb_key: resources.thumbKey,
  age_range: resources.ageRange,
  scripture_ref: resources.scriptureRef,
  created_at: resources.createdAt,
  updated_at: resources.updatedAt,
}

const selectCards = (db: Db) =>
  db
    .select(cardColumns)
    .from(resources)
    .innerJoin(categories, eq(categories.id, resources.categoryId))
    .$dynamic()

type CardRow = Awaited<ReturnType<typeof selectCards>>[number]

async function tagsFor(db: Db, ids: string[]): Promise<Map<string, { name: string }[]>> {
  const byResource = new Map<string, { name: string }[]>()
  if (!ids.length) return byResource
  const rows = await db
    .select({ resourceId: resourceTags.resourceId, name: tags.name })
    .from(resourceTags)
    .innerJoin(tags, eq(tags.id, resourceTags.tagId))
    .where(inArray(resourceTags.resourceId, ids))
    .orderBy(asc(tags.name))
  for (const row of rows)
    byResource.set(row.resourceId, [...(byResource.get(row.resourceId) ?? []), { name: row.name }])
  return byResource
}

/** The spec's Resource shape, as the resource screens read it. */
async function toCards(db: Db, rows: CardRow[]) {
  const tagMap = await tagsFor(
    db,
    rows.map((r) => r.id),
  )
  return rows.map(({ category_name, category_slug, thumb_key, updated_at, ...r }) => ({
    ...r,
    category: { name: category_name, slug: category_slug },
    thumb_url: thumbUrl(r.id, thumb_key, updated_at),
    tags: tagMap.get(r.id) ?? [],
  }))
}

export type ResourceCard = Awaited<ReturnType<typeof toCards>>[number]

export async function listFeatured(db: Db, limit: number) {
  const rows = await selectCards(db)
    .where(and(eq(resources.published, true), eq(resources.isFeatured, true)))
    .orderBy(desc(resources.createdAt), asc(resources.slug))
    .limit(limit)
  return toCards(db, rows)
}

export async function findCategory(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .where(eq(categories.slug, slug))
  return row ?? null
}

export type ResourceFilters = { categoryId?: string; q?: string; age?: string; limit: number; offset: number }

/**
 * Published, non-gallery resources, newest first, filtered in SQL. Asks for one row more
 * than the page to know whether another page follows (an exact total would force the
 * database to find every match of a common word).
 */
export async function listResources(db: Db, filters: ResourceFilters) {
  const base = [eq(resources.published, true), notInGallery]
  if (filters.categoryId) base.push(eq(resources.categoryId, filters.categoryId))
  if (filters.age) {
    const suitable = await suitableAgeRanges(db, filters.age, filters.categoryId)
    base.push(suitable.length ? inArray(resources.ageRange, suitable) : sql`false`)
  }
  const window = filters.offset + filters.limit + 1

  let ids: string[]
  if (filters.q) {
    ids = await searchIds(db, filters.q, and(...base)!, window)
  } else {
    const rows = await db
      .select({ id: resources.id })
      .from(resources)
      .where(and(...base))
      .orderBy(desc(resources.createdAt), asc(resources.slug))
      .limit(window)
    ids = rows.map((r) => r.id)
  }
  const pageIds = ids.slice(filters.offset, filters.offset + filters.limit)
  const rows = pageIds.length ? await selectCards(db).where(inArray(resources.id, pageIds)) : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  const ordered = pageIds.map((id) => byId.get(id)).filter((r): r is CardRow => !!r)
  return { data: await toCards(db, ordered), has_more: ids.length > filters.offset + filters.limit }
}

/**
 * The stored age ranges that suit the chosen one (overlapping, or for all ages; decision
 * 011). There are only a handful of distinct values, so the rule runs in TypeScript and
 * the listing filters with a plain IN, keeping the search's indexes in play.
 */
async function suitableAgeRanges(db: Db, age: string, categoryId?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ age: resources.ageRange })
    .from(resources)
    .where(
      and(
        eq(resources.published, true),
        isNotNull(resources.ageRange),
        categoryId ? eq(resources.categoryId, categoryId) : undefined,
      ),
    )
  return rows.map((r) => r.age).filter((stored): stored is string => !!stored && suitsAge(age, stored))
}

/**
 * The spec's search: a case-insensitive substring of the title, the description or any
 * tag name. Each of the three is asked for its own newest matches and the answers merged:
 * a common word is found by walking the newest resources, a rare one through its trigram
 * index (migration 0001), and neither waits for the other. See docs/decisions/008.
 */
async function searchIds(db: Db, q: string, where: SQL, window: number): Promise<string[]> {
  const pattern = likePattern(q)
  const tagIds = (
    await db.select({ id: tags.id }).from(tags).where(sql`lower(${tags.name}) like ${pattern}`)
  ).map((t) => t.id)
  const branch = (
    match: SQL,
  ) => sql`(select ${resources.id} as id, ${resources.createdAt} as created_at, ${resources.slug} as slug
    from ${resources} where ${where} and ${match}
    order by ${resources.createdAt} desc, ${resources.slug} limit ${window})`
  const branches = [
    branch(sql`lower(${resources.title}) like ${pattern}`),
    branch(sql`lower(${resources.description}) like ${pattern}`),
  ]
  if (tagIds.length) {
    branches.push(
      branch(
        sql`exists (select 1 from ${resourceTags} where ${resourceTags.resourceId} = ${resources.id} and ${inArray(resourceTags.tagId, tagIds)})`,
      ),
    )
  }
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from (${sql.join(branches, sql` union `)}) as hits order by created_at desc, slug limit ${window}`,
  )
  return rows.map((r) => r.id)
}

/**
 * The age ranges present among a category's listed resources: the age filter's options.
 * "All Ages" is left out: the filter's own first choice says it, and all-ages resources
 * appear under every choice (decision 011).
 */
export async function listAgeRanges(db: Db, categoryId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ age: resources.ageRange })
    .from(resources)
    .where(
      and(
        eq(resources.categoryId, categoryId),
        eq(resources.published, true),
        notInGallery,
        isNotNull(resources.ageRange),
      ),
    )
    .orderBy(asc(resources.ageRange))
  return rows.map((r) => r.age).filter((a): a is string => !!a && !isAllAges(a))
}

/** Categories by name with how many published resources each lists (gallery pages are counted in their galleries). */
export async function listCategoriesWithCounts(db: Db) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      resourceCount: sql<number>`cast(count(${resources.id}) as integer)`,
    })
    .from(categories)
    .leftJoin(
      resources,
      and(eq(resources.categoryId, categories.id), eq(resources.published, true), notInGallery),
    )
    .groupBy(categories.id)
    .orderBy(asc(categories.name))
}

export async function findPublishedResource(db: Db, slug: string) {
  const rows = await selectCards(db).where(and(eq(resources.slug, slug), eq(resources.published, true)))
  const [card] = await toCards(db, rows)
  if (!card) return null
  return { ...card, files: await listFiles(db, card.id) }
}

export const fileUrl = (id: string) => `/api/files/${id}`
export const downloadUrl = (id: string) => `/api/files/${id}/download`

/** A resource's files, oldest first (the first is the one the print view's Download offers). */
export async function listFiles(db: Db, resourceId: string) {
  const rows = await db
    .select({
      id: fileAssets.id,
      resource_id: fileAssets.resourceId,
      filename: fileAssets.filename,
      mime_type: fileAssets.mimeType,
      size_bytes: fileAssets.sizeBytes,
      pages: fileAssets.pages,
      created_at: fileAssets.createdAt,
    })
    .from(fileAssets)
    .where(eq(fileAssets.resourceId, resourceId))
    .orderBy(asc(fileAssets.position), asc(fileAssets.createdAt), asc(fileAssets.filename))
  return rows.map((f) => ({ ...f, url: fileUrl(f.id), download_url: downloadUrl(f.id) }))
}

/**
 * A colouring gallery: published resources whose slug starts with the prefix, by slug,
 * each with its first file; resources with no file are left out.
 */
export async function listGallery(db: Db, prefix: string) {
  const first = db
    .selectDistinctOn([fileAssets.resourceId], {
      resourceId: fileAssets.resourceId,
      id: fileAssets.id,
      filename: fileAssets.filename,
      mimeType: fileAssets.mimeType,
    })
    .from(fileAssets)
    .orderBy(
      fileAssets.resourceId,
      asc(fileAssets.position),
      asc(fileAssets.createdAt),
      asc(fileAssets.filename),
    )
    .as('first_file')
  const rows = await db
    .select({
      id: resources.id,
      slug: resources.slug,
      title: resources.title,
      thumbKey: resources.thumbKey,
      updatedAt: resources.updatedAt,
      fileId: first.id,
      filename: first.filename,
      mimeType: first.mimeType,
    })
    .from(resources)
    .innerJoin(first, eq(first.resourceId, resources.id))
    .where(and(eq(resources.published, true), sql`${resources.slug} like ${`${prefix}%`}`))
    .orderBy(asc(resources.slug))
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    thumbnail: thumbUrl(r.id, r.thumbKey, r.updatedAt) ?? '',
    file_id: r.fileId,
    file_url: fileUrl(r.fileId),
    download_url: downloadUrl(r.fileId),
    filename: r.filename,
    mime_type: r.mimeType || 'image/jpeg',
  }))
}

/**
 * The colouring collections a search leads to. Their pages are left out of listings and
 * search results (spec, section 5), so without this "noah" found nothing although a whole
 * Noah's Ark collection exists. A collection is found by its own name and keywords, or by
 * any of its published pages (title, description or tag, the same substring rule as the
 * search). With no search, every collection that has pages.
 */
export async function searchCollections(db: Db, q?: string): Promise<Collection[]> {
  const rows = await db
    .select({
      id: resources.id,
      slug: resources.slug,
      title: resources.title,
      description: resources.description,
      thumbKey: resources.thumbKey,
      updatedAt: resources.updatedAt,
    })
    .from(resources)
    .where(
      and(
        eq(resources.published, true),
        sql`(${sql.join(
          GALLERY_SLUG_PREFIXES.map((prefix) => sql`${resources.slug} like ${`${prefix}%`}`),
          sql` or `,
        )})`,
        // As in the gallery itself: a page without a file is not shown there.
        sql`exists (select 1 from ${fileAssets} where ${fileAssets.resourceId} = ${resources.id})`,
      ),
    )
    .orderBy(asc(resources.slug))
  const needle = q?.toLowerCase()
  const tagMap = needle
    ? await tagsFor(
        db,
        rows.map((r) => r.id),
      )
    : new Map<string, { name: string }[]>()
  const contains = (text: string | null | undefined) =>
    !!needle && !!text && text.toLowerCase().includes(needle)

  const found: Collection[] = []
  for (const gallery of GALLERY_KEYS) {
    const pages = rows.filter((r) => r.slug.startsWith(GALLERIES[gallery]))
    if (!pages.length) continue
    const info = COLOURING_COLLECTIONS[gallery]
    const matching = needle
      ? pages.filter(
          (p) =>
            contains(p.title) ||
            contains(p.description) ||
            (tagMap.get(p.id) ?? []).some((t) => contains(t.name)),
        )
      : []
    const itselfMatches = !needle || contains(info.title) || contains(info.keywords)
    if (!itselfMatches && !matching.length) continue
    const coverPage = [...matching, ...pages].find((p) => p.thumbKey)
    found.push({
      gallery,
      title: info.title,
      path: info.path,
      page_count: pages.length,
      cover: coverPage ? (thumbUrl(coverPage.id, coverPage.thumbKey, coverPage.updatedAt) ?? '') : '',
      matches: matching.slice(0, 3).map((p) => p.title),
    })
  }
  return found
}
