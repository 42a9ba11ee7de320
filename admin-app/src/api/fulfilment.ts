import {
  adminFulfilmentContract,
  buildQuery,
  type FulfilmentQueueQuery,
  type ShipManyInput,
} from '@lamplight/contracts'
import { apiBase, request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

/** Under the orders' key: shipping from the queue refreshes the orders list and details too. */
export const fulfilmentKeys = {
  all: ['admin', 'orders', 'fulfilment'] as const,
  queue: (query: FulfilmentQueueQuery) => ['admin', 'orders', 'fulfilment', 'queue', query] as const,
  pickList: (ids: string[]) => ['admin', 'orders', 'fulfilment', 'pick-list', ids] as const,
}

export const queueQuery = (query: FulfilmentQueueQuery) =>
  queryOptions({
    queryKey: fulfilmentKeys.queue(query),
    queryFn: ({ signal }) => request(adminFulfilmentContract.queue, { query, signal }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const pickListQuery = (ids: string[]) =>
  queryOptions({
    queryKey: fulfilmentKeys.pickList(ids),
    queryFn: ({ signal }) =>
      request(adminFulfilmentContract.pickList, { query: { ids: ids.join(',') }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const shipManyMutation = () => ({
  mutationFn: (body: ShipManyInput) => request(adminFulfilmentContract.ship, { body }),
})

/**
 * Fetches a file of the selected orders (packing slips, label CSV) with the session's cookie
 * and hands it to the browser's save dialog under `name`.
 */
export async function downloadSelection(
  kind: 'packingSlips' | 'labels',
  ids: string[],
  name: string,
): Promise<void> {
  const endpoint = adminFulfilmentContract[kind]
  const url = `${apiBase()}/api${endpoint.path}${buildQuery({ ids: ids.join(',') })}`
  const response = await fetch(url, { credentials: 'include' })
  if (!response.ok) throw new Error(`The download failed with status ${response.status}`)
  const blob = await response.blob()
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
