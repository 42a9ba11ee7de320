import { cartContract, MAX_CART_QUANTITY, quantityPricesContract } from '@lamplight/contracts'
import type { Context } from 'hono'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { currentUser } from '../../middleware/guards'
import { rateLimit } from '../../middleware/rate-limit'
import type { AppEnv } from '../../types'
import {
  addToCart,
  cartOwnerOf,
  keepCartCookie,
  quantityPricesOf,
  readCart,
  removeFromCart,
  resolveCart,
  setCartQuantity,
  setQuantityPrices,
} from './service'

const taxModeOf = (c: Context<AppEnv>) =>
  (c.get('deps').payments.stripe ? 'stripe' : 'test') as 'stripe' | 'test'

// Each write is a row or two: plenty for a person, a wall for a script.
const limitCartWrites = rateLimit({
  name: 'cart',
  limit: 120,
  windowMs: 60_000,
  message: 'You have changed your cart many times in a short time. Please wait a minute and try again.',
})

async function answer(c: Context<AppEnv>, cartId: string | null, destination = {}) {
  c.header('Cache-Control', 'private, no-store')
  return c.json({ data: await readCart(c.get('deps').database.db, cartId, destination, taxModeOf(c)) })
}

export const cartRouter = defineRouter('/cart')
  .handle(cartContract.read, async ({ c, db, query }) => {
    const owner = await cartOwnerOf(c, (await currentUser(c))?.id ?? null)
    const resolved = await resolveCart(db, owner)
    await keepCartCookie(c, owner, resolved)
    return answer(c, resolved.cartId, query)
  })
  .handle(cartContract.add, { middleware: [limitCartWrites] }, async ({ c, db, body }) => {
    const owner = await cartOwnerOf(c, (await currentUser(c))?.id ?? null)
    const resolved = await resolveCart(db, owner, { create: true })
    await addToCart(db, resolved.cartId!, body.productSlug, Math.min(body.quantity, MAX_CART_QUANTITY))
    await keepCartCookie(c, owner, resolved)
    return answer(c, resolved.cartId)
  })
  .handle(cartContract.update, { middleware: [limitCartWrites] }, async ({ c, db, params, body }) => {
    const owner = await cartOwnerOf(c, (await currentUser(c))?.id ?? null)
    const resolved = await resolveCart(db, owner)
    await keepCartCookie(c, owner, resolved)
    await setCartQuantity(db, resolved.cartId, params.productSlug, body.quantity)
    return answer(c, resolved.cartId)
  })
  .handle(cartContract.remove, { middleware: [limitCartWrites] }, async ({ c, db, params }) => {
    const owner = await cartOwnerOf(c, (await currentUser(c))?.id ?? null)
    const resolved = await resolveCart(db, owner)
    await keepCartCookie(c, owner, resolved)
    await removeFromCart(db, resolved.cartId, params.productSlug)
    return answer(c, resolved.cartId)
  })

const NO_PRODUCT = 'No such product.'

/** Quantity pricing, set by an admin per product (audited). */
export const adminQuantityPricesRouter = defineRouter('/admin/products')
  .handle(quantityPricesContract.read, async ({ c, db, params }) => {
    const data = await quantityPricesOf(db, params.id)
    if (!data) throw notFound(NO_PRODUCT)
    return c.json({ data })
  })
  .handle(quantityPricesContract.replace, async ({ c, db, params, body, user }) => {
    const data = await setQuantityPrices(db, user.id, params.id, body.tiers)
    if (!data) throw notFound(NO_PRODUCT)
    return c.json({ data })
  })
