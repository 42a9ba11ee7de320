import { ApiError, apiFetch, type ProductView } from '@lamplight/contracts'
import { useQuery } from '@tanstack/react-query'

/** A product for sale, from the API (its `price` is in cents). */
export function useProduct(slug: string) {
  return useQuery({
    queryKey: ['products', slug],
    queryFn: async () => (await apiFetch<{ data: ProductView }>(`/api/products/${slug}`)).data,
    // A product that is not for sale will not be a moment later.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
}
