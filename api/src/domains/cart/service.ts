import { CART_MESSAGES, type Cart, MAX_CART_QUANTITY, TAX_NOTES } from '@lamplight/contracts'
import type { Context } from 'hono'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationFailed } from '../../lib/errors'
import { recordAudit } from '../../services/audit'
import { imageUrl } from '../catalog/service'
import { quoteShipping } from '../shipping/service'
import { type CartOwner, cartOwnerOf, keepCartCookie } from './cookie'
import { type PricedLine, type PricedProduct, priceLine, sumLines } from './pricing'
import {
  createVisitorCart,
  deleteLine,
  deleteLines,
  ensureUserCart,
  findLine,
  findPricedProducts,
  findProductPrice,
  findUserCartId,
  findVisitorCartId,
  listLines,
  listQuantityPrices,
  mergeCartInto,
  purgeVisitorCarts,
  replaceQuantityPrices,
  upsertLine,
} from './queries'

/**
 * The cart (issue 32). Whose: a signed-in user's (one per user), else the visitor's cart of
 * the signed cookie. A user who still carries a visitor cart has it merged into theirs on
 * their first cart request after sign-in (`resolveCart`: read, write or checkout alike),
 * so no sign-in path (password, reset, verification link) has to remember to do it; the
 * route then clears the cookie.
 */
export type ResolvedCart = { cartId: string | null; merged: boolean }

type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

export async function resolveCart(db: Db, owner: CartOwner, { create = false } = {}): Promise<ResolvedCart> {
  if (owner.userId) {
    const userId = owner.userId
    const visitor = owner.visitorCartId ? await findVisitorCartId(db, owner.visitorCartId) : null
    if (visitor) {
      const cartId = await db.transaction(async (tx) => {
        const into = await ensureUserCart(tx, userId)
        await mergeCartInto(tx, visitor, into)
        return into
      })
      return { cartId, merged: true }
    }
    const cartId = create ? await ensureUserCart(db, userId) : await findUserCartId(db, userId)
    return { cartId, merged: !!owner.visitorCartId }
  }
  const existing = owner.visitorCartId ? await findVisitorCartId(db, owner.visitorCartId) : null
  if (existing || !create) return { cartId: existing, merged: false }
  return { cartId: await createVisitorCart(db), merged: false }
}

const withImage = (p: Awaited<ReturnType<typeof findPricedProducts>>[number]): PricedProduct => ({
  ...p,
  imageUrl: p.imageId ? imageUrl(p.slug, p.imageId) : p.imageUrl,
})

async function pricedLinesOf(db: Tx, cartId: string | null): Promise<PricedLine[]> {
  if (!cartId) return []
  const lines = await listLines(db, cartId)
  const products = new Map(
    (await findPricedProducts(db, { ids: lines.map((l) => l.productId) })).map((p) => [p.id, withImage(p)]),
  )
  return lines.flatMap((l) => {
    const p = products.get(l.productId)
    return p ? [priceLine(p, l.quantity)] : []
  })
}

/**
 * Totals of priced lines for a destination: shipping from the zone's rate (free over its
 * threshold), tax left to the payment (Stripe Tax) and said in words.
 */
export async function totalsOf(
  db: Db,
  lines: PricedLine[],
  destination: { country?: string; zipCode?: string | null },
  taxMode: keyof typeof TAX_NOTES,
  /** A discount code's amount off the lines (issue 33), already computed with `discountOf`. */
  discountCents = 0,
) {
  const sums = { ...sumLines(lines), discountCents }
  const quote = destination.country ? await quoteShipping(db, destination.country, sums.subtotalCents) : null
  const shipping = quote ? { ...quote, zipCode: destination.zipCode ?? null } : null
  return {
    ...sums,
    shipping,
    taxCents: taxMode === 'test' ? 0 : null,
    taxNote: TAX_NOTES[taxMode],
    totalCents: sums.subtotalCents - sums.discountCents + (shipping?.amountCents ?? 0),
  }
}

export async function readCart(
  db: Db,
  cartId: string | null,
  destination: { country?: string; zipCode?: string | null },
  taxMode: keyof typeof TAX_NOTES,
): Promise<Cart> {
  const lines = await pricedLinesOf(db, cartId)
  const totals = await totalsOf(db, lines, destination, taxMode)
  return {
    ...totals,
    lines: lines.map(({ productId: _, ...line }) => line),
    checkoutReady: lines.length > 0 && lines.every((l) => l.available),
  }
}

const quantityIssue = (message: string) => validationFailed(message, [{ path: 'quantity', message }])

async function sellableProduct(db: Db, slug: string) {
  const [product] = await findPricedProducts(db, { slugs: [slug] })
  if (!product || product.status === 'draft')
    throw validationFailed(CART_MESSAGES.unknownProduct, [
      { path: 'productSlug', message: CART_MESSAGES.unknownProduct },
    ])
  return withImage(product)
}

/** Adds `quantity` of a box (on sale only) to the line, within stock and the cart's maximum. */
export async function addToCart(db: Db, cartId: string, slug: string, quantity: number) {
  const product = await sellableProduct(db, slug)
  const probe = priceLine(product, 1)
  if (product.status !== 'on_sale' || probe.maxQuantity === 0) {
    const message = product.status === 'on_sale' ? CART_MESSAGES.stock(0) : CART_MESSAGES.notOnSale
    throw validationFailed(message, [{ path: 'productSlug', message }])
  }
  const current = (await findLine(db, cartId, product.id))?.quantity ?? 0
  const wanted = current + quantity
  if (wanted > probe.maxQuantity)
    throw quantityIssue(
      probe.maxQuantity < MAX_CART_QUANTITY
        ? CART_MESSAGES.stock(probe.maxQuantity - current)
        : CART_MESSAGES.quantity,
    )
  await upsertLine(db, cartId, product.id, wanted)
}

export async function setCartQuantity(db: Db, cartId: string | null, slug: string, quantity: number) {
  const product = await sellableProduct(db, slug)
  if (!cartId || !(await findLine(db, cartId, product.id))) throw notFound(CART_MESSAGES.notInCart)
  const max = priceLine(product, 1).maxQuantity
  if (quantity > max)
    throw quantityIssue(
      max === 0
        ? CART_MESSAGES.notOnSale
        : max < MAX_CART_QUANTITY
          ? CART_MESSAGES.stock(max)
          : CART_MESSAGES.quantity,
    )
  await upsertLine(db, cartId, product.id, quantity)
}

export async function removeFromCart(db: Db, cartId: string | null, slug: string) {
  const [product] = await findPricedProducts(db, { slugs: [slug] })
  if (!cartId || !product || !(await deleteLine(db, cartId, product.id)))
    throw notFound(CART_MESSAGES.notInCart)
}

/**
 * The lines a checkout buys, priced now: the cart's, or one box (`/checkout/:productSlug`).
 * Refuses (nothing saved) an empty cart, a box not sold, one sold out or short of stock.
 */
export async function checkoutLines(
  db: Db,
  source: { cartId: string | null } | { productSlug: string },
): Promise<PricedLine[]> {
  let lines: PricedLine[]
  if ('productSlug' in source) {
    const [product] = await findPricedProducts(db, { slugs: [source.productSlug] })
    if (!product || (product.status !== 'on_sale' && product.status !== 'sold_out'))
      throw notFound('The requested product is not available')
    lines = [priceLine(withImage(product), 1)]
  } else {
    lines = await pricedLinesOf(db, source.cartId)
    if (!lines.length)
      throw validationFailed(CART_MESSAGES.emptyCart, [
        { path: 'fromCart', message: CART_MESSAGES.emptyCart },
      ])
  }
  const short = lines.find((l) => !l.available)
  if (short) {
    // Refused before any payment; the last box paid twice at once is settled at fulfilment.
    const soldOut = short.maxQuantity === 0
    throw new ApiError(
      409,
      'sold_out',
      soldOut
        ? `Sorry, ${short.productName} is sold out. Nothing was charged. Ask on its page to be told when it is back.`
        : `Sorry, only ${short.maxQuantity} of ${short.productName} are left. Please change the quantity in your cart. Nothing was charged.`,
    )
  }
  return lines
}

/** Once a cart's checkout is paid, the boxes bought leave it (in the payment's transaction). */
export async function removeBoughtLines(db: Tx, cartId: string, productIds: string[]) {
  await deleteLines(db, cartId, productIds)
}

export async function quantityPricesOf(db: Db, productId: string) {
  if (!(await findProductPrice(db, productId))) return null
  return listQuantityPrices(db, productId)
}

/** Replaces a product's quantity prices; each must cost less than the product's own price. */
export async function setQuantityPrices(
  db: Db,
  actorId: string,
  productId: string,
  tiers: { minQuantity: number; unitPriceCents: number }[],
) {
  return db.transaction(async (tx) => {
    const product = await findProductPrice(tx, productId)
    if (!product) return null
    const issues = tiers.flatMap((t, i) =>
      t.unitPriceCents >= product.priceCents
        ? [
            {
              path: `tiers.${i}.unitPriceCents`,
              message: 'A quantity price must be below the box’s own price.',
            },
          ]
        : [],
    )
    if (issues.length) throw validationFailed(issues[0]!.message, issues)
    const before = await listQuantityPrices(tx, productId)
    const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity)
    await replaceQuantityPrices(tx, productId, sorted)
    await recordAudit(tx, {
      actorId,
      action: 'product.quantity_prices_updated',
      entity: 'product',
      entityId: productId,
      before: { tiers: before },
      after: { tiers: sorted },
    })
    return sorted
  })
}

export { CART_COOKIE, type CartOwner, cartOwnerOf, keepCartCookie } from './cookie'
export {
  type DiscountTerms,
  discountOf,
  giftCardShare,
  MIN_CARD_CHARGE_CENTS,
  type PricedLine,
} from './pricing'

/** Visitors' carts are kept 60 days from their last change. */
export const VISITOR_CART_DAYS = 60
export const purgeOldVisitorCarts = (db: Db) => purgeVisitorCarts(db, VISITOR_CART_DAYS)

/**
 * The lines a checkout or its quote prices: the one box the body names, or the caller's
 * cart (`fromCart`, its id returned too), resolved as the cart page does (a visitor's cart
 * merged on sign-in, its cookie kept or cleared).
 */
export async function linesToCheckOut(
  c: Context,
  db: Db,
  userId: string | null,
  body: { fromCart?: boolean | undefined; productSlug?: string | undefined },
): Promise<{ cartId: string | null; lines: PricedLine[] }> {
  let cartId: string | null = null
  if (body.fromCart) {
    const owner = await cartOwnerOf(c, userId)
    const resolved = await resolveCart(db, owner)
    await keepCartCookie(c, owner, resolved)
    cartId = resolved.cartId
  }
  const lines = await checkoutLines(db, body.productSlug ? { productSlug: body.productSlug } : { cartId })
  return { cartId, lines }
}
