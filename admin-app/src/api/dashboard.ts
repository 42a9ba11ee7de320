import {
  adminDashboardContract,
  adminProductsContract,
  adminUsersContract,
  type PuzzleContentUpdate,
  type UserRole,
} from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

export const dashboardKeys = {
  all: ['admin'] as const,
  summary: () => ['admin', 'summary'] as const,
  customers: (filters: { q?: string; page: number }) => ['admin', 'customers', filters] as const,
  products: () => ['admin', 'products'] as const,
  puzzleContent: () => ['admin', 'puzzle-content'] as const,
  progress: (page: number) => ['admin', 'progress', page] as const,
}

export const summaryQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => request(adminDashboardContract.summary, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const customersQuery = (filters: { q?: string; page: number }) =>
  queryOptions({
    queryKey: dashboardKeys.customers(filters),
    queryFn: ({ signal }) =>
      request(adminUsersContract.customers, {
        query: { q: filters.q || undefined, page: filters.page },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const productsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.products(),
    // The catalogue's own list (products of every status: access can be granted to any).
    queryFn: ({ signal }) => request(adminProductsContract.list, { signal }),
    select: (r) => r.data,
    staleTime: 5 * 60_000,
    retry: retryOnce,
  })

export const puzzleContentQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.puzzleContent(),
    queryFn: ({ signal }) => request(adminDashboardContract.puzzleContent, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const progressQuery = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.progress(page),
    queryFn: ({ signal }) => request(adminDashboardContract.progress, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const grantAccessMutation = () => ({
  mutationFn: ({ userId, productId }: { userId: string; productId?: string }) =>
    request(adminDashboardContract.grant, { params: { id: userId }, body: { productId } }),
})

export const setRoleMutation = () => ({
  mutationFn: ({ userId, role }: { userId: string; role: UserRole }) =>
    request(adminUsersContract.setRole, { params: { id: userId }, body: { role } }),
})

export const updatePuzzleContentMutation = () => ({
  mutationFn: ({ id, values }: { id: string; values: PuzzleContentUpdate }) =>
    request(adminDashboardContract.updatePuzzleContent, { params: { id }, body: values }),
})

export const resetProgressMutation = () => ({
  mutationFn: ({ userId, productId }: { userId: string; productId: string }) =>
    request(adminDashboardContract.resetProgress, { params: { userId, productId } }),
})
