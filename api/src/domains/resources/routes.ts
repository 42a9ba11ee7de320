import { FEATURED_RESOURCES_LIMIT, GALLERIES, resourcesContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { cachedJson, itemCacheKey } from '../../services/public-cache'
import { countEmptySearch } from '../insights/service'
import {
  findCategory,
  findPublishedResource,
  listAgeRanges,
  listCategoriesWithCounts,
  listFeatured,
  listGallery,
  listResources,
  searchCollections,
} from './queries'

/**
 * Public resource library. Only published resources are ever listed, counted or shown.
 * Every answer here is the same for every visitor, so each is served from the public cache
 * (keyed by its parsed input, invalidated by the admin writes: decision 014); a 404 is
 * thrown before anything is stored.
 */
export const resourcesRouter = defineRouter('/resources')
  .handle(resourcesContract.categories, async ({ c, db }) =>
    cachedJson(c, 'resources', 'categories', async () => ({ data: await listCategoriesWithCounts(db) })),
  )
  .handle(resourcesContract.category, async ({ c, db, params }) =>
    cachedJson(c, 'resources', `category:${params.slug}`, async () => {
      const category = await findCategory(db, params.slug)
      if (!category) throw notFound('Category Not Found')
      return { data: { ...category, age_ranges: await listAgeRanges(db, category.id) } }
    }),
  )
  .handle(resourcesContract.featured, async ({ c, db }) =>
    cachedJson(c, 'resources', 'featured', async () => ({
      data: await listFeatured(db, FEATURED_RESOURCES_LIMIT),
    })),
  )
  .handle(resourcesContract.item, async ({ c, db, params }) =>
    cachedJson(c, 'resources', itemCacheKey(params.slug), async () => {
      const resource = await findPublishedResource(db, params.slug)
      if (!resource) throw notFound('Resource Not Found')
      return { data: resource }
    }),
  )
  .handle(resourcesContract.gallery, async ({ c, db, params }) =>
    cachedJson(c, 'resources', `gallery:${params.gallery}`, async () => ({
      data: await listGallery(db, GALLERIES[params.gallery]),
    })),
  )
  .handle(resourcesContract.collections, async ({ c, db, query }) =>
    cachedJson(c, 'resources', `collections:${JSON.stringify(query)}`, async () => ({
      data: await searchCollections(db, query.q),
    })),
  )
  // Listing and search: by category (`category`), across the library when none is given.
  .handle(resourcesContract.list, async ({ c, db, query }) =>
    cachedJson(c, 'resources', `list:${JSON.stringify(query)}`, async () => {
      const result = await listResources(db, {
        category: query.category,
        q: query.q,
        age: query.age,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      })
      if (!result) throw notFound('Category Not Found')
      // Counted once per cache fill, off the request's path (decision 044).
      if (query.q && query.page === 1 && result.data.length === 0) countEmptySearch(db, query.q, c.get('log'))
      return { ...result, page: query.page, page_size: query.page_size }
    }),
  )
