import {
  type DiscountCodeInput,
  adminDiscountsContract as discounts,
  adminGiftCardsContract as giftCards,
} from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

/** Discount codes and gift cards (issue 33): keys, queries and mutations of the admin's screens. */
export const discountKeys = {
  all: ['admin', 'discounts'] as const,
  giftCards: ['admin', 'gift-cards'] as const,
  giftCard: (id: string) => ['admin', 'gift-cards', 'one', id] as const,
}

export const adminDiscountsQuery = () =>
  queryOptions({
    queryKey: discountKeys.all,
    queryFn: ({ signal }) => request(discounts.list, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const saveDiscountMutation = () => ({
  mutationFn: async ({ id, input }: { id: string | null; input: DiscountCodeInput }) =>
    (id
      ? await request(discounts.update, { params: { id }, body: input })
      : await request(discounts.create, { body: input })
    ).data,
})

export const adminGiftCardsQuery = () =>
  queryOptions({
    queryKey: discountKeys.giftCards,
    queryFn: ({ signal }) => request(giftCards.list, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const giftCardQuery = (id: string) =>
  queryOptions({
    queryKey: discountKeys.giftCard(id),
    queryFn: ({ signal }) => request(giftCards.get, { params: { id }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const issueGiftCardMutation = () => ({
  mutationFn: async (body: { amountCents: number; recipientEmail: string | null; note: string }) =>
    (await request(giftCards.issue, { body })).data,
})

export const disableGiftCardMutation = () => ({
  mutationFn: async (id: string) => (await request(giftCards.disable, { params: { id } })).data,
})
