import type { checkoutContract } from './checkout'
import { callable } from './endpoint'

/**
 * Checkout's endpoints for a browser: method and path only (decision 021). The shop page
 * imports the same module as the checkout form for its product query, so a table keeps
 * zod out of it; the form validates with `CustomerInfoSchema` in its own chunk.
 */
export const checkoutEndpoints = callable<typeof checkoutContract>({
  create: { method: 'POST', path: '/checkout' },
  success: { method: 'POST', path: '/checkout/success' },
  myOrders: { method: 'GET', path: '/account/orders' },
})
