import { type OrderLookupInput, orderStatusEndpoints } from '@lamplight/contracts'
import { ApiError, request } from '@lamplight/session'
import { queryOptions } from '@tanstack/react-query'

/** A guest's order status (issue 35): the lookup that mails a link, and the page it opens. */
export const orderStatusKeys = {
  status: (token: string) => ['orders', 'status', token] as const,
}

export const orderStatusQueries = {
  status: (token: string) =>
    queryOptions({
      queryKey: orderStatusKeys.status(token),
      queryFn: async ({ signal }) =>
        (await request(orderStatusEndpoints.status, { query: { token }, signal })).data,
      // An expired or altered link stays so: only a network blip is worth a retry.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    }),
}

export const lookupOrder = (body: OrderLookupInput) => request(orderStatusEndpoints.lookup, { body })
