import { callable } from './endpoint'
import type { subscriptionsContract } from './subscriptions'

/** The monthly plans' endpoints for a browser (the shop page): method and path only (decision 021). */
export const subscriptionsEndpoints = callable<typeof subscriptionsContract>({
  status: { method: 'GET', path: '/subscriptions/status' },
  checkout: { method: 'POST', path: '/subscriptions/checkout' },
  portal: { method: 'POST', path: '/subscriptions/portal' },
  mine: { method: 'GET', path: '/subscriptions/mine' },
  address: { method: 'PUT', path: '/subscriptions/address' },
  act: { method: 'POST', path: '/subscriptions/mine/:action' },
  planQuote: { method: 'GET', path: '/subscriptions/mine/plan-quote' },
  changePlan: { method: 'PUT', path: '/subscriptions/mine/plan' },
  pause: { method: 'PUT', path: '/subscriptions/mine/pause' },
  unpause: { method: 'DELETE', path: '/subscriptions/mine/pause' },
})
