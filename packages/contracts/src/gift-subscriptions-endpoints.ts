import { callable } from './endpoint'
import type { adminGiftSubscriptionsContract, giftSubscriptionsContract } from './gift-subscriptions'

/** Gift subscriptions' endpoints for a browser: method and path only (decision 021). */
export const giftSubscriptionsEndpoints = callable<typeof giftSubscriptionsContract>({
  buy: { method: 'POST', path: '/gift-subscriptions' },
  mine: { method: 'GET', path: '/gift-subscriptions/mine' },
  invitation: { method: 'GET', path: '/gift-subscriptions/address/:token' },
  giveAddress: { method: 'POST', path: '/gift-subscriptions/address/:token' },
})

export const adminGiftSubscriptionsEndpoints = callable<typeof adminGiftSubscriptionsContract>({
  list: { method: 'GET', path: '/admin/gift-subscriptions' },
  get: { method: 'GET', path: '/admin/gift-subscriptions/:id' },
  resendLink: { method: 'POST', path: '/admin/gift-subscriptions/:id/resend-link' },
})
