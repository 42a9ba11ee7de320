import {
  ApiError,
  type CreateCheckoutBody,
  catalogContract,
  checkoutContract,
  request,
} from '@lamplight/contracts'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'

/**
 * The storefront's data for selling: key factories and `queryOptions` over `request()`
 * (README, "How we build"); components never call fetch or build keys.
 */
export const shopKeys = {
  product: (slug: string) => ['products', slug] as const,
  order: (sessionId: string) => ['checkout', 'order', sessionId] as const,
  myOrders: () => ['account', 'orders'] as const,
}

/** A product that is not for sale will not be a moment later; a network blip might pass. */
const retryUnlessClientError = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2

export const shopQueries = {
  product: (slug: string) =>
    queryOptions({
      queryKey: shopKeys.product(slug),
      queryFn: async ({ signal }) =>
        (await request(catalogContract.product, { params: { slug }, signal })).data,
      retry: retryUnlessClientError,
    }),
  /** The order of a checkout session, for the confirmation page. */
  order: (sessionId: string) =>
    queryOptions({
      queryKey: shopKeys.order(sessionId),
      queryFn: async ({ signal }) =>
        (await request(checkoutContract.success, { body: { sessionId }, signal })).data,
      retry: retryUnlessClientError,
      staleTime: 30_000,
    }),
  myOrders: () =>
    queryOptions({
      queryKey: shopKeys.myOrders(),
      queryFn: async ({ signal }) => (await request(checkoutContract.myOrders, { signal })).data,
    }),
}

export const useProduct = (slug: string) => useQuery(shopQueries.product(slug))

/** create-checkout: answers the payment page's URL. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: (body: z.input<typeof CreateCheckoutBody>) => request(checkoutContract.create, { body }),
  })
}
