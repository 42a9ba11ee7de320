import { callable } from './endpoint'
import type { orderStatusContract } from './order-status'

/** The guest order status pages' endpoints: method and path only (decision 021). */
export const orderStatusEndpoints = callable<typeof orderStatusContract>({
  lookup: { method: 'POST', path: '/orders/lookup' },
  status: { method: 'GET', path: '/orders/status' },
})

/** How long a mailed status link works. */
export const ORDER_STATUS_LINK_HOURS = 72
/** The lookup's one answer, whether or not the order exists (the page shows it as it is). */
export const ORDER_LOOKUP_ANSWER =
  'If an order with this number was placed with this email, we have just emailed a link to its status. It works for 3 days.'
