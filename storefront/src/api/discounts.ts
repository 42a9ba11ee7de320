import { discountsEndpoints, type GiftCardPurchaseInput } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { useMutation } from '@tanstack/react-query'

/**
 * Discount codes and gift cards (issue 33). Every call is a POST with the code in its body:
 * a code never goes into an address (history, logs, Referer). Quotes are asked when the
 * buyer presses Apply, not cached: a code's answer can change at any moment.
 */
export type QuoteRequest = {
  productSlug?: string
  fromCart?: true
  country?: 'US' | 'CA'
  discountCode?: string
  giftCardCode?: string
}

export const useCheckoutQuote = () =>
  useMutation({
    mutationFn: async (body: QuoteRequest) => (await request(discountsEndpoints.quote, { body })).data,
  })

export const useGiftCardBalance = () =>
  useMutation({
    mutationFn: async (code: string) =>
      (await request(discountsEndpoints.giftCardBalance, { body: { code } })).data,
  })

export const useBuyGiftCard = () =>
  useMutation({
    mutationFn: async (body: GiftCardPurchaseInput) => request(discountsEndpoints.buyGiftCard, { body }),
  })
