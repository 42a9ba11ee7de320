import { type CountryCode, adminShippingContract as contract } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

/** The shipping zones' standard rates (issue 32): what the cart, the checkout and /shipping charge. */
export const shippingKeys = { rates: ['admin', 'shipping', 'rates'] as const }

export const shippingRatesQuery = () =>
  queryOptions({
    queryKey: shippingKeys.rates,
    queryFn: ({ signal }) => request(contract.rates, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export type ShippingRateInput = { name: string; amountCents: number; freeOverCents: number | null }

export const saveShippingRateMutation = () => ({
  mutationFn: async ({ country, rate }: { country: CountryCode; rate: ShippingRateInput }) =>
    (await request(contract.update, { params: { country }, body: rate })).data,
})
