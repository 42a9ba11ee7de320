import type { ResourceDetail } from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { ErrorState, LoadingState, PageContainer } from '@lamplight/ui'
import type { ReactNode } from 'react'
import { isNotFound, useResource } from '../api/resources'
import { RESOURCE_NOT_FOUND } from '../lib/labels'
import { NotFoundState } from './not-found-state'

/**
 * Loads the resource at `slug` and renders `children` with it; until then the page's
 * placeholder head (`title`, `description`) over a loading state, a failed load with
 * Retry, or Resource Not Found. Shared by every page that shows one resource by slug.
 */
export function ResourceBySlug({
  slug,
  title,
  description,
  children,
}: {
  slug: string
  title: string
  description: string
  children: (resource: ResourceDetail) => ReactNode
}) {
  const resource = useResource(slug)
  // Both pages point their head at the resource's own page: that is the one to index.
  const pendingMeta = <PageMeta title={title} description={description} path={`/resources/item/${slug}`} />
  if (resource.isPending)
    return (
      <>
        {pendingMeta}
        <LoadingState label="Loading resource..." />
      </>
    )
  // A failed load is not "not found": say so and offer Retry.
  if (resource.isError && !isNotFound(resource.error))
    return (
      <PageContainer>
        {pendingMeta}
        <ErrorState onRetry={() => resource.refetch()} retrying={resource.isFetching} />
      </PageContainer>
    )
  if (!resource.data)
    return (
      <NotFoundState
        title={RESOURCE_NOT_FOUND}
        message="We couldn't find that resource. It may have been moved or is no longer available."
      />
    )
  return children(resource.data)
}
