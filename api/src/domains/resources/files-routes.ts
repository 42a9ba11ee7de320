import { filesContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { clientNetwork } from '../../lib/client-address'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { FILE_CACHE_CONTROL, FILE_CSP } from '../../lib/uploads/file-headers'
import { sizedThumbnail } from '../../lib/uploads/sized-thumbnail'
import { currentUser } from '../../middleware/guards'
import { etagOf, itemCacheKey, matchesEtag } from '../../services/public-cache'
import type { AppEnv } from '../../types'
import { countDownload, findPublicFile, findPublicThumb } from './files-service'

/** `attachment` or `inline`, with the filename both plain (quoted, ASCII) and exact (RFC 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * The validator of a public file (the same key, size and resource version: the same bytes)
 * and its cache headers; `current` when the client's copy is the same (answer 304).
 * Called only after the file was found public, so an unpublished file is a 404, never a 304.
 */
function revalidate(
  c: Context<AppEnv>,
  version: string,
): { headers: Record<string, string>; current: boolean } {
  const etag = etagOf(version)
  return {
    // The file's own policy: the app's security headers keep a handler's (secureHeaders, overwrite: false).
    headers: { ETag: etag, 'Cache-Control': FILE_CACHE_CONTROL, 'Content-Security-Policy': FILE_CSP },
    current: matchesEtag(c.req.header('if-none-match'), etag),
  }
}
const notModified = (headers: Record<string, string>) => new Response(null, { status: 304, headers })

/**
 * Resource files. Storage keys come only from the database, never from the request: the
 * id is a UUID looked up in `file_assets`, so no request path reaches the file system.
 */
export const filesRouter = defineRouter('/files')
  .handle(filesContract.thumb, async ({ c, db, deps, params, query }) => {
    const thumb = await findPublicThumb(db, params.id)
    if (!thumb) throw notFound('No thumbnail.')
    const { key } = thumb
    const cache = revalidate(c, `thumb|${key}|${thumb.updatedAt.toISOString()}|${query.w ?? ''}`)
    if (cache.current) return notModified(cache.headers)
    const { storage } = deps
    const stored = await storage.get(key)
    if (!stored) throw notFound('No thumbnail.')
    // A srcset candidate (?w=): a WebP at that width, made once and kept in storage.
    const sized = query.w ? await sizedThumbnail(storage, key, stored, query.w) : null
    const file = sized ?? (query.w ? await storage.get(key) : stored)
    if (!file) throw notFound('No thumbnail.')
    return new Response(file.body, {
      headers: {
        'Content-Type':
          sized || key.endsWith('.webp') ? 'image/webp' : key.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
        'Content-Length': String(file.size),
        // The URL's version (?v=) changes with the thumbnail, but a shared cache must still
        // not keep it past an unpublish: short and revalidated, like the files.
        ...cache.headers,
      },
    })
  })
  .handle(filesContract.inline, async ({ c, db, deps, params }) => {
    const { storage } = deps
    const asset = await findPublicFile(db, params.id)
    if (!asset) throw notFound('File not found.')
    const cache = revalidate(
      c,
      `file|${asset.storageKey}|${asset.sizeBytes}|${asset.updatedAt.toISOString()}`,
    )
    if (cache.current) return notModified(cache.headers)
    const file = await storage.get(asset.storageKey)
    if (!file) throw notFound('File not found.')
    return new Response(file.body, {
      headers: {
        'Content-Type': asset.mimeType,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition('inline', asset.filename),
        ...cache.headers,
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
        user ? `user:${user.id}` : `ip:${clientNetwork(c.get('clientIp'))}`,
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
        'Content-Security-Policy': FILE_CSP,
      },
    })
  })
