import { randomUUID } from 'node:crypto'
import {
  adminProductsContract,
  catalogContract,
  PRODUCT_ALT_HEADER,
  THUMB_WIDTHS,
  type ThumbWidth,
  UPLOAD_MAX_PIXELS,
} from '@lamplight/contracts'
import type { Context, MiddlewareHandler } from 'hono'
import sharp from 'sharp'
import { ApiError, notFound, payloadTooLarge, validationFailed } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { FILE_CSP } from '../../lib/uploads/file-headers'
import { receiveUpload } from '../../lib/uploads/receive'
import { deleteSizedThumbnails, sizedThumbnail } from '../../lib/uploads/sized-thumbnail'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import { ownsProduct } from '../../services/access'
import { cachedJson } from '../../services/public-cache'
import type { AppDeps, AppEnv } from '../../types'
import { notifyDone, notifyPage } from './notify-page'
import {
  findEditableProduct,
  findImage,
  findPublicProductBySlug,
  findSoldProductBySlug,
  findWatcherProduct,
  listAdminProducts,
  listPublicProducts,
} from './queries'
import {
  actOnNotify,
  addImage,
  type CatalogDeps,
  createProduct,
  removeImage,
  requestNotify,
  updateImages,
  updateProduct,
} from './service'

const NO_PRODUCT = 'No such product.'
const catalogDeps = (deps: AppDeps): CatalogDeps => ({
  db: deps.database.db,
  mailer: deps.mailer,
  publicUrl: deps.config.publicUrl,
})

// Each request mails a stranger's address: a few per client address, so nobody mails a list.
const limitNotify = rateLimit({
  name: 'product-notify',
  limit: 5,
  windowMs: 10 * 60_000,
  message: 'You have asked several times in a short time. Please wait a few minutes and try again.',
})

/** Public catalogue: every product visitors may see, and the "tell me" list. */
export const catalogRouter = defineRouter('/products')
  // The same for everyone: from the public cache (decision 014); admin writes empty it.
  .handle(catalogContract.list, async ({ c, db }) =>
    cachedJson(c, 'catalog', 'list', async () => ({ data: await listPublicProducts(db) })),
  )
  .handle(catalogContract.notifyPage, async ({ c, db, params, query }) => {
    const product = await findWatcherProduct(db, query.token)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.html(notifyPage(params.action, query.token, product))
  })
  .handle(catalogContract.notifyAct, { bodyLimit: 1024 }, async ({ c, db, params, query }) => {
    const product = await actOnNotify(db, params.action, query.token)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.html(notifyDone(params.action, product))
  })
  .handle(catalogContract.product, async ({ c, db, params }) =>
    cachedJson(c, 'catalog', `product:${params.slug}`, async () => {
      const product = await findPublicProductBySlug(db, params.slug)
      if (!product) throw notFound('The requested product is not available')
      return { data: product }
    }),
  )
  // Signed out is simply "no" (not a 401), so a sales page can ask before anyone signs in.
  .handle(catalogContract.access, async ({ c, db, params }) => {
    const product = await findSoldProductBySlug(db, params.slug)
    if (!product) throw notFound('The requested product is not available')
    const user = await currentUser(c)
    const hasAccess = await ownsProduct(db, user, product.id)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ data: { hasAccess } })
  })
  .handle(catalogContract.image, async ({ c, db, deps, params, query }) => {
    const image = await findImage(db, params.slug, params.imageId)
    // A draft's pictures are for admins (the editor's preview) only.
    const draft = image?.status === 'draft'
    if (!image || (draft && (await currentUser(c))?.role !== 'admin')) throw notFound('No such picture.')
    const stored = await deps.storage.get(image.key)
    if (!stored) throw notFound('No such picture.')
    const width = THUMB_WIDTHS.includes(query.w as ThumbWidth) ? (query.w as ThumbWidth) : null
    const file = (width ? await sizedThumbnail(deps.storage, image.key, stored, width) : null) ?? stored
    return new Response(width && file === stored ? null : file.body, {
      headers: {
        'Content-Security-Policy': FILE_CSP,
        'Content-Type': 'image/webp',
        'Content-Length': String(file.size),
        // A picture's bytes never change under its id (a new upload is a new id).
        'Cache-Control': draft ? 'private, no-store' : 'public, max-age=31536000, immutable',
      },
    })
  })
  .handle(catalogContract.notify, { middleware: [limitNotify] }, async ({ c, deps, params, body }) => {
    const outcome = await requestNotify(catalogDeps(deps), params.slug, body.email)
    if (outcome === 'not_found') throw notFound('The requested product is not available')
    if (outcome === 'on_sale')
      throw validationFailed('This box is on sale now: you can order it straight away.', [
        { path: 'email', message: 'This box is on sale now: you can order it straight away.' },
      ])
    return c.json({ data: { sent: true as const } }, 202)
  })

/** The upload limit is counted as the body streams; a larger declared body is refused first. */
const refuseDeclaredOversize: MiddlewareHandler<AppEnv> = async (c, next) => {
  const max = c.get('deps').config.uploads.maxBytes
  const declared = Number(c.req.header('content-length') ?? '0')
  if (Number.isFinite(declared) && declared > max)
    throw payloadTooLarge(`The picture is larger than ${Math.round(max / (1024 * 1024))} MB.`)
  await next()
}

/** The largest picture kept: enough for a product page on a wide screen at 2x. */
const PICTURE_MAX = 1600

async function discard(c: Context<AppEnv>, key: string) {
  await c
    .get('deps')
    .storage.delete(key)
    .catch((err) => c.get('log').warn({ err, key }, 'could not delete a file'))
}

function altFrom(header: string | undefined): string {
  let alt = ''
  try {
    alt = decodeURIComponent(header ?? '')
  } catch {
    alt = header ?? ''
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (NUL included) are never alt text
  alt = alt.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  if (!alt)
    throw validationFailed('Describe the picture (alt text is required).', [
      { path: 'alt', message: 'Describe the picture (alt text is required).' },
    ])
  if (alt.length > 300)
    throw validationFailed('Alt text must be at most 300 characters.', [
      { path: 'alt', message: 'Alt text must be at most 300 characters.' },
    ])
  return alt
}

/** Product management for admins (issue 31). Every write is audited and empties the public cache. */
export const adminProductsRouter = defineRouter('/admin/products')
  .handle(adminProductsContract.list, async ({ c, db, query }) =>
    c.json({
      data: await listAdminProducts(db, {
        q: query.q,
        status: query.status,
        category: query.category,
        lowStock: query.low_stock === undefined ? undefined : query.low_stock === 'true',
      }),
    }),
  )
  .handle(adminProductsContract.create, async ({ c, deps, body, user }) =>
    c.json({ data: await createProduct(catalogDeps(deps), user.id, body) }, 201),
  )
  .handle(adminProductsContract.get, async ({ c, db, params }) => {
    const data = await findEditableProduct(db, params.id)
    if (!data) throw notFound(NO_PRODUCT)
    return c.json({ data })
  })
  .handle(adminProductsContract.update, async ({ c, deps, params, body, user }) => {
    const data = await updateProduct(catalogDeps(deps), user.id, params.id, body)
    if (!data) throw notFound(NO_PRODUCT)
    return c.json({ data })
  })
  .handle(
    adminProductsContract.uploadImage,
    { bodyLimit: 2 ** 31, middleware: [refuseDeclaredOversize] },
    async ({ c, db, deps, params, user }) => {
      // The alt text is checked before a byte of the picture is read.
      const alt = altFrom(c.req.header(PRODUCT_ALT_HEADER))
      if (!(await findEditableProduct(db, params.id))) throw notFound(NO_PRODUCT)
      const received = await receiveUpload(deps.storage, c.req.raw.body, {
        maxBytes: deps.config.uploads.maxBytes,
        keyFor: () => `products/${params.id}/${randomUUID()}.upload`,
        kinds: ['png', 'jpeg', 'webp'],
      }).catch((error: unknown) => {
        // Not a picture, too large, unreadable: said on the form's file field.
        if (error instanceof ApiError && error.status !== 500)
          throw new ApiError(error.status, error.code, error.message, [
            { path: 'file', message: error.message },
          ])
        throw error
      })
      const key = `products/${params.id}/${randomUUID()}.webp`
      try {
        // Made on the server: the upload itself is never served, only this WebP of it.
        const original = await deps.storage.get(received.key)
        if (!original) throw new Error('stored upload vanished')
        const bytes = new Uint8Array(await new Response(original.body).arrayBuffer())
        const { data, info } = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: PICTURE_MAX, height: PICTURE_MAX, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true })
          .catch(() => {
            throw new ApiError(422, 'unprocessable', 'The picture could not be read.')
          })
        await deps.storage.put(key, new Uint8Array(data))
        const product = await addImage(db, user.id, params.id, {
          key,
          alt,
          width: info.width,
          height: info.height,
          size: data.byteLength,
        })
        if (!product) throw notFound(NO_PRODUCT)
        return c.json({ data: product }, 201)
      } catch (error) {
        await discard(c, key)
        throw error
      } finally {
        await discard(c, received.key)
      }
    },
  )
  .handle(adminProductsContract.updateImages, async ({ c, db, params, body, user }) => {
    const data = await updateImages(db, user.id, params.id, body.images)
    if (!data) throw notFound(NO_PRODUCT)
    return c.json({ data })
  })
  .handle(adminProductsContract.removeImage, async ({ c, db, deps, params, user }) => {
    const removed = await removeImage(db, user.id, params.id, params.imageId)
    if (!removed?.product) throw notFound('No such picture.')
    await deleteSizedThumbnails(deps.storage, removed.key).catch(() => {})
    await discard(c, removed.key)
    return c.json({ data: removed.product })
  })
