import { contactContract } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

export const messageKeys = { all: ['admin', 'messages'] as const }

export const messagesQuery = () =>
  queryOptions({
    queryKey: messageKeys.all,
    queryFn: ({ signal }) => request(contactContract.inbox, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const markHandledMutation = () => ({
  mutationFn: ({ kind, id, handled }: { kind: 'contact' | 'prayer'; id: string; handled: boolean }) =>
    request(contactContract.markHandled, { params: { kind, id }, body: { handled } }),
})
