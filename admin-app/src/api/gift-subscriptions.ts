import { adminGiftSubscriptionsContract as contract } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

/** Gift subscriptions beside the subscribers (issue 34 item 7). */
export const giftKeys = {
  all: ['admin', 'subscriptions', 'gifts'] as const,
  list: (query: { q?: string; page?: number }) => ['admin', 'subscriptions', 'gifts', 'list', query] as const,
  one: (id: string) => ['admin', 'subscriptions', 'gifts', 'one', id] as const,
}

export const giftsQuery = (query: { q?: string; page?: number }) =>
  queryOptions({
    queryKey: giftKeys.list(query),
    queryFn: ({ signal }) => request(contract.list, { query, signal }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const giftQuery = (id: string) =>
  queryOptions({
    queryKey: giftKeys.one(id),
    queryFn: ({ signal }) => request(contract.get, { params: { id }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

/** Mails the recipient a new link to give their address (audited; the old link stops working). */
export const resendGiftLinkMutation = () => ({
  mutationFn: (id: string) => request(contract.resendLink, { params: { id } }).then((r) => r.data),
})
