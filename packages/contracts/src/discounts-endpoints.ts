import type { discountsContract } from './discounts'
import { callable } from './endpoint'

/** Discount codes' and gift cards' public endpoints for a browser: method and path only (decision 021). */
export const discountsEndpoints = callable<typeof discountsContract>({
  quote: { method: 'POST', path: '/discounts/quote' },
  giftCardBalance: { method: 'POST', path: '/gift-cards/balance' },
  buyGiftCard: { method: 'POST', path: '/gift-cards/checkout' },
})
