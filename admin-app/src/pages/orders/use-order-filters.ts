import { OrderListQuerySchema } from '@lamplight/contracts'
import type { z } from 'zod'
import { filtersToSearchParams, useUrlFilters } from '../../lib/use-url-filters'

type Parsed = z.output<typeof OrderListQuerySchema>
export type OrderQuery = Pick<Parsed, 'page' | 'sort' | 'dir'> &
  Partial<Pick<Parsed, 'q' | 'status' | 'fulfilment' | 'from' | 'to'>>

const shape = OrderListQuerySchema.shape

/**
 * The orders page's filters live in the URL (shareable, and Back works). Each value is read
 * with the API's own schema; one that does not parse is ignored, not sent.
 */
export function parseOrderQuery(params: URLSearchParams): OrderQuery {
  const read = <K extends 'q' | 'status' | 'fulfilment' | 'from' | 'to' | 'page' | 'sort' | 'dir'>(
    key: K,
  ) => {
    const raw = params.get(key)
    if (raw === null || raw === '') return undefined
    const parsed = (shape[key] as unknown as z.ZodType<Parsed[K]>).safeParse(raw)
    return parsed.success ? parsed.data : undefined
  }
  return {
    q: read('q') || undefined,
    status: read('status'),
    fulfilment: read('fulfilment'),
    from: read('from'),
    to: read('to'),
    page: read('page') ?? 1,
    sort: read('sort') ?? 'created_at',
    dir: read('dir') ?? 'desc',
  }
}

/** What an address leaves out: the first page, newest first. */
const DEFAULTS = { page: 1, sort: 'created_at', dir: 'desc' } as const satisfies Partial<OrderQuery>

export const toSearchParams = (query: OrderQuery) => filtersToSearchParams(query, DEFAULTS)

export const useOrderFilters = () => useUrlFilters(parseOrderQuery, { defaults: DEFAULTS })
