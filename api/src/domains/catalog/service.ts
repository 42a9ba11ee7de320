import { randomBytes, randomUUID } from 'node:crypto'
import type { ProductInputSchema } from '@lamplight/contracts'
import type { z } from 'zod'
import type { Db, DbOrTx } from '../../db/client'
import { validationFailed } from '../../lib/errors'
import { isUniqueViolation } from '../../lib/unique-violation'
import type { Mailer } from '../../mail'
import { recordAudit } from '../../services/audit'
import { watchConfirmMail, watchReadyMail } from './mails'
import {
  availabilityOf,
  confirmWatcher,
  deleteImage,
  deleteWatcher,
  findEditableProduct,
  findListedProduct,
  findOpenWatcher,
  findWatcherByToken,
  imageRows,
  insertImage,
  insertProduct,
  insertWatcher,
  lockProduct,
  markWatchersNotified,
  productIdHolding,
  productNameAndSlug,
  updateImage,
  updateProductRow,
} from './queries'

/**
 * The catalogue's writes (issue 31): each one transaction with its audit entry. A product
 * that becomes buyable (on sale, or back in stock) mails its confirmed watchers once, from
 * the same transaction through the outbox.
 */
type Input = z.output<typeof ProductInputSchema>
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type CatalogDeps = { db: Db; mailer: Mailer; publicUrl: string }

const onField = (path: string, message: string) => validationFailed(message, [{ path, message }])
const slugTaken = () => onField('slug', 'That slug is already used by another product. Choose another.')
const skuTaken = () => onField('sku', 'That SKU is already used by another product.')

const columns = (input: Input) => ({
  name: input.name,
  slug: input.slug,
  tagline: input.tagline,
  description: input.description,
  category: input.category,
  priceCents: input.price_cents,
  compareAtCents: input.compare_at_cents,
  status: input.status,
  stock: input.stock,
  lowStockThreshold: input.low_stock_threshold,
  featured: input.featured,
  featuredOrder: input.featured_order,
  facts: input.facts,
  sku: input.sku,
})

async function assertFree(tx: DbOrTx, input: Input, excludeId?: string) {
  if (await productIdHolding(tx, 'slug', input.slug, excludeId)) throw slugTaken()
  if (input.sku && (await productIdHolding(tx, 'sku', input.sku, excludeId))) throw skuTaken()
}

/** A taken slug or SKU found by the database (two saves at once) says so on its field too. */
function translate(error: unknown): never {
  if (isUniqueViolation(error, 'products_slug_key')) throw slugTaken()
  if (isUniqueViolation(error, 'products_sku_key')) throw skuTaken()
  throw error
}

export async function createProduct(deps: CatalogDeps, actorId: string, input: Input) {
  try {
    const created = await deps.db.transaction(async (tx) => {
      await assertFree(tx, input)
      const id = await insertProduct(tx, columns(input))
      const after = await findEditableProduct(tx as unknown as Db, id)
      await recordAudit(tx, {
        actorId,
        action: 'product.created',
        entity: 'product',
        entityId: id,
        before: null,
        after: { ...after, images: undefined },
      })
      return after!
    })
    return created
  } catch (error) {
    translate(error)
  }
}

/**
 * Saves a product. Orders keep the amount they were made at (their own `amount_cents`), so
 * a new price changes what the next buyer pays and nothing else.
 */
export async function updateProduct(deps: CatalogDeps, actorId: string, id: string, input: Input) {
  let mailed = 0
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const current = await lockProduct(tx, id)
      if (!current) return null
      await assertFree(tx, input, id)
      const before = await findEditableProduct(tx as unknown as Db, id)
      await updateProductRow(tx, id, columns(input))
      const after = await findEditableProduct(tx as unknown as Db, id)
      await recordAudit(tx, {
        actorId,
        action: 'product.updated',
        entity: 'product',
        entityId: id,
        before: { ...before, images: undefined },
        after: { ...after, images: undefined },
      })
      if (availabilityOf(current) !== 'on_sale' && availabilityOf(input) === 'on_sale')
        mailed = await mailWatchers(deps, tx, id)
      return after
    })
    if (mailed) deps.mailer.wake()
    return updated
  } catch (error) {
    translate(error)
  }
}

/**
 * Mails every confirmed watcher of a product that just became buyable, once: the rows are
 * marked in the same transaction that queues the mails, so a second opening mails nobody twice.
 */
export async function mailWatchers(
  deps: Omit<CatalogDeps, 'db'>,
  tx: Tx,
  productId: string,
): Promise<number> {
  const due = await markWatchersNotified(tx, productId)
  if (!due.length) return 0
  const product = await productNameAndSlug(tx, productId)
  for (const watcher of due)
    await deps.mailer.send(
      await watchReadyMail({
        to: watcher.email,
        product: product!.name,
        productUrl: `${deps.publicUrl}${productPath(product!.slug)}`,
        unsubscribeUrl: notifyUrl(deps.publicUrl, 'unsubscribe', watcher.token),
      }),
      { transaction: tx as unknown as Db },
    )
  return due.length
}

/** The product's own page: the Scroll keeps its address of the spec. */
export const productPath = (slug: string) =>
  slug === 'scroll-of-antioch' ? '/scroll-of-antioch' : `/experiences/${slug}`

export const notifyUrl = (publicUrl: string, action: 'confirm' | 'unsubscribe', token: string) =>
  `${publicUrl}/api/products/notify/${action}?token=${encodeURIComponent(token)}`

/**
 * "Tell me when it's ready": records the address unconfirmed and mails it a confirmation
 * link. Asked again, the same row is kept and the link sent again (rate-limited per client
 * by the route). Only a coming-soon or sold-out product takes requests.
 */
export async function requestNotify(
  deps: CatalogDeps,
  slug: string,
  email: string,
): Promise<'sent' | 'not_found' | 'on_sale'> {
  const outcome = await deps.db.transaction(async (tx) => {
    const product = await findListedProduct(tx, slug)
    if (!product) return 'not_found' as const
    if (availabilityOf(product) === 'on_sale') return 'on_sale' as const
    const existing = await findOpenWatcher(tx, product.id, email)
    // A confirmed address is on the list already: nothing to mail (and nothing to tell the asker).
    if (existing?.confirmedAt) return 'sent' as const
    const token = existing?.token ?? randomBytes(24).toString('base64url')
    if (!existing) await insertWatcher(tx, { id: randomUUID(), productId: product.id, email, token })
    await deps.mailer.send(
      await watchConfirmMail({
        to: email,
        product: product.name,
        confirmUrl: notifyUrl(deps.publicUrl, 'confirm', token),
      }),
      { transaction: tx as unknown as Db },
    )
    return 'sent' as const
  })
  if (outcome === 'sent') deps.mailer.wake()
  return outcome
}

/** Confirms (or forgets) the request of a mailed token; the product's name, or null for an unknown token. */
export async function actOnNotify(db: Db, action: 'confirm' | 'unsubscribe', token: string) {
  const row = await findWatcherByToken(db, token)
  if (!row) return null
  if (action === 'confirm') await confirmWatcher(db, row.id)
  else await deleteWatcher(db, row.id)
  return row.product
}

// ---- pictures ----------------------------------------------------------------------------

export async function addImage(
  db: Db,
  actorId: string,
  productId: string,
  image: { key: string; alt: string; width: number; height: number; size: number },
) {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId)
    if (!product) return null
    const existing = await imageRows(tx, productId)
    const position = existing.reduce((max, row) => Math.max(max, row.position + 1), 0)
    const imageId = await insertImage(tx, { productId, position, ...image })
    await updateProductRow(tx, productId, {})
    await recordAudit(tx, {
      actorId,
      action: 'product.image_added',
      entity: 'product',
      entityId: productId,
      before: null,
      after: { imageId, alt: image.alt, width: image.width, height: image.height },
    })
    return findEditableProduct(tx as unknown as Db, productId)
  })
}

/** Puts the pictures in the given order with the given alt texts: every picture of the product exactly once. */
export async function updateImages(
  db: Db,
  actorId: string,
  productId: string,
  images: { id: string; alt: string }[],
) {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId)
    if (!product) return null
    const current = await imageRows(tx, productId)
    const ids = new Set(images.map((i) => i.id))
    if (ids.size !== images.length || ids.size !== current.length || current.some((row) => !ids.has(row.id)))
      throw onField('images', 'List every picture of this product exactly once.')
    for (const [position, image] of images.entries())
      await updateImage(tx, productId, image.id, { position, alt: image.alt })
    await updateProductRow(tx, productId, {})
    await recordAudit(tx, {
      actorId,
      action: 'product.images_updated',
      entity: 'product',
      entityId: productId,
      before: current.sort((a, b) => a.position - b.position).map(({ id, alt }) => ({ id, alt })),
      after: images,
    })
    return findEditableProduct(tx as unknown as Db, productId)
  })
}

export async function removeImage(db: Db, actorId: string, productId: string, imageId: string) {
  return db.transaction(async (tx) => {
    const gone = await deleteImage(tx, productId, imageId)
    if (!gone) return null
    await updateProductRow(tx, productId, {})
    await recordAudit(tx, {
      actorId,
      action: 'product.image_removed',
      entity: 'product',
      entityId: productId,
      before: { imageId, alt: gone.alt },
      after: null,
    })
    return { key: gone.key, product: await findEditableProduct(tx as unknown as Db, productId) }
  })
}

export { availabilityOf, imageUrl } from './queries'
// Fulfilment's stock step and the check before payment, for the orders domain.
export { hasStock, returnStock, takeStock, takeStockOfLines } from './stock'
