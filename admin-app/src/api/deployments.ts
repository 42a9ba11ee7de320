import { type DeployableRemote, deploymentsContract } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

export const deploymentKeys = {
  all: ['admin', 'deployments'] as const,
  list: () => ['admin', 'deployments', 'list'] as const,
}

export const deploymentsQuery = () =>
  queryOptions({
    queryKey: deploymentKeys.list(),
    queryFn: ({ signal }) => request(deploymentsContract.list, { signal }),
    retry: retryOnce,
  })

export const activateReleaseMutation = () => ({
  mutationFn: ({ remote, version }: { remote: DeployableRemote; version: string }) =>
    request(deploymentsContract.activate, { params: { remote }, body: { version } }),
})

export const rollbackMutation = () => ({
  mutationFn: ({ remote }: { remote: DeployableRemote; to: string }) =>
    request(deploymentsContract.rollback, { params: { remote } }),
})

export const canaryMutation = () => ({
  mutationFn: ({ remote, version, share }: { remote: DeployableRemote; version: string; share: number }) =>
    request(deploymentsContract.canary, { params: { remote }, body: { version, share } }),
})

export const promoteCanaryMutation = () => ({
  mutationFn: ({ remote }: { remote: DeployableRemote; version: string }) =>
    request(deploymentsContract.promote, { params: { remote } }),
})

export const stopCanaryMutation = () => ({
  mutationFn: ({ remote }: { remote: DeployableRemote; version: string }) =>
    request(deploymentsContract.stopCanary, { params: { remote } }),
})
