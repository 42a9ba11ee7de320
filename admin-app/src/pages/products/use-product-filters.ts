import { PRODUCT_CATEGORIES, PRODUCT_STATUSES } from '@lamplight/contracts'
import type { ProductFilters } from '../../api/products'
import { useUrlFilters } from '../../lib/use-url-filters'

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

export const useProductFilters = () => useUrlFilters(parseProductFilters, { replace: true })
