import type { checkoutContract, checkoutExtrasContract } from './checkout'
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

/** Review Order's quote for one box and a signed-in buyer's saved address (issue 32). */
export const checkoutExtrasEndpoints = callable<typeof checkoutExtrasContract>({
  quote: { method: 'GET', path: '/checkout/quote' },
  savedAddress: { method: 'GET', path: '/account/shipping-address' },
})
