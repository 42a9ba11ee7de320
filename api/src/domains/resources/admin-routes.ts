import { adminResourcesContract, resourceEditorContract } from '@lamplight/contracts'
import type { Context, MiddlewareHandler } from 'hono'
import { notFound, payloadTooLarge } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { FILE_CSP } from '../../lib/uploads/file-headers'
import { sanitiseFilename } from '../../lib/uploads/inspect'
import { decodeFilenameHeader, receiveUpload, thumbKey, uploadKey } from '../../lib/uploads/receive'
import { deleteSizedThumbnails } from '../../lib/uploads/sized-thumbnail'
import type { AppEnv } from '../../types'
import { deleteResource, listAdminResources, setPublished } from './admin-service'
import {
  addFile,
  createResource,
  editableResource,
  editorOptions,
  NO_RESOURCE,
  removeFile,
  reorderFiles,
  replaceThumbnail,
  resourceExists,
  slugAvailable,
  thumbKeyOf,
  updateResource,
} from './editor-service'

/** Removes stored objects after their rows are gone; a failure is only wasted space, never served. */
async function discard(c: Context<AppEnv>, keys: (string | null | undefined)[]) {
  for (const key of keys) {
    if (!key) continue
    await c
      .get('deps')
      .storage.delete(key)
      .catch((err) => c.get('log').warn({ err, key }, 'could not delete a file'))
  }
}

/** A thumbnail goes with the sized copies the files route made of it (`?w=`). */
async function discardThumbnail(c: Context<AppEnv>, key: string | null | undefined) {
  if (!key) return
  await deleteSizedThumbnails(c.get('deps').storage, key).catch((err) =>
    c.get('log').warn({ err, key }, 'could not delete the sized copies of a thumbnail'),
  )
  await discard(c, [key])
}

/**
 * Uploads: the configured limit (UPLOAD_MAX_BYTES) is counted as the body streams; a body
 * that declares a larger Content-Length is refused before a byte is read.
 */
const refuseDeclaredOversize: MiddlewareHandler<AppEnv> = async (c, next) => {
  const max = c.get('deps').config.uploads.maxBytes
  const declared = Number(c.req.header('content-length') ?? '0')
  if (Number.isFinite(declared) && declared > max) throw payloadTooLarge(tooLargeMessage(max))
  await next()
}
const tooLargeMessage = (max: number) => `The file is larger than ${Math.round(max / (1024 * 1024))} MB.`
const uploadOptions = { bodyLimit: 2 ** 31, middleware: [refuseDeclaredOversize] }

/**
 * Resource management and the resource editor, for editors and admins (each contract
 * declares `editor` access). Static paths come before `/:id` so they are never read as ids.
 */
export const adminResourcesRouter = defineRouter('/admin/resources')
  .handle(adminResourcesContract.list, async ({ c, db, query }) =>
    c.json(await listAdminResources(db, query)),
  )
  .handle(resourceEditorContract.options, async ({ c, db }) => c.json(await editorOptions(db)))
  .handle(resourceEditorContract.slugAvailable, async ({ c, db, query }) =>
    c.json({ slug: query.slug, available: await slugAvailable(db, query.slug, query.exclude_id) }),
  )
  .handle(resourceEditorContract.create, async ({ c, db, body, user }) =>
    c.json({ data: await createResource(db, user.id, body) }, 201),
  )
  .handle(resourceEditorContract.get, async ({ c, db, params }) => {
    const data = await editableResource(db, params.id)
    if (!data) throw notFound(NO_RESOURCE)
    return c.json({ data })
  })
  .handle(resourceEditorContract.update, async ({ c, db, params, body, user }) =>
    c.json({ data: await updateResource(db, user.id, params.id, body) }),
  )
  .handle(adminResourcesContract.setPublished, async ({ c, db, params, body, user }) => {
    const row = await setPublished(db, user.id, params.id, body.published)
    if (!row) throw notFound(NO_RESOURCE)
    return c.json({ data: row })
  })
  .handle(adminResourcesContract.remove, async ({ c, db, params, user }) => {
    const stored = await deleteResource(db, user.id, params.id)
    if (!stored) throw notFound(NO_RESOURCE)
    await discard(c, stored.files)
    await discardThumbnail(c, stored.thumb)
    return c.json({ data: { id: params.id } })
  })
  .handle(resourceEditorContract.uploadFile, uploadOptions, async ({ c, db, deps, params, user }) => {
    // An unknown resource is refused before a byte is read or stored.
    if (!(await resourceExists(db, params.id))) throw notFound(NO_RESOURCE)
    const received = await receiveUpload(deps.storage, c.req.raw.body, {
      maxBytes: deps.config.uploads.maxBytes,
      keyFor: (kind) => uploadKey(params.id, kind),
      thumbnail: true,
    })
    const { inspection } = received
    let thumb: string | null = null
    try {
      if (received.thumbnail) {
        thumb = thumbKey(params.id)
        await deps.storage.put(thumb, received.thumbnail)
      }
      const result = await addFile(
        db,
        user.id,
        params.id,
        {
          key: received.key,
          filename: sanitiseFilename(decodeFilenameHeader(c.req.header('x-filename')), received.kind),
          mime: received.mime,
          size: received.size,
          pages: inspection.kind === 'pdf' ? inspection.pages : null,
          width: inspection.kind === 'pdf' ? null : inspection.width,
          height: inspection.kind === 'pdf' ? null : inspection.height,
        },
        thumb,
      )
      if (!result) throw notFound(NO_RESOURCE)
      await discard(c, [result.unusedThumb])
      return c.json({ data: result.resource }, 201)
    } catch (error) {
      // No row was written: leave no object either.
      await discard(c, [received.key, thumb])
      throw error
    }
  })
  .handle(resourceEditorContract.reorderFiles, async ({ c, db, params, body, user }) => {
    const data = await reorderFiles(db, user.id, params.id, body.file_ids)
    if (!data) throw notFound(NO_RESOURCE)
    return c.json({ data })
  })
  .handle(resourceEditorContract.removeFile, async ({ c, db, params, user }) => {
    const result = await removeFile(db, user.id, params.id, params.fileId)
    if (!result) throw notFound('No such file.')
    await discard(c, [result.key])
    return c.json({ data: result.resource })
  })
  .handle(resourceEditorContract.uploadThumbnail, uploadOptions, async ({ c, db, deps, params, user }) => {
    if (!(await resourceExists(db, params.id))) throw notFound(NO_RESOURCE)
    const received = await receiveUpload(deps.storage, c.req.raw.body, {
      maxBytes: deps.config.uploads.maxBytes,
      keyFor: () => thumbKey(params.id).replace(/\.webp$/, '.upload'),
      kinds: ['png', 'jpeg', 'webp'],
      thumbnail: true,
    })
    // Only the resized copy is kept; the original upload is not served.
    await discard(c, [received.key])
    const key = thumbKey(params.id)
    try {
      await deps.storage.put(key, received.thumbnail!)
      const result = await replaceThumbnail(db, user.id, params.id, key)
      if (!result) throw notFound(NO_RESOURCE)
      await discardThumbnail(c, result.oldKey)
      return c.json({ data: result.resource })
    } catch (error) {
      await discard(c, [key])
      throw error
    }
  })
  .handle(resourceEditorContract.thumbnail, async ({ db, deps, params }) => {
    const key = await thumbKeyOf(db, params.id)
    const file = key ? await deps.storage.get(key) : null
    if (!file) throw notFound('No thumbnail.')
    return new Response(file.body, {
      headers: {
        'Content-Security-Policy': FILE_CSP,
        'Content-Type': key!.endsWith('.png')
          ? 'image/png'
          : key!.endsWith('.jpg')
            ? 'image/jpeg'
            : 'image/webp',
        'Content-Length': String(file.size),
        'Cache-Control': 'private, max-age=3600',
      },
    })
  })
