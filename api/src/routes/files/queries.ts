import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { fileAssets, resources } from '../../db/schema'

/** A file of a published resource (unpublished resources' files are not public). */
export async function findPublicFile(db: Db, id: string) {
  const [row] = await db
    .select({
      id: fileAssets.id,
      resourceId: fileAssets.resourceId,
      storageKey: fileAssets.storageKey,
      filename: fileAssets.filename,
      mimeType: fileAssets.mimeType,
    })
    .from(fileAssets)
    .innerJoin(resources, eq(resources.id, fileAssets.resourceId))
    .where(and(eq(fileAssets.id, id), eq(resources.published, true)))
  return row ?? null
}

export async function findPublicThumb(db: Db, resourceId: string) {
  const [row] = await db
    .select({ thumbKey: resources.thumbKey })
    .from(resources)
    .where(and(eq(resources.id, resourceId), eq(resources.published, true)))
  return row?.thumbKey ?? null
}

/** One more download, counted in the database so concurrent downloads never lose one. */
export async function countDownload(db: Db, resourceId: string) {
  await db
    .update(resources)
    .set({ downloads: sql`${resources.downloads} + 1` })
    .where(eq(resources.id, resourceId))
}
