import { formatCount, type ResourceDetail } from '@lamplight/contracts'
import { summarise } from '@lamplight/session'

export const RESOURCE_NOT_FOUND = 'Resource Not Found'

export const pagesLabel = (pages: number) => `${pages} ${pages === 1 ? 'page' : 'pages'}`

export const downloadsLabel = (n: number) => `${formatCount(n)} ${n === 1 ? 'download' : 'downloads'}`

export const resourcesLabel = (n: number) => `${n} ${n === 1 ? 'resource' : 'resources'}`

/** How many results are on screen; "more than" while further pages can be loaded. */
export const shownLabel = (n: number, more: boolean) =>
  more ? `More than ${resourcesLabel(n)}` : resourcesLabel(n)

export const collectionsLabel = (n: number) => `${n} colouring ${n === 1 ? 'collection' : 'collections'}`

/** A resource's meta description: its own words, or what it is and where it belongs when it has none. */
export const resourceDescription = (resource: Pick<ResourceDetail, 'title' | 'description' | 'category'>) =>
  summarise(
    resource.description ||
      `${resource.title}: a free ${resource.category.name} resource to download and print, from Lamplight Puzzle Co.`,
  )
