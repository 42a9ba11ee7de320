import { type EditableResource, galleryOfSlug, type ResourceInput } from '@lamplight/contracts'
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { categories, fileAssets, resources, resourceTags, tags } from '../../db/schema'
import { conflict, notFound, validationFailed } from '../../lib/errors'
import { isUniqueViolation } from '../../lib/unique-violation'
import { type DbOrTx, recordAudit } from '../../services/audit'

/** The resource editor's service (issue 13). Every write records its audit entry in its transaction. */

type Input = {
  title: string
  slug: string
  description: string
  category_id: string
  age_range: string | null
  scripture_ref: string | null
  tags: string[]
  is_featured: boolean
  published: boolean
}

export const NO_RESOURCE = 'No such resource.'

export const editorThumbUrl = (id: string, updatedAt: Date) =>
  `/api/admin/resources/${id}/thumbnail?v=${updatedAt.getTime().toString(36)}`

/**
 * Locks a resource's row for the rest of the transaction, so file changes to one resource
 * (positions, the thumbnail) never interleave; null when there is no such resource.
 */
async function lockResource(tx: DbOrTx, resourceId: string) {
  const [row] = await tx
    .select({ id: resources.id, thumbKey: resources.thumbKey })
    .from(resources)
    .where(eq(resources.id, resourceId))
    .for('update')
  return row ?? null
}

export async function editorOptions(db: Db) {
  const [cats, ages, tagRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.name)),
    db
      .selectDistinct({ age: resources.ageRange })
      .from(resources)
      .where(isNotNull(resources.ageRange))
      .orderBy(asc(resources.ageRange)),
    db
      .selectDistinct({ name: tags.name })
      .from(tags)
      .innerJoin(resourceTags, eq(resourceTags.tagId, tags.id)),
  ])
  return {
    categories: cats,
    age_ranges: ages.map((a) => a.age).filter((a): a is string => !!a),
    tags: tagRows.map((t) => t.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  }
}

export async function slugAvailable(db: Db, slug: string, excludeId?: string) {
  const [row] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(excludeId ? and(eq(resources.slug, slug), ne(resources.id, excludeId)) : eq(resources.slug, slug))
  return !row
}

async function filesOf(db: DbOrTx, resourceId: string) {
  return db
    .select({
      id: fileAssets.id,
      filename: fileAssets.filename,
      mime_type: fileAssets.mimeType,
      size_bytes: fileAssets.sizeBytes,
      pages: fileAssets.pages,
      width: fileAssets.width,
      height: fileAssets.height,
      position: fileAssets.position,
      key: fileAssets.storageKey,
    })
    .from(fileAssets)
    .where(eq(fileAssets.resourceId, resourceId))
    .orderBy(asc(fileAssets.position), asc(fileAssets.createdAt), asc(fileAssets.filename))
}

async function tagNames(db: DbOrTx, resourceId: string) {
  const rows = await db
    .select({ name: tags.name })
    .from(resourceTags)
    .innerJoin(tags, eq(tags.id, resourceTags.tagId))
    .where(eq(resourceTags.resourceId, resourceId))
    .orderBy(asc(tags.name))
  return rows.map((r) => r.name)
}

/** A resource as the editor sees it, or null. */
export async function editableResource(db: DbOrTx, id: string): Promise<EditableResource | null> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id))
  if (!row) return null
  const [tagList, files] = await Promise.all([tagNames(db, id), filesOf(db, id)])
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category_id: row.categoryId,
    age_range: row.ageRange,
    scripture_ref: row.scriptureRef,
    tags: tagList,
    is_featured: row.isFeatured,
    published: row.published,
    gallery: galleryOfSlug(row.slug),
    thumb_url: row.thumbKey ? editorThumbUrl(row.id, row.updatedAt) : null,
    updated_at: row.updatedAt.toISOString(),
    files: files.map(({ key: _key, ...f }) => f),
  }
}

/** Snapshot for the audit log: the fields, tags and file names. */
function auditView(r: EditableResource | null) {
  if (!r) return null
  const { files, updated_at: _u, thumb_url: _t, ...rest } = r
  return { ...rest, files: files.map((f) => f.filename) }
}

/**
 * Tags by name, case-insensitively: an existing tag is reused whatever case was typed, a
 * new one is created as typed. Duplicates in the list (in any case) count once.
 */
async function setTags(tx: DbOrTx, resourceId: string, names: string[]) {
  const wanted = new Map<string, string>()
  for (const name of names) if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), name)
  await tx.delete(resourceTags).where(eq(resourceTags.resourceId, resourceId))
  if (wanted.size === 0) return
  const lower = [...wanted.keys()]
  await tx
    .insert(tags)
    .values([...wanted.values()].map((name) => ({ name })))
    .onConflictDoNothing()
  const found = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(sql`lower(${tags.name})`, lower))
  await tx
    .insert(resourceTags)
    .values(found.map((t) => ({ resourceId, tagId: t.id })))
    .onConflictDoNothing()
}

async function assertCategory(tx: DbOrTx, categoryId: string) {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId))
  if (!row)
    throw validationFailed('The request is not valid.', [
      { path: 'category_id', message: 'Choose a category from the list' },
    ])
}

const slugTaken = () => conflict('That slug is already used by another resource. Choose another.')

const columns = (input: Input) => ({
  title: input.title,
  slug: input.slug,
  description: input.description,
  categoryId: input.category_id,
  ageRange: input.age_range,
  scriptureRef: input.scripture_ref,
  isFeatured: input.is_featured,
  published: input.published,
})

export async function createResource(db: Db, actorId: string, input: Input) {
  try {
    return await db.transaction(async (tx) => {
      await assertCategory(tx, input.category_id)
      if (!(await slugAvailableTx(tx, input.slug))) throw slugTaken()
      const [row] = await tx.insert(resources).values(columns(input)).returning({ id: resources.id })
      await setTags(tx, row!.id, input.tags)
      const after = await editableResource(tx, row!.id)
      await recordAudit(tx, {
        actorId,
        action: 'resource.created',
        entity: 'resource',
        entityId: row!.id,
        before: null,
        after: auditView(after),
      })
      return after!
    })
  } catch (error) {
    if (isUniqueViolation(error, 'resources_slug_key')) throw slugTaken()
    throw error
  }
}

async function slugAvailableTx(tx: DbOrTx, slug: string, excludeId?: string) {
  const [row] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(excludeId ? and(eq(resources.slug, slug), ne(resources.id, excludeId)) : eq(resources.slug, slug))
  return !row
}

export async function updateResource(db: Db, actorId: string, id: string, input: Input) {
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockResource(tx, id)
      if (!locked) throw notFound(NO_RESOURCE)
      await assertCategory(tx, input.category_id)
      if (!(await slugAvailableTx(tx, input.slug, id))) throw slugTaken()
      const before = await editableResource(tx, id)
      await tx
        .update(resources)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(eq(resources.id, id))
      await setTags(tx, id, input.tags)
      const after = await editableResource(tx, id)
      await recordAudit(tx, {
        actorId,
        action: 'resource.updated',
        entity: 'resource',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      })
      return after!
    })
  } catch (error) {
    if (isUniqueViolation(error, 'resources_slug_key')) throw slugTaken()
    throw error
  }
}

export type NewFile = {
  key: string
  filename: string
  mime: string
  size: number
  pages: number | null
  width: number | null
  height: number | null
}

/**
 * Records a stored file (and, if given, a new thumbnail made from it when the resource has
 * none). Returns null when the resource is gone (the caller removes the objects), and the
 * thumbnail key that was not used, if any.
 */
export async function addFile(
  db: Db,
  actorId: string,
  resourceId: string,
  file: NewFile,
  thumb: string | null,
) {
  return db.transaction(async (tx) => {
    const row = await lockResource(tx, resourceId)
    if (!row) return null
    const [max] = await tx
      .select({ max: sql<number>`coalesce(max(${fileAssets.position}), -1)` })
      .from(fileAssets)
      .where(eq(fileAssets.resourceId, resourceId))
    const [inserted] = await tx
      .insert(fileAssets)
      .values({
        resourceId,
        storageKey: file.key,
        filename: file.filename,
        mimeType: file.mime,
        sizeBytes: file.size,
        pages: file.pages,
        width: file.width,
        height: file.height,
        position: Number(max?.max ?? -1) + 1,
      })
      .returning({ id: fileAssets.id })
    const usesThumb = !row.thumbKey && thumb !== null
    await tx
      .update(resources)
      .set({ updatedAt: new Date(), ...(usesThumb ? { thumbKey: thumb } : {}) })
      .where(eq(resources.id, resourceId))
    await recordAudit(tx, {
      actorId,
      action: 'resource.file_added',
      entity: 'resource',
      entityId: resourceId,
      before: null,
      after: { file_id: inserted!.id, filename: file.filename, mime_type: file.mime, size_bytes: file.size },
      data: usesThumb ? { thumbnail: 'made from this image' } : undefined,
    })
    return { resource: (await editableResource(tx, resourceId))!, unusedThumb: usesThumb ? null : thumb }
  })
}

/** Removes a file row; returns its storage key for the caller to delete, or null if there is no such file. */
export async function removeFile(db: Db, actorId: string, resourceId: string, fileId: string) {
  return db.transaction(async (tx) => {
    const row = await lockResource(tx, resourceId)
    if (!row) return null
    const [file] = await tx
      .delete(fileAssets)
      .where(and(eq(fileAssets.id, fileId), eq(fileAssets.resourceId, resourceId)))
      .returning()
    if (!file) return null
    await tx.update(resources).set({ updatedAt: new Date() }).where(eq(resources.id, resourceId))
    await recordAudit(tx, {
      actorId,
      action: 'resource.file_removed',
      entity: 'resource',
      entityId: resourceId,
      before: {
        file_id: file.id,
        filename: file.filename,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
      },
      after: null,
    })
    return { key: file.storageKey, resource: (await editableResource(tx, resourceId))! }
  })
}

export async function reorderFiles(db: Db, actorId: string, resourceId: string, fileIds: string[]) {
  return db.transaction(async (tx) => {
    const row = await lockResource(tx, resourceId)
    if (!row) return null
    const before = await filesOf(tx, resourceId)
    const have = new Set(before.map((f) => f.id))
    if (
      new Set(fileIds).size !== fileIds.length ||
      fileIds.length !== have.size ||
      fileIds.some((id) => !have.has(id))
    )
      throw validationFailed('List every file of the resource exactly once.', [
        { path: 'file_ids', message: 'List every file of the resource exactly once' },
      ])
    for (const [position, id] of fileIds.entries())
      await tx.update(fileAssets).set({ position }).where(eq(fileAssets.id, id))
    await tx.update(resources).set({ updatedAt: new Date() }).where(eq(resources.id, resourceId))
    await recordAudit(tx, {
      actorId,
      action: 'resource.files_reordered',
      entity: 'resource',
      entityId: resourceId,
      before: before.map((f) => f.filename),
      after: fileIds.map((id) => before.find((f) => f.id === id)!.filename),
    })
    return (await editableResource(tx, resourceId))!
  })
}

/** Sets a new thumbnail key; returns the old key to delete, or null when the resource is gone. */
export async function replaceThumbnail(db: Db, actorId: string, resourceId: string, key: string) {
  return db.transaction(async (tx) => {
    const row = await lockResource(tx, resourceId)
    if (!row) return null
    await tx
      .update(resources)
      .set({ thumbKey: key, updatedAt: new Date() })
      .where(eq(resources.id, resourceId))
    await recordAudit(tx, {
      actorId,
      action: 'resource.thumbnail_replaced',
      entity: 'resource',
      entityId: resourceId,
      before: { thumbnail: row.thumbKey ? 'an image' : null },
      after: { thumbnail: 'an uploaded image' },
    })
    return { oldKey: row.thumbKey, resource: (await editableResource(tx, resourceId))! }
  })
}

export async function resourceExists(db: Db, id: string) {
  const [row] = await db.select({ id: resources.id }).from(resources).where(eq(resources.id, id))
  return !!row
}

export async function thumbKeyOf(db: Db, id: string) {
  const [row] = await db.select({ key: resources.thumbKey }).from(resources).where(eq(resources.id, id))
  return row?.key ?? null
}

export type { ResourceInput }
