import { THUMB_WIDTHS } from '@lamplight/contracts'
import sharp from 'sharp'
import type { FileStorage, StoredFile } from '../../storage'

/**
 * Where a thumbnail's copy at one width is kept. The stored thumbnail's size is part of the
 * key: an upload gets a new key anyway, and a reseeded thumbnail of another size gets new
 * copies instead of stale ones. Widths come from the contract's short list only, so a
 * thumbnail has at most that many copies.
 */
export const sizedThumbKey = (key: string, size: number, width: number) =>
  `derived/${key}.${size}.w${width}.webp`

/**
 * Deletes every sized copy made of the thumbnail stored at `key`. Call it before that
 * thumbnail is deleted or overwritten: the copies' keys hold its size, read here. Nothing
 * to do when it is not there.
 */
export async function deleteSizedThumbnails(storage: FileStorage, key: string): Promise<void> {
  const stored = await storage.get(key)
  if (!stored) return
  await stored.body.cancel()
  await Promise.all(THUMB_WIDTHS.map((width) => storage.delete(sizedThumbKey(key, stored.size, width))))
}

const making = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>()

/**
 * The thumbnail as a WebP at most `width` px wide (never enlarged), made with sharp the
 * first time it is asked for and read from storage after that. Concurrent first requests
 * share one conversion. `original` is the stored thumbnail as just read; its body is
 * consumed or cancelled here. `null` when sharp cannot read it (the caller sends the
 * stored one as it is: a damaged file is not the visitor's error).
 */
export async function sizedThumbnail(
  storage: FileStorage,
  key: string,
  original: StoredFile,
  width: number,
): Promise<StoredFile | null> {
  const sizedKey = sizedThumbKey(key, original.size, width)
  const cached = await storage.get(sizedKey)
  if (cached) {
    await original.body.cancel()
    return cached
  }
  let pending = making.get(sizedKey)
  if (pending) await original.body.cancel()
  else {
    pending = (async () => {
      const bytes = new Uint8Array(await new Response(original.body).arrayBuffer())
      const out: Uint8Array<ArrayBuffer> = new Uint8Array(
        await sharp(bytes, { failOn: 'error' })
          .resize({ width, withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .webp({ quality: 78 })
          .toBuffer()
          .catch(() => new Uint8Array()),
      )
      if (out.byteLength === 0) return null
      await storage.put(sizedKey, out)
      return out
    })().finally(() => making.delete(sizedKey))
    making.set(sizedKey, pending)
  }
  const out = await pending
  if (!out) return null
  return { body: new Blob([out]).stream(), size: out.byteLength }
}
