import { OrderListQuerySchema } from '@lamplight/contracts'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'

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

export function toSearchParams(query: OrderQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.status) params.set('status', query.status)
  if (query.fulfilment) params.set('fulfilment', query.fulfilment)
  if (query.from) params.set('from', query.from)
  if (query.to) params.set('to', query.to)
  if (query.page > 1) params.set('page', String(query.page))
  if (query.sort !== 'created_at') params.set('sort', query.sort)
  if (query.dir !== 'desc') params.set('dir', query.dir)
  return params
}

export function useOrderFilters() {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => parseOrderQuery(params), [params])
  /** Changes some filters; any change but the page goes back to page 1. */
  const update = useCallback(
    (changes: Partial<OrderQuery>) => {
      const next = { ...query, ...changes }
      if (!('page' in changes)) next.page = 1
      setParams(toSearchParams(next))
    },
    [query, setParams],
  )
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams])
  const filtered = Boolean(query.q || query.status || query.fulfilment || query.from || query.to)
  return { query, update, clear, filtered }
}
