import {
  type CategoryDetail,
  type CategorySummary,
  type EndpointDef,
  type EndpointRequest,
  type EndpointResponse,
  FEATURED_RESOURCES_LIMIT,
  GALLERY_SLUG_PREFIXES,
  type GalleryKey,
  type Resource,
  resourcesEndpoints,
} from '@lamplight/contracts'
import { ApiError, request } from '@lamplight/session'
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'

/**
 * The resource library's data: query-key factories and `queryOptions` over one loader, so
 * components never build keys or call fetch (README, "How we build"). Server rendering
 * can prefetch through the same options.
 */

/** How many results one request brings (the API allows up to 100). */
export const RESULTS_PAGE_SIZE = 60

/** A missing resource or a bad request: the page's not-found state, not a failure to retry. */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/** Calls one endpoint of the library; failures other than not-found are logged (spec, section 8). */
async function load<E extends EndpointDef>(
  endpoint: E,
  input: EndpointRequest<E> & { signal?: AbortSignal },
): Promise<EndpointResponse<E>> {
  try {
    return await request(endpoint, input)
  } catch (error) {
    if (!isNotFound(error) && !input.signal?.aborted)
      console.warn(`[resources] could not load ${endpoint.path}`, error)
    throw error
  }
}

/**
 * A missing thing as data (`null`), not as a failure: the answer is then kept and sent along
 * with a server-rendered page like any other, so the server renders the not-found state (and
 * answers 404) instead of a spinner, and the browser hydrates the same page without asking
 * again. Any other failure stays an error (Retry).
 */
const orNotFound = <T>(loading: Promise<T>): Promise<T | null> =>
  loading.catch((error: unknown) => {
    if (isNotFound(error)) return null
    throw error
  })

/** A missing resource or a bad request will not change on a retry; a network blip might. */
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500)
const common = { retry, retryDelay: 800 } as const

export type ResourceFilters = { category?: string; q?: string; age?: string }

export const resourceKeys = {
  all: ['resources'] as const,
  categories: () => ['resources', 'categories'] as const,
  category: (slug: string) => ['resources', 'category', slug] as const,
  featured: () => ['resources', 'featured'] as const,
  list: (filters: ResourceFilters) => ['resources', 'list', filters] as const,
  any: (category: string) => ['resources', 'list', { category }, 'any'] as const,
  item: (slug: string) => ['resources', 'item', slug] as const,
  gallery: (gallery: GalleryKey) => ['resources', 'gallery', gallery] as const,
  collections: (q: string) => ['resources', 'collections', q] as const,
}

/** Colouring-gallery pages appear only in their galleries (spec, section 5); the API leaves them out too. */
export const isGalleryPage = (resource: Pick<Resource, 'slug'>) =>
  GALLERY_SLUG_PREFIXES.some((prefix) => resource.slug.startsWith(prefix))

const listQuery = (filters: ResourceFilters, page: number, pageSize = RESULTS_PAGE_SIZE) => ({
  category: filters.category || undefined,
  q: filters.q || undefined,
  age: filters.age || undefined,
  page,
  page_size: pageSize,
})

export const resourceQueries = {
  categories: () =>
    queryOptions({
      ...common,
      queryKey: resourceKeys.categories(),
      queryFn: ({ signal }) => load(resourcesEndpoints.categories, { signal }),
      select: (r): CategorySummary[] => r.data,
    }),
  category: (slug: string) =>
    queryOptions({
      ...common,
      queryKey: resourceKeys.category(slug),
      queryFn: ({ signal }) => orNotFound(load(resourcesEndpoints.category, { params: { slug }, signal })),
      // null: there is no such category.
      select: (r): CategoryDetail | null => r?.data ?? null,
    }),
  featured: () =>
    queryOptions({
      ...common,
      queryKey: resourceKeys.featured(),
      queryFn: ({ signal }) => load(resourcesEndpoints.featured, { signal }),
      select: (r) => r.data.slice(0, FEATURED_RESOURCES_LIMIT),
    }),
  /** Published resources, newest first, a page at a time. */
  list: (filters: ResourceFilters) =>
    infiniteQueryOptions({
      ...common,
      queryKey: resourceKeys.list(filters),
      queryFn: ({ pageParam, signal }) =>
        load(resourcesEndpoints.list, { query: listQuery(filters, pageParam), signal }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
      select: (r) => r.pages.flatMap((p) => p.data).filter((resource) => !isGalleryPage(resource)),
      // Typing in the search box keeps the previous results on screen until the new ones arrive.
      placeholderData: keepPreviousData,
    }),
  /** Whether a category lists anything at all (to tell "none yet" from "none match"). */
  hasAny: (category: string) =>
    queryOptions({
      ...common,
      queryKey: resourceKeys.any(category),
      queryFn: ({ signal }) =>
        load(resourcesEndpoints.list, { query: listQuery({ category }, 1, 1), signal }),
      select: (r) => r.data.length > 0,
    }),
  item: (slug: string) =>
    queryOptions({
      ...common,
      queryKey: resourceKeys.item(slug),
      queryFn: ({ signal }) => orNotFound(load(resourcesEndpoints.item, { params: { slug }, signal })),
      // null: there is no such resource (or it is not published).
      select: (r) => r?.data ?? null,
    }),
  gallery: (gallery: GalleryKey) =>
    queryOptions({
      ...common,
      queryKey: resourceKeys.gallery(gallery),
      queryFn: ({ signal }) => load(resourcesEndpoints.gallery, { params: { gallery }, signal }),
      select: (r) => r.data,
    }),
  /** The colouring collections a search leads to (their pages are not search results themselves). */
  collections: (q: string) =>
    queryOptions({
      ...common,
      queryKey: resourceKeys.collections(q),
      queryFn: ({ signal }) => load(resourcesEndpoints.collections, { query: { q }, signal }),
      select: (r) => r.data,
    }),
}

export const useCategories = () => useQuery(resourceQueries.categories())
export const useCategory = (slug: string) => useQuery(resourceQueries.category(slug))
export const useFeatured = () => useQuery(resourceQueries.featured())
export const useResourceList = (filters: ResourceFilters, { enabled = true } = {}) =>
  useInfiniteQuery({ ...resourceQueries.list(filters), enabled })
export const useCategoryHasResources = (category: string, { enabled = true } = {}) =>
  useQuery({ ...resourceQueries.hasAny(category), enabled })
export const useResource = (slug: string) => useQuery(resourceQueries.item(slug))
export const useGallery = (gallery: GalleryKey) => useQuery(resourceQueries.gallery(gallery))
export const useCollections = (q: string) => useQuery({ ...resourceQueries.collections(q), enabled: !!q })
