import {
  buildPath,
  adminProductsContract as contract,
  type EditableProduct,
  PRODUCT_ALT_HEADER,
  type ProductCategory,
  type ProductInput,
  type ProductStatus,
  quantityPricesContract,
} from '@lamplight/contracts'
import { apiBase, apiFetch, request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

/** Product management (issue 31): keys, queries and mutations of the admin's product screens. */
export type ProductFilters = { q?: string; status?: ProductStatus; category?: ProductCategory }

/** Under `['admin', 'products']`, beside the grant dialog's list, so a save refreshes both. */
export const productKeys = {
  all: ['admin', 'products'] as const,
  list: (filters: ProductFilters) => ['admin', 'products', 'list', filters] as const,
  lowStock: () => ['admin', 'products', 'low-stock'] as const,
  product: (id: string) => ['admin', 'products', 'one', id] as const,
}

export const adminProductsQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ signal }) =>
      request(contract.list, {
        query: { q: filters.q || undefined, status: filters.status, category: filters.category },
        signal,
      }),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

/** Products at or under their low-stock line (the API decides, from each product's threshold). */
export const lowStockQuery = () =>
  queryOptions({
    queryKey: productKeys.lowStock(),
    queryFn: ({ signal }) => request(contract.list, { query: { low_stock: 'true' }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const editableProductQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.product(id),
    queryFn: ({ signal }) => request(contract.get, { params: { id }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const saveProductMutation = () => ({
  mutationFn: async ({ id, input }: { id: string | null; input: ProductInput }) =>
    (id
      ? await request(contract.update, { params: { id }, body: input })
      : await request(contract.create, { body: input })
    ).data,
})

/** One picture: its bytes are the body, its alt text a header (the API checks both). */
export const uploadImage = async ({ id, file, alt }: { id: string; file: File; alt: string }) =>
  (
    await apiFetch<{ data: EditableProduct }>(`/api${buildPath(contract.uploadImage.path, { id })}`, {
      method: contract.uploadImage.method,
      body: file,
      headers: { [PRODUCT_ALT_HEADER]: encodeURIComponent(alt) },
    })
  ).data

export const updateImagesMutation = (id: string) => ({
  mutationFn: async (images: { id: string; alt: string }[]) =>
    (await request(contract.updateImages, { params: { id }, body: { images } })).data,
})

export const removeImageMutation = (id: string) => ({
  mutationFn: async (imageId: string) =>
    (await request(contract.removeImage, { params: { id, imageId } })).data,
})

/** A picture's address from the API (`/api/…`), reachable from the standalone console too. */
export const pictureSrc = (url: string, width?: number) =>
  `${url.startsWith('/api/') ? apiBase() : ''}${url}${width ? `?w=${width}` : ''}`

/** Group pricing (issue 32): "10 or more at $39.99 each", applied by the cart on the server. */
export const quantityPricesQuery = (id: string) =>
  queryOptions({
    queryKey: [...productKeys.product(id), 'quantity-prices'] as const,
    queryFn: ({ signal }) => request(quantityPricesContract.read, { params: { id }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const saveQuantityPricesMutation = (id: string) => ({
  mutationFn: async (tiers: { minQuantity: number; unitPriceCents: number }[]) =>
    (await request(quantityPricesContract.replace, { params: { id }, body: { tiers } })).data,
})
