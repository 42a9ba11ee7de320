import { PRODUCT_CATEGORIES, PRODUCT_STATUSES } from '@lamplight/contracts'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { ProductFilters } from '../../api/products'

const oneOf = <T extends string>(list: readonly T[], value: string | null) =>
  list.includes(value as T) ? (value as T) : undefined

/** The list's search and filters live in the URL (shareable, and Back works); unknown values are ignored. */
export function parseProductFilters(params: URLSearchParams): ProductFilters {
  return {
    q: params.get('q')?.trim().slice(0, 200) || undefined,
    status: oneOf(PRODUCT_STATUSES, params.get('status')),
    category: oneOf(PRODUCT_CATEGORIES, params.get('category')),
  }
}

export function useProductFilters() {
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => parseProductFilters(params), [params])
  const update = useCallback(
    (changes: Partial<ProductFilters>) => {
      const next = { ...filters, ...changes }
      const search = new URLSearchParams()
      for (const key of ['q', 'status', 'category'] as const) if (next[key]) search.set(key, next[key])
      setParams(search, { replace: true })
    },
    [filters, setParams],
  )
  const filtered = Boolean(filters.q || filters.status || filters.category)
  return { filters, update, clear: () => setParams(new URLSearchParams(), { replace: true }), filtered }
}
