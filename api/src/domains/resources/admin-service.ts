import { ADMIN_LIST_TEXT_LIMIT } from '@lamplight/contracts'
import { count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { categories, fileAssets, resources } from '../../db/schema'
import { clipped, containsPattern } from '../../lib/sql-text'
import { recordAudit } from '../../services/audit'

const rowColumns = {
  id: resources.id,
  slug: resources.slug,
  title: clipped(resources.title, ADMIN_LIST_TEXT_LIMIT),
  category_name: categories.name,
  category_slug: categories.slug,
  published: resources.published,
  is_featured: resources.isFeatured,
  downloads: resources.downloads,
  created_at: resources.createdAt,
}

type Raw = { category_name: string; category_slug: string } & Record<string, unknown>
const toRow = <R extends Raw>({ category_name, category_slug, ...rest }: R) => ({
  ...rest,
  category: { name: category_name, slug: category_slug },
})

/** Every resource, draft or published, newest first; searched by title (trigram index). */
export async function listAdminResources(db: Db, query: { q?: string; page: number; page_size: number }) {
  const where = query.q ? sql`lower(${resources.title}) like ${containsPattern(query.q)}` : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(resources)
      .innerJoin(categories, eq(categories.id, resources.categoryId))
      .where(where)
      .orderBy(desc(resources.createdAt), desc(resources.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(resources).where(where),
  ])
  return { data: rows.map(toRow), total: total?.total ?? 0 }
}

async function resourceRow(db: Db, id: string) {
  const [row] = await db
    .select(rowColumns)
    .from(resources)
    .innerJoin(categories, eq(categories.id, resources.categoryId))
    .where(eq(resources.id, id))
  return row ? toRow(row) : null
}

export async function setPublished(db: Db, actorId: string, id: string, published: boolean) {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ published: resources.published })
      .from(resources)
      .where(eq(resources.id, id))
      .for('update')
    if (!before) return false
    if (before.published === published) return true
    await tx.update(resources).set({ published, updatedAt: new Date() }).where(eq(resources.id, id))
    await recordAudit(tx, {
      actorId,
      action: published ? 'resource.published' : 'resource.unpublished',
      entity: 'resource',
      entityId: id,
      before,
      after: { published },
    })
    return true
  })
  return changed ? resourceRow(db, id) : null
}

/** Deletes the resource and its file rows; returns the storage keys to remove afterwards. */
export async function deleteResource(
  db: Db,
  actorId: string,
  id: string,
): Promise<{ files: string[]; thumb: string | null } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(resources).where(eq(resources.id, id)).for('update')
    if (!before) return null
    const files = await tx
      .select({ key: fileAssets.storageKey, filename: fileAssets.filename })
      .from(fileAssets)
      .where(eq(fileAssets.resourceId, id))
    await tx.delete(resources).where(eq(resources.id, id))
    await recordAudit(tx, {
      actorId,
      action: 'resource.deleted',
      entity: 'resource',
      entityId: id,
      before: { ...before, files: files.map((f) => f.filename) },
      after: null,
    })
    return { files: files.map((f) => f.key), thumb: before.thumbKey }
  })
}
