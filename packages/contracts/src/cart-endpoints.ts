import type { cartContract, shippingContract } from './cart'
import { callable } from './endpoint'

/** The cart's and shipping's endpoints for a browser: method and path only (decision 021). */
export const cartEndpoints = callable<typeof cartContract>({
  read: { method: 'GET', path: '/cart' },
  add: { method: 'POST', path: '/cart/items' },
  update: { method: 'PATCH', path: '/cart/items/:productSlug' },
  remove: { method: 'DELETE', path: '/cart/items/:productSlug' },
})

export const shippingEndpoints = callable<typeof shippingContract>({
  rates: { method: 'GET', path: '/shipping/rates' },
})

/**
 * The react-query key of a cart read, shared by the shell's header count and the storefront's
 * cart (react-query is a federation singleton: one cache for both), so a change in the cart
 * updates the header without an event of its own. A plain array: nothing else for the shell's
 * first load. `destination` is the shipping estimate's country and postal code, if any.
 */
export const cartReadKey = (destination: { country?: string; zipCode?: string } = {}) =>
  ['cart', { country: destination.country ?? null, zipCode: destination.zipCode ?? null }] as const
