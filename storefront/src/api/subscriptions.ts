import {
  type CreateSubscriptionBody,
  type DeliveryAddressSchema,
  subscriptionsEndpoints,
} from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'

/** A shipping address as the checkout's schema leaves it (a subscription's, a gift's). */
export type DeliveryAddress = z.output<typeof DeliveryAddressSchema>

/** The signed-in customer's monthly plan: check-subscription, create-subscription, customer-portal. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
}

export const subscriptionQueries = {
  status: () =>
    queryOptions({
      queryKey: subscriptionKeys.status(),
      queryFn: ({ signal }) => request(subscriptionsEndpoints.status, { signal }),
      staleTime: 30_000,
      retry: 1,
    }),
}

/**
 * Only asked when signed in (the spec: called on shop load when signed in, and on Refresh).
 * `waiting`: a plan page was opened (here, or this is the page it came back to), so it asks
 * again every few seconds and on coming back to the tab until the plan shows as active.
 */
export const useSubscriptionStatus = (enabled: boolean, waiting = false) =>
  useQuery({
    ...subscriptionQueries.status(),
    enabled,
    refetchOnWindowFocus: waiting ? 'always' : true,
    refetchInterval: (query) => (waiting && !query.state.data?.subscribed ? 3000 : false),
  })

/**
 * Opens the provider's page in a new tab. The tab is opened at the click (a popup opened
 * after an await is blocked), then sent to the URL; if the browser refused it, this tab goes.
 */
export function openInNewTab(load: () => Promise<string>) {
  const tab = window.open('', '_blank')
  if (tab) tab.opener = null
  return load().then(
    (url) => {
      if (tab && !tab.closed) tab.location.href = url
      else window.location.assign(url)
    },
    (error: unknown) => {
      tab?.close()
      throw error
    },
  )
}

export function useSubscribe() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateSubscriptionBody>) =>
      openInNewTab(async () => (await request(subscriptionsEndpoints.checkout, { body })).url),
    onSettled: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  })
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => openInNewTab(async () => (await request(subscriptionsEndpoints.portal, {})).url),
  })
}

/** My subscription for /account (issue 34): plan, next payment, next box, address, months. */
export const mySubscriptionQueries = {
  mine: () =>
    queryOptions({
      queryKey: [...subscriptionKeys.all, 'mine'] as const,
      queryFn: ({ signal }) => request(subscriptionsEndpoints.mine, { signal }),
      staleTime: 30_000,
    }),
}

/** Skip (or undo), cancel at the period's end, resume: the answer is my subscription as it is now. */
export function useSubscriptionAction() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (action: 'skip' | 'unskip' | 'cancel' | 'resume' | 'unpause') =>
      action === 'unpause'
        ? request(subscriptionsEndpoints.unpause, {})
        : request(subscriptionsEndpoints.act, { params: { action } }),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  })
}

export const subscriptionMutations = {
  address: () =>
    mutationOptions({
      mutationFn: (body: DeliveryAddress) => request(subscriptionsEndpoints.address, { body }),
    }),
}
