import {
  COLOURING_COLLECTIONS,
  type Collection,
  GALLERIES,
  GALLERY_KEYS,
  GALLERY_SLUG_PREFIXES,
  isAllAges,
  suitsAge,
} from '@lamplight/contracts'
import { type AnyColumn, and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { categories, fileAssets, resources, resourceTags, tags } from '../../db/schema'
import { spellingVariants } from './spelling'

/** `%text%` for LIKE, with the caller's own wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/**
 * The column contains the search in any of its spellings (colouring or coloring, see
 * ./spelling): an OR of plain LIKEs, each pattern a parameter, which the column's trigram
 * index still serves (one bitmap scan per spelling, OR-ed).
 */
function containsSearch(column: AnyColumn, q: string): SQL {
  const likes = spellingVariants(q).map((variant) => sql`lower(${column}) like ${likePattern(variant)}`)
  return sql`(${sql.join(likes, sql` or `)})`
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
  // In the same statement: a card costs one round trip, not two (issue 18).
  // Aliased and written out: drizzle leaves a single-table select's columns unqualified, so
  // "id" would mean the tag's own id if this select ever lost its join.
  tag_names: sql<string[] | null>`(select array_agg(t.name order by t.name) from ${resourceTags} rt
    join ${tags} t on t.id = rt.tag_id where rt.resource_id = resources.id)`,
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
function toCards(rows: CardRow[]) {
  return rows.map(({ category_name, category_slug, thumb_key, updated_at, tag_names, ...r }) => ({
    ...r,
    category: { name: category_name, slug: category_slug },
    thumb_url: thumbUrl(r.id, thumb_key, updated_at),
    tags: (tag_names ?? []).map((name) => ({ name })),
  }))
}

export type ResourceCard = Awaited<ReturnType<typeof toCards>>[number]

export async function listFeatured(db: Db, limit: number) {
  const rows = await selectCards(db)
    .where(and(eq(resources.published, true), eq(resources.isFeatured, true)))
    .orderBy(desc(resources.createdAt), asc(resources.slug))
    .limit(limit)
  return toCards(rows)
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

export type ResourceFilters = {
  /** A category's slug: null is answered when there is no such category. */
  category?: string
  q?: string
  age?: string
  limit: number
  offset: number
}

type ListedRow = {
  hit_count: number
  id: string | null
  slug: string
  title: string
  description: string
  category_id: string
  category_name: string
  category_slug: string
  downloads: number
  published: boolean
  is_featured: boolean
  thumb_key: string | null
  age_range: string | null
  scripture_ref: string | null
  created_ms: number
  updated_ms: number
  tag_names: string[] | null
}

/** Milliseconds since the epoch, exact (a float8 holds them), the same on both drivers. */
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`

/**
 * Published, non-gallery resources, newest first, filtered in SQL. The matching ids, the
 * page's cards with their category and tags, and how many matched come from one statement
 * (issue 18: they were three round trips). Asks for one row more than the page to know
 * whether another page follows (an exact total would force the database to find every match
 * of a common word). Reads that go first, each only when used, because the planner must see
 * their answers as values: the category by slug, a search's matching tags, the age filter's
 * few distinct stored ranges (decision 011). Folded into the statement as CTEs, they made
 * plans two to five times slower at 100 000 resources (`npm run bench:search -w api`).
 * Null for an unknown category.
 */
export async function listResources(db: Db, filters: ResourceFilters) {
  const r = resources
  const base = [eq(r.published, true), notInGallery]
  let categoryId: string | undefined
  if (filters.category) {
    const category = await findCategory(db, filters.category)
    if (!category) return null
    categoryId = category.id
    base.push(eq(r.categoryId, category.id))
  }
  if (filters.age) {
    const suitable = await suitableAgeRanges(db, filters.age, categoryId)
    base.push(suitable.length ? inArray(r.ageRange, suitable) : sql`false`)
  }
  const where = and(...base)!
  const window = filters.offset + filters.limit + 1
  const hits = filters.q
    ? searchHits(filters.q, where, window, await matchingTagIds(db, filters.q))
    : sql`select ${r.id} as id, ${r.createdAt} as created_at, ${r.slug} as slug
      from ${r} where ${where} order by ${r.createdAt} desc, ${r.slug} limit ${window}`

  const rows = await queryRows<ListedRow>(
    db,
    sql`with hits as (${hits}),
    page as (select id, created_at, slug from hits order by created_at desc, slug offset ${filters.offset} limit ${filters.limit})
    select (select count(*) from hits)::int as hit_count,
      ${r.id} as id, ${r.slug} as slug, ${r.title} as title, ${r.description} as description,
      ${r.categoryId} as category_id, ${categories.name} as category_name, ${categories.slug} as category_slug,
      ${r.downloads} as downloads, ${r.published} as published, ${r.isFeatured} as is_featured,
      ${r.thumbKey} as thumb_key, ${r.ageRange} as age_range, ${r.scriptureRef} as scripture_ref,
      ${epochMs(sql`${r.createdAt}`)} as created_ms, ${epochMs(sql`${r.updatedAt}`)} as updated_ms,
      (select array_agg(${tags.name} order by ${tags.name}) from ${resourceTags}
        join ${tags} on ${tags.id} = ${resourceTags.tagId} where ${resourceTags.resourceId} = ${r.id}) as tag_names
    from (select 1) as one
    left join page on true
    left join ${r} on ${r.id} = page.id
    left join ${categories} on ${categories.id} = ${r.categoryId}
    order by page.created_at desc, page.slug`,
  )
  const first = rows[0]
  const data = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id as string,
      slug: row.slug,
      title: row.title,
      description: row.description,
      category_id: row.category_id,
      downloads: row.downloads,
      published: row.published,
      is_featured: row.is_featured,
      age_range: row.age_range,
      scripture_ref: row.scripture_ref,
      created_at: new Date(row.created_ms),
      category: { name: row.category_name, slug: row.category_slug },
      thumb_url: thumbUrl(row.id as string, row.thumb_key, new Date(row.updated_ms)),
      tags: (row.tag_names ?? []).map((name) => ({ name })),
    }))
  return { data, has_more: (first?.hit_count ?? 0) > filters.offset + filters.limit }
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
 * tag name, a word spelt two ways (colour, color) in either spelling. Each of the three is
 * asked for its own newest matches and the answers merged: a common word is found by walking
 * the newest resources, a rare one through its trigram index (migration 0001), and neither
 * waits for the other. See docs/decisions/008.
 */
function searchHits(q: string, where: SQL, window: number, tagIds: string[]): SQL {
  const branch = (
    match: SQL,
  ) => sql`(select ${resources.id} as id, ${resources.createdAt} as created_at, ${resources.slug} as slug
    from ${resources} where ${where} and ${match}
    order by ${resources.createdAt} desc, ${resources.slug} limit ${window})`
  const branches = [
    branch(containsSearch(resources.title, q)),
    branch(containsSearch(resources.description, q)),
  ]
  if (tagIds.length) {
    branches.push(
      branch(
        sql`exists (select 1 from ${resourceTags} where ${resourceTags.resourceId} = ${resources.id} and ${inArray(resourceTags.tagId, tagIds)})`,
      ),
    )
  }
  return sql`select id, created_at, slug from (${sql.join(branches, sql` union `)}) as found
    order by created_at desc, slug limit ${window}`
}

/** The tags whose name contains the search (case-insensitive, as plain text, either spelling). */
async function matchingTagIds(db: Db, q: string): Promise<string[]> {
  const rows = await db.select({ id: tags.id }).from(tags).where(containsSearch(tags.name, q))
  return rows.map((t) => t.id)
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
  const [card] = toCards(rows)
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
 * any of its published pages (title, description or tag, the same substring and spelling
 * rule as the search). With no search, every collection that has pages.
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
  const spellings = q ? spellingVariants(q) : []
  const tagMap = needle
    ? await tagsFor(
        db,
        rows.map((r) => r.id),
      )
    : new Map<string, { name: string }[]>()
  const contains = (text: string | null | undefined) =>
    !!text && spellings.some((spelling) => text.toLowerCase().includes(spelling))

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
