import {
  type CountryCode,
  type CreateCheckoutBody,
  catalogEndpoints,
  checkoutEndpoints,
  checkoutExtrasEndpoints,
  IDEMPOTENCY_KEY_HEADER,
} from '@lamplight/contracts'
import { ApiError, request, useAuth } from '@lamplight/session'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import type { z } from 'zod'

/**
 * The storefront's data for selling: key factories and `queryOptions` over `request()`
 * (README, "How we build"); components never call fetch or build keys. Calls go through the
 * endpoint tables, not the contracts: the public pages import this module, and the
 * contracts' zod schemas would come with them (decision 021).
 */
export const shopKeys = {
  product: (slug: string) => ['products', slug] as const,
  /** Per user: someone who signs in as another user must not see the last one's answer. */
  access: (slug: string, userId: string | null) => ['products', slug, 'access', userId] as const,
  order: (sessionId: string) => ['checkout', 'order', sessionId] as const,
  myOrders: () => ['account', 'orders'] as const,
  /** Review Order of one box, priced by the server for a destination. */
  quote: (slug: string, destination: { country?: CountryCode; zipCode?: string }) =>
    ['checkout', 'quote', slug, destination.country ?? null, destination.zipCode ?? null] as const,
  savedAddress: (userId: string) => ['account', 'shipping-address', userId] as const,
}

/** A product that is not for sale will not be a moment later; a network blip might pass. */
const retryUnlessClientError = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2

export const shopQueries = {
  product: (slug: string) =>
    queryOptions({
      queryKey: shopKeys.product(slug),
      queryFn: async ({ signal }) =>
        (await request(catalogEndpoints.product, { params: { slug }, signal })).data,
      retry: retryUnlessClientError,
    }),
  /**
   * Whether this visitor owns the product (or is an admin), from completed purchases. Always
   * asked again when a page opens: a purchase a moment ago must show.
   */
  access: (slug: string, userId: string | null) =>
    queryOptions({
      queryKey: shopKeys.access(slug, userId),
      queryFn: async ({ signal }) =>
        (await request(catalogEndpoints.access, { params: { slug }, signal })).data.hasAccess,
      staleTime: 0,
    }),
  /** The order of a checkout session, for the confirmation page. */
  order: (sessionId: string) =>
    queryOptions({
      queryKey: shopKeys.order(sessionId),
      queryFn: async ({ signal }) =>
        (await request(checkoutEndpoints.success, { body: { sessionId }, signal })).data,
      retry: retryUnlessClientError,
      staleTime: 30_000,
    }),
  /** Review Order of `/checkout/:productSlug`: the same shape as the cart's read. */
  quote: (slug: string, destination: { country?: CountryCode; zipCode?: string }) =>
    queryOptions({
      queryKey: shopKeys.quote(slug, destination),
      queryFn: async ({ signal }) =>
        (
          await request(checkoutExtrasEndpoints.quote, {
            query: {
              productSlug: slug,
              ...(destination.country ? { country: destination.country } : {}),
              ...(destination.zipCode ? { zipCode: destination.zipCode } : {}),
            },
            signal,
          })
        ).data,
      retry: retryUnlessClientError,
      // Fresh for a moment (a server render's prefetch is not asked again as the page
      // hydrates); Payment's destination is another key, so it is asked then: a price changed
      // meanwhile shows before paying.
      staleTime: 10_000,
    }),
  /** A signed-in buyer's last shipping address, offered at checkout (null when none). */
  savedAddress: (userId: string) =>
    queryOptions({
      queryKey: shopKeys.savedAddress(userId),
      queryFn: async ({ signal }) => (await request(checkoutExtrasEndpoints.savedAddress, { signal })).data,
      retry: retryUnlessClientError,
    }),
  myOrders: () =>
    queryOptions({
      queryKey: shopKeys.myOrders(),
      queryFn: async ({ signal }) => (await request(checkoutEndpoints.myOrders, { signal })).data,
    }),
}

export const useProduct = (slug: string) => useQuery(shopQueries.product(slug))

/**
 * Whether this visitor owns the product (or is an admin): asked of the API, which answers
 * from completed purchases. Signed out means no, without asking; a failed check also means
 * no. `pending` while the session or the answer is on its way.
 */
export function useProductAccess(slug: string) {
  const { user, loading } = useAuth()
  const query = useQuery({ ...shopQueries.access(slug, user?.id ?? null), enabled: !!user })
  return {
    pending: loading || (!!user && query.isPending),
    hasAccess: !!user && query.data === true,
    signedIn: !!user,
  }
}

type CheckoutBody = z.input<typeof CreateCheckoutBody>

/**
 * create-checkout: answers the payment page's URL. Each attempt carries an Idempotency-Key
 * made once for it and kept while the details stay the same, so a retry (ours after a
 * network error or 5xx, or the buyer pressing Pay again after an error they never saw a
 * 200 for) gets the same order and payment page back instead of a second one. New details
 * (another payment method, an edited address) are a new attempt with a new key: the API
 * refuses a key with another body (422).
 */
export function useCreateCheckout() {
  const attempt = useRef<{ body: string; key: string } | null>(null)
  return useMutation({
    mutationFn: (body: CheckoutBody) => {
      const json = JSON.stringify(body)
      if (attempt.current?.body !== json) attempt.current = { body: json, key: crypto.randomUUID() }
      return request(checkoutEndpoints.create, {
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: attempt.current.key },
      })
    },
    // Safe to repeat now: the key makes a repeat answer the first result.
    retry: retryUnlessClientError,
  })
}
