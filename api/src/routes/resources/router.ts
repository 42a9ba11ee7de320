import { FEATURED_RESOURCES_LIMIT } from '@lamplight/contracts'
import { Hono } from 'hono'
import { notFound } from '../../lib/errors'
import { validate } from '../../middleware/validate'
import type { AppEnv } from '../../types'
import {
  findCategory,
  findPublishedResource,
  listAgeRanges,
  listCategoriesWithCounts,
  listFeatured,
  listGallery,
  listResources,
} from './queries'
import { GALLERIES, GalleryParam, ResourceListQuery, SlugParam } from './schemas'

/** Public resource library. Only published resources are ever listed, counted or shown. */
export const resourcesRouter = new Hono<AppEnv>()
  .get('/resources/categories', async (c) => {
    return c.json({ data: await listCategoriesWithCounts(c.get('deps').database.db) })
  })
  .get('/resources/categories/:slug', validate('param', SlugParam), async (c) => {
    const db = c.get('deps').database.db
    const category = await findCategory(db, c.req.valid('param').slug)
    if (!category) throw notFound('Category Not Found')
    return c.json({ data: { ...category, age_ranges: await listAgeRanges(db, category.id) } })
  })
  .get('/resources/featured', async (c) => {
    return c.json({ data: await listFeatured(c.get('deps').database.db, FEATURED_RESOURCES_LIMIT) })
  })
  .get('/resources/item/:slug', validate('param', SlugParam), async (c) => {
    const resource = await findPublishedResource(c.get('deps').database.db, c.req.valid('param').slug)
    if (!resource) throw notFound('Resource Not Found')
    return c.json({ data: resource })
  })
  .get('/resources/galleries/:gallery', validate('param', GalleryParam), async (c) => {
    const prefix = GALLERIES[c.req.valid('param').gallery]
    return c.json({ data: await listGallery(c.get('deps').database.db, prefix) })
  })
  // Listing and search: by category (`category`), across the library when none is given.
  .get('/resources', validate('query', ResourceListQuery), async (c) => {
    const db = c.get('deps').database.db
    const query = c.req.valid('query')
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
