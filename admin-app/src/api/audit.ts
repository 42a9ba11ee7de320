import { adminAuditContract } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

export type AuditFilters = { entity?: string; page: number }

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
}

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) =>
      request(adminAuditContract.list, {
        query: { entity: filters.entity || undefined, page: filters.page },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })
