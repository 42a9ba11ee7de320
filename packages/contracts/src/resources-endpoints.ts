import { callable } from './endpoint'
import type { resourcesContract } from './resources'

/** The resource library's endpoints for a browser: method and path only (decision 021). */
export const resourcesEndpoints = callable<typeof resourcesContract>({
  categories: { method: 'GET', path: '/resources/categories' },
  category: { method: 'GET', path: '/resources/categories/:slug' },
  featured: { method: 'GET', path: '/resources/featured' },
  item: { method: 'GET', path: '/resources/item/:slug' },
  gallery: { method: 'GET', path: '/resources/galleries/:gallery' },
  collections: { method: 'GET', path: '/resources/collections' },
  list: { method: 'GET', path: '/resources' },
})
