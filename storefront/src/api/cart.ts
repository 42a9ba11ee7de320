import {
  type Cart,
  type CountryCode,
  cartEndpoints,
  cartReadKey,
  shippingEndpoints,
} from '@lamplight/contracts'
import { ApiError, request } from '@lamplight/session'
import { mutationOptions, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'

/**
 * The cart (issue 32) as the storefront reads and changes it: key factories, `queryOptions`
 * and mutations over the endpoint tables (decision 021: the cart drawer and the product pages
 * are public, no zod in them). Every price and total comes from the server's answer; nothing
 * here adds up money. The plain read's key is the shell's header count's too (`cartReadKey`).
 */
export type Destination = { country?: CountryCode; zipCode?: string }

export const cartKeys = {
  all: () => ['cart'] as const,
  /** The cart with a shipping estimate for `destination` (none: no shipping line yet). */
  detail: (destination: Destination = {}) => cartReadKey(destination),
  rates: () => ['shipping', 'rates'] as const,
}

/** A cart that is refused (400) will be refused again; a network blip might pass. */
const retry = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiError && error.status < 500)

export const cartQueries = {
  detail: (destination: Destination = {}) =>
    queryOptions({
      queryKey: cartKeys.detail(destination),
      queryFn: async ({ signal }) =>
        (
          await request(cartEndpoints.read, {
            query: {
              ...(destination.country ? { country: destination.country } : {}),
              ...(destination.zipCode ? { zipCode: destination.zipCode } : {}),
            },
            signal,
          })
        ).data,
      retry,
      // Prices, stock and quantity prices may change: a cart shown again is asked again.
      staleTime: 0,
    }),
  /** Where the shop ships and what it costs (the Shipping page, the cart's estimate). */
  rates: () =>
    queryOptions({
      queryKey: cartKeys.rates(),
      queryFn: async ({ signal }) => (await request(shippingEndpoints.rates, { signal })).data,
      retry,
      staleTime: 5 * 60_000,
    }),
}

export const useCart = (destination: Destination = {}) => useQuery(cartQueries.detail(destination))
export const useShippingRates = () => useQuery(cartQueries.rates())

/**
 * Every change answers the whole cart (without a destination): it becomes the plain read's
 * data at once (the header count and the drawer show it), and reads with a destination are
 * asked again for their shipping line.
 */
function settle(queryClient: QueryClient, cart: Cart) {
  const plain = cartKeys.detail()
  queryClient.setQueryData(plain, cart)
  const plainHash = JSON.stringify(plain)
  return queryClient.invalidateQueries({
    queryKey: cartKeys.all(),
    predicate: (query) => JSON.stringify(query.queryKey) !== plainHash,
  })
}

/** Add to Cart's call (without a mutation observer: the button's action module is loaded on demand). */
export async function addToCart(queryClient: QueryClient, body: { productSlug: string; quantity?: number }) {
  const cart = (await request(cartEndpoints.add, { body })).data
  await settle(queryClient, cart)
  return cart
}

export const cartMutations = {
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['cart', 'update'],
      mutationFn: async ({ productSlug, quantity }: { productSlug: string; quantity: number }) =>
        (await request(cartEndpoints.update, { params: { productSlug }, body: { quantity } })).data,
      onSuccess: (cart) => settle(queryClient, cart),
    }),
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: ['cart', 'remove'],
      mutationFn: async (productSlug: string) =>
        (await request(cartEndpoints.remove, { params: { productSlug } })).data,
      onSuccess: (cart) => settle(queryClient, cart),
    }),
}
