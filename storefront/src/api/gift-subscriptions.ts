import { type BuyGiftInput, giftSubscriptionsEndpoints } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { DeliveryAddress } from './subscriptions'

/** Gift subscriptions (issue 34 item 7): buy one, the recipient's link, my sent and received gifts. */
export const giftKeys = {
  all: ['gift-subscriptions'] as const,
  mine: () => [...giftKeys.all, 'mine'] as const,
  invitation: (token: string) => [...giftKeys.all, 'invitation', token] as const,
}

/** Buys a gift: the answer is the payment page, which this tab goes to. */
export function useBuyGift() {
  return useMutation({
    mutationFn: (body: BuyGiftInput) => request(giftSubscriptionsEndpoints.buy, { body }),
  })
}

export const giftQueries = {
  mine: () =>
    queryOptions({
      queryKey: giftKeys.mine(),
      queryFn: ({ signal }) => request(giftSubscriptionsEndpoints.mine, { signal }),
      staleTime: 30_000,
    }),
}

export const useMyGifts = (enabled: boolean) => useQuery({ ...giftQueries.mine(), enabled })

export const useGiftInvitation = (token: string) =>
  useQuery({
    queryKey: giftKeys.invitation(token),
    queryFn: ({ signal }) => request(giftSubscriptionsEndpoints.invitation, { params: { token }, signal }),
    retry: false,
  })

export function useGiveGiftAddress(token: string) {
  return useMutation({
    mutationFn: (body: DeliveryAddress) =>
      request(giftSubscriptionsEndpoints.giveAddress, { params: { token }, body }),
  })
}
