import { filesContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { currentUser } from '../../middleware/guards'
import { itemCacheKey } from '../../services/public-cache'
import { sizedThumbnail } from '../../services/thumbnails/sized-thumbnail'
import { countDownload, findPublicFile, findPublicThumb } from './queries'

/** `attachment` or `inline`, with the filename both plain (quoted, ASCII) and exact (RFC 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * Resource files. Storage keys come only from the database, never from the request: the
 * id is a UUID looked up in `file_assets`, so no request path reaches the file system.
 */
export const filesRouter = defineRouter('/files')
  .handle(filesContract.thumb, async ({ db, deps, params, query }) => {
    const key = await findPublicThumb(db, params.id)
    const { storage } = deps
    const stored = key ? await storage.get(key) : null
    if (!key || !stored) throw notFound('No thumbnail.')
    // A srcset candidate (?w=): a WebP at that width, made once and kept in storage.
    const sized = query.w ? await sizedThumbnail(storage, key, stored, query.w) : null
    const file = sized ?? (query.w ? await storage.get(key) : stored)
    if (!file) throw notFound('No thumbnail.')
    return new Response(file.body, {
      headers: {
        'Content-Type':
          sized || key.endsWith('.webp') ? 'image/webp' : key.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
        'Content-Length': String(file.size),
        // Thumbnail URLs carry a version (?v=), so a changed thumbnail gets a new URL.
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    })
  })
  .handle(filesContract.inline, async ({ db, deps, params }) => {
    const { storage } = deps
    const asset = await findPublicFile(db, params.id)
    const file = asset ? await storage.get(asset.storageKey) : null
    if (!asset || !file) throw notFound('File not found.')
    return new Response(file.body, {
      headers: {
        'Content-Type': asset.mimeType,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition('inline', asset.filename),
        'Cache-Control': 'public, max-age=3600',
      },
    })
  })
  .handle(filesContract.download, async ({ c, db, deps, params }) => {
    const { storage } = deps
    const asset = await findPublicFile(db, params.id)
    const file = asset ? await storage.get(asset.storageKey) : null
    if (!asset || !file) throw notFound('File not found.')
    // A HEAD fetches nothing; a repeat by the same visitor within a minute is one download.
    if (c.req.method !== 'HEAD') {
      const user = await currentUser(c)
      const counted = await countDownload(
        db,
        asset.resourceId,
        user ? `user:${user.id}` : `ip:${c.get('clientIp')}`,
      )
      // The resource's page shows the count: its cached answer goes (decision 014).
      if (counted) await deps.publicCache.forget('resources', itemCacheKey(asset.resourceSlug))
    }
    return new Response(file.body, {
      headers: {
        'Content-Type': asset.mimeType,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition('attachment', asset.filename),
        'Cache-Control': 'private, no-store',
      },
    })
  })
