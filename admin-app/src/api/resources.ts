import { adminResourcesContract } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

export const resourceKeys = {
  all: ['admin', 'resources'] as const,
  list: (filters: { q?: string; page: number }) => ['admin', 'resources', 'list', filters] as const,
}

export const adminResourcesQuery = (filters: { q?: string; page: number }) =>
  queryOptions({
    queryKey: resourceKeys.list(filters),
    queryFn: ({ signal }) =>
      request(adminResourcesContract.list, {
        query: { q: filters.q || undefined, page: filters.page },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const setPublishedMutation = () => ({
  mutationFn: ({ id, published }: { id: string; published: boolean }) =>
    request(adminResourcesContract.setPublished, { params: { id }, body: { published } }),
})

export const deleteResourceMutation = () => ({
  mutationFn: (id: string) => request(adminResourcesContract.remove, { params: { id } }),
})
