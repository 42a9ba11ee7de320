import { FEATURED_RESOURCES_LIMIT, GALLERIES, resourcesContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
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

/** Public resource library. Only published resources are ever listed, counted or shown. */
export const resourcesRouter = defineRouter('/resources')
  .handle(resourcesContract.categories, async ({ c, db }) =>
    c.json({ data: await listCategoriesWithCounts(db) }),
  )
  .handle(resourcesContract.category, async ({ c, db, params }) => {
    const category = await findCategory(db, params.slug)
    if (!category) throw notFound('Category Not Found')
    return c.json({ data: { ...category, age_ranges: await listAgeRanges(db, category.id) } })
  })
  .handle(resourcesContract.featured, async ({ c, db }) =>
    c.json({ data: await listFeatured(db, FEATURED_RESOURCES_LIMIT) }),
  )
  .handle(resourcesContract.item, async ({ c, db, params }) => {
    const resource = await findPublishedResource(db, params.slug)
    if (!resource) throw notFound('Resource Not Found')
    return c.json({ data: resource })
  })
  .handle(resourcesContract.gallery, async ({ c, db, params }) =>
    c.json({ data: await listGallery(db, GALLERIES[params.gallery]) }),
  )
  .handle(resourcesContract.collections, async ({ c, db, query }) =>
    c.json({ data: await searchCollections(db, query.q) }),
  )
  // Listing and search: by category (`category`), across the library when none is given.
  .handle(resourcesContract.list, async ({ c, db, query }) => {
    let categoryId: string | undefined
    if (query.category) {
      const category = await findCategory(db, query.category)
      if (!category) throw notFound('Category Not Found')
      categoryId = category.id
    }
    const result = await listResources(db, {
      categoryId,
      q: query.q,
      age: query.age,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    })
    return c.json({ ...result, page: query.page, page_size: query.page_size })
  })
