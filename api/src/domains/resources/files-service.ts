import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { downloadClaims, fileAssets, resources } from '../../db/schema'
import { countInsight } from '../insights/service'

/** A file of a published resource (unpublished resources' files are not public). */
export async function findPublicFile(db: Db, id: string) {
  const [row] = await db
    .select({
      id: fileAssets.id,
      resourceId: fileAssets.resourceId,
      resourceSlug: resources.slug,
      storageKey: fileAssets.storageKey,
      filename: fileAssets.filename,
      mimeType: fileAssets.mimeType,
      sizeBytes: fileAssets.sizeBytes,
      // Moves on when the seed regenerates a file in place (same key, new bytes).
      updatedAt: resources.updatedAt,
    })
    .from(fileAssets)
    .innerJoin(resources, eq(resources.id, fileAssets.resourceId))
    .where(and(eq(fileAssets.id, id), eq(resources.published, true)))
  return row ?? null
}

export async function findPublicThumb(db: Db, resourceId: string) {
  const [row] = await db
    .select({ key: resources.thumbKey, updatedAt: resources.updatedAt })
    .from(resources)
    .where(and(eq(resources.id, resourceId), eq(resources.published, true)))
  return row?.key ? { key: row.key, updatedAt: row.updatedAt } : null
}

/** Repeats by one client within this many seconds count as one download. */
export const DOWNLOAD_REPEAT_WINDOW_SECONDS = 60

/**
 * One more download, unless this client's last one of this resource was counted within
 * the window. Decided in the database (an upsert that only moves `counted_at` once the
 * window has passed, its row locked for concurrent repeats), so replicas agree and
 * concurrent downloads by different clients never lose one.
 */
export async function countDownload(db: Db, resourceId: string, client: string): Promise<boolean> {
  const counted = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(downloadClaims)
      .values({ resourceId, client })
      .onConflictDoUpdate({
        target: [downloadClaims.resourceId, downloadClaims.client],
        set: { countedAt: sql`now()` },
        setWhere: sql`${downloadClaims.countedAt} <= now() - make_interval(secs => ${DOWNLOAD_REPEAT_WINDOW_SECONDS})`,
      })
      .returning({ resourceId: downloadClaims.resourceId })
    if (!claimed.length) return false
    await tx
      .update(resources)
      .set({ downloads: sql`${resources.downloads} + 1` })
      .where(eq(resources.id, resourceId))
    await countInsight(tx, 'download', resourceId)
    return true
  })
  // Now and then, forget claims long past their window.
  if (Math.random() < 0.01)
    await db.delete(downloadClaims).where(lt(downloadClaims.countedAt, sql`now() - interval '1 hour'`))
  return counted
}
