import {
  adminOrdersContract,
  buildQuery,
  type MarkShippedInput,
  type OrderFilters,
  type OrderListQuery,
  type RefundInput,
} from '@lamplight/contracts'
import { apiBase, request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (query: OrderListQuery) => ['admin', 'orders', 'list', query] as const,
  detail: (id: string) => ['admin', 'orders', 'detail', id] as const,
}

export const ordersQuery = (query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => request(adminOrdersContract.list, { query, signal }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => request(adminOrdersContract.detail, { params: { id }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const refundMutation = () => ({
  mutationFn: ({ id, values = {} }: { id: string; values?: RefundInput }) =>
    request(adminOrdersContract.refund, { params: { id }, body: values }),
})

export const shipMutation = () => ({
  mutationFn: ({ id, values }: { id: string; values: MarkShippedInput }) =>
    request(adminOrdersContract.ship, { params: { id }, body: values }),
})

export const deliverMutation = () => ({
  mutationFn: (id: string) => request(adminOrdersContract.deliver, { params: { id } }),
})

/** `orders-YYYY-MM-DD.csv`, the name the spec gives the export (the local date). */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `orders-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}

/**
 * Downloads the CSV of every order matching `filters` and saves it. The server streams it;
 * the browser keeps it as a Blob (on disk for large files) and hands it to the save dialog.
 */
export async function downloadOrdersCsv(filters: OrderFilters, signal?: AbortSignal): Promise<void> {
  const url = `${apiBase()}/api${adminOrdersContract.export.path}${buildQuery(filters)}`
  const response = await fetch(url, { credentials: 'include', signal })
  if (!response.ok) throw new Error(`The export failed with status ${response.status}`)
  const blob = await response.blob()
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = exportFileName()
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000)
}
