import { Hono } from 'hono'
import { z } from 'zod'
import { notFound } from '../../lib/errors'
import { validate } from '../../middleware/validate'
import type { AppEnv } from '../../types'
import { countDownload, findPublicFile, findPublicThumb } from './queries'

const IdParam = z.object({ id: z.string().uuid('Not a file id') })

/** `attachment` or `inline`, with the filename both plain (quoted, ASCII) and exact (RFC 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * Resource files. Storage keys come only from the database, never from the request: the
 * id is a UUID looked up in `file_assets`, so no request path reaches the file system.
 */
export const filesRouter = new Hono<AppEnv>()
  .get('/files/thumbs/:id', validate('param', IdParam), async (c) => {
    const { database, storage } = c.get('deps')
    const key = await findPublicThumb(database.db, c.req.valid('param').id)
    const file = key ? await storage.get(key) : null
    if (!key || !file) throw notFound('No thumbnail.')
    return new Response(file.body, {
      headers: {
        'Content-Type': key.endsWith('.webp')
          ? 'image/webp'
          : key.endsWith('.jpg')
            ? 'image/jpeg'
            : 'image/png',
        'Content-Length': String(file.size),
        // Thumbnail URLs carry a version (?v=), so a changed thumbnail gets a new URL.
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    })
  })
  .get('/files/:id', validate('param', IdParam), async (c) => {
    const { database, storage } = c.get('deps')
    const asset = await findPublicFile(database.db, c.req.valid('param').id)
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
  .get('/files/:id/download', validate('param', IdParam), async (c) => {
    const { database, storage } = c.get('deps')
    const asset = await findPublicFile(database.db, c.req.valid('param').id)
    const file = asset ? await storage.get(asset.storageKey) : null
    if (!asset || !file) throw notFound('File not found.')
    await countDownload(database.db, asset.resourceId)
    return new Response(file.body, {
      headers: {
        'Content-Type': asset.mimeType,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition('attachment', asset.filename),
        'Cache-Control': 'private, no-store',
      },
    })
  })
