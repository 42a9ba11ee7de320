import {
  ApiError,
  apiFetch,
  type Collection,
  FEATURED_RESOURCES_LIMIT,
  GALLERY_SLUG_PREFIXES,
} from '@lamplight/contracts'
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type {
  CategoryDetail,
  CategorySummary,
  GalleryItem,
  GalleryKey,
  Resource,
  ResourceDetail,
  ResourceList,
} from './types'

/** How many results one request brings (the API allows up to 100). */
export const RESULTS_PAGE_SIZE = 60

export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/**
 * GET from our API. Failures are only logged (spec, section 8): the screens show their
 * empty or not-found state. A 404 is the not-found state itself, not a failure.
 */
async function load<T>(path: string, signal?: AbortSignal): Promise<T> {
  try {
    return await apiFetch<T>(path, { signal })
  } catch (error) {
    if (!isNotFound(error) && !signal?.aborted) console.warn(`[resources] could not load ${path}`, error)
    throw error
  }
}

/** A missing resource or a bad request will not change on a retry; a network blip might. */
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500)
const common = { retry, retryDelay: 800 } as const

export const resourceKeys = {
  all: ['resources'] as const,
  categories: () => ['resources', 'categories'] as const,
  category: (slug: string) => ['resources', 'category', slug] as const,
  featured: () => ['resources', 'featured'] as const,
  list: (filters: ResourceFilters) => ['resources', 'list', filters] as const,
  item: (slug: string) => ['resources', 'item', slug] as const,
  gallery: (gallery: GalleryKey) => ['resources', 'gallery', gallery] as const,
  collections: (q: string) => ['resources', 'collections', q] as const,
}

export function useCategories() {
  return useQuery({
    ...common,
    queryKey: resourceKeys.categories(),
    queryFn: ({ signal }) => load<{ data: CategorySummary[] }>('/api/resources/categories', signal),
    select: (r) => r.data,
  })
}

export function useCategory(slug: string) {
  return useQuery({
    ...common,
    queryKey: resourceKeys.category(slug),
    queryFn: ({ signal }) =>
      load<{ data: CategoryDetail }>(`/api/resources/categories/${encodeURIComponent(slug)}`, signal),
    select: (r) => r.data,
  })
}

export function useFeatured() {
  return useQuery({
    ...common,
    queryKey: resourceKeys.featured(),
    queryFn: ({ signal }) => load<{ data: Resource[] }>('/api/resources/featured', signal),
    select: (r) => r.data.slice(0, FEATURED_RESOURCES_LIMIT),
  })
}

/** Colouring-gallery pages appear only in their galleries (spec, section 5); the API leaves them out too. */
export const isGalleryPage = (resource: Pick<Resource, 'slug'>) =>
  GALLERY_SLUG_PREFIXES.some((prefix) => resource.slug.startsWith(prefix))

export type ResourceFilters = { category?: string; q?: string; age?: string }

export function listPath(filters: ResourceFilters, page: number, pageSize = RESULTS_PAGE_SIZE): string {
  const params = new URLSearchParams()
  if (filters.category) params.set('category', filters.category)
  if (filters.q) params.set('q', filters.q)
  if (filters.age) params.set('age', filters.age)
  params.set('page', String(page))
  params.set('page_size', String(pageSize))
  return `/api/resources?${params}`
}

/** Published resources, newest first, a page at a time; `enabled: false` to wait. */
export function useResourceList(filters: ResourceFilters, { enabled = true } = {}) {
  return useInfiniteQuery({
    ...common,
    queryKey: resourceKeys.list(filters),
    queryFn: ({ pageParam, signal }) => load<ResourceList>(listPath(filters, pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    select: (r) => r.pages.flatMap((p) => p.data).filter((resource) => !isGalleryPage(resource)),
    // Typing in the search box keeps the previous results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** Whether a category lists anything at all (to tell "none yet" from "none match"). */
export function useCategoryHasResources(category: string, { enabled = true } = {}) {
  return useQuery({
    ...common,
    queryKey: [...resourceKeys.list({ category }), 'any'],
    queryFn: ({ signal }) => load<ResourceList>(listPath({ category }, 1, 1), signal),
    select: (r) => r.data.length > 0,
    enabled,
  })
}

export function useResource(slug: string) {
  return useQuery({
    ...common,
    queryKey: resourceKeys.item(slug),
    queryFn: ({ signal }) =>
      load<{ data: ResourceDetail }>(`/api/resources/item/${encodeURIComponent(slug)}`, signal),
    select: (r) => r.data,
  })
}

export function useGallery(gallery: GalleryKey) {
  return useQuery({
    ...common,
    queryKey: resourceKeys.gallery(gallery),
    queryFn: ({ signal }) => load<{ data: GalleryItem[] }>(`/api/resources/galleries/${gallery}`, signal),
    select: (r) => r.data,
  })
}

/** The colouring collections a search leads to (their pages are not search results themselves). */
export function useCollections(q: string) {
  return useQuery({
    ...common,
    queryKey: resourceKeys.collections(q),
    queryFn: ({ signal }) =>
      load<{ data: Collection[] }>(`/api/resources/collections?q=${encodeURIComponent(q)}`, signal),
    select: (r) => r.data,
    enabled: !!q,
  })
}
