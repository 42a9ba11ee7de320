import { catalogEndpoints, type ProductView } from '@lamplight/contracts'
import { ApiError, request } from '@lamplight/session'
import { mutationOptions, queryOptions, useQuery } from '@tanstack/react-query'

/**
 * The catalogue as the public pages read it (issue 31): every product a visitor may see, and
 * one product by slug for its own page. Through the endpoint tables, never the contract: the
 * home page ships with the remote entry and must not bring zod with it (decision 021).
 */
export const catalogKeys = {
  list: () => ['products', 'list'] as const,
  /** Not `['products', slug]` (checkout's, which fails on a 404): here a 404 is data. */
  page: (slug: string) => ['products', slug, 'page'] as const,
}

/** A product that is not there will not be a moment later; a network blip might pass. */
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500)

export const catalogQueries = {
  /** Featured first in the owner's order, then on sale, sold out, coming soon (the API's order). */
  list: () =>
    queryOptions({
      queryKey: catalogKeys.list(),
      queryFn: async ({ signal }) => (await request(catalogEndpoints.list, { signal })).data,
      retry,
    }),
  /**
   * One product, or `null` when the shop has no such public product (unknown or draft): kept
   * as data, so a server render sends the page's not-found state with a 404 instead of a
   * spinner, and the browser hydrates it without asking again. Other failures stay errors.
   */
  page: (slug: string) =>
    queryOptions({
      queryKey: catalogKeys.page(slug),
      queryFn: async ({ signal }): Promise<ProductView | null> => {
        try {
          return (await request(catalogEndpoints.product, { params: { slug }, signal })).data
        } catch (error) {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null
          throw error
        }
      },
      retry,
    }),
}

export const useCatalog = () => useQuery(catalogQueries.list())
export const useCatalogProduct = (slug: string) => useQuery(catalogQueries.page(slug))

export const catalogMutations = {
  /** "Tell me when it's ready": the API mails a confirmation link (the answer is the same for any address). */
  notify: (slug: string) =>
    mutationOptions({
      mutationFn: (body: { email: string }) => request(catalogEndpoints.notify, { params: { slug }, body }),
    }),
}
