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
