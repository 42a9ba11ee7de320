import { adminSubscriptionsContract as contract, type SubscriberListQuery } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

/** Subscribers, the box of each month and the test clock (issue 34). */
export const subscriberKeys = {
  all: ['admin', 'subscriptions'] as const,
  list: (query: SubscriberListQuery) => ['admin', 'subscriptions', 'list', query] as const,
  one: (id: string) => ['admin', 'subscriptions', 'one', id] as const,
  figures: ['admin', 'subscriptions', 'figures'] as const,
  boxes: ['admin', 'subscriptions', 'boxes'] as const,
}

export const subscribersQuery = (query: SubscriberListQuery) =>
  queryOptions({
    queryKey: subscriberKeys.list(query),
    queryFn: ({ signal }) => request(contract.list, { query, signal }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const subscriberQuery = (id: string) =>
  queryOptions({
    queryKey: subscriberKeys.one(id),
    queryFn: ({ signal }) => request(contract.get, { params: { id }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const subscriptionFiguresQuery = () =>
  queryOptions({
    queryKey: subscriberKeys.figures,
    queryFn: ({ signal }) => request(contract.figures, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const subscriptionBoxesQuery = () =>
  queryOptions({
    queryKey: subscriberKeys.boxes,
    queryFn: ({ signal }) => request(contract.boxes, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const subscriberActionMutation = () => ({
  mutationFn: async ({
    id,
    action,
  }: {
    id: string
    action: 'skip' | 'skip-with-credit' | 'unskip' | 'cancel' | 'resume'
  }) => (await request(contract.act, { params: { id, action } })).data,
})

export const setBoxMutation = () => ({
  mutationFn: ({ month, productId }: { month: string; productId: string }) =>
    request(contract.setBox, { params: { month }, body: { productId } }),
})

export const testRenewalsMutation = () => ({
  mutationFn: (month: string) => request(contract.testRenewals, { body: { month } }),
})
