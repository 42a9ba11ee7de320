import type { EndpointDef } from './endpoint'
import type { resourcesContract } from './resources'

/**
 * What `request()` reads of an endpoint, its method and path, for each endpoint of a
 * contract, typed as the whole declaration so that a call keeps its request and answer
 * types. The declarations carry their zod schemas (the API parses with them), which a
 * browser has no use for: `request()` does not parse answers. A page that called through
 * the contract downloaded zod (~25 KB gzip on `/resources`, decision 021); pages call
 * through these tables instead. `resources-endpoints.test.ts` checks each entry against
 * its contract, so the two cannot drift. Only `method` and `path` exist at run time.
 */
function callable<C extends Record<string, EndpointDef>>(
  table: {
    [K in keyof C]: Pick<C[K], 'method' | 'path'>
  },
): C {
  return table as unknown as C
}

export const resourcesEndpoints = callable<typeof resourcesContract>({
  categories: { method: 'GET', path: '/resources/categories' },
  category: { method: 'GET', path: '/resources/categories/:slug' },
  featured: { method: 'GET', path: '/resources/featured' },
  item: { method: 'GET', path: '/resources/item/:slug' },
  gallery: { method: 'GET', path: '/resources/galleries/:gallery' },
  collections: { method: 'GET', path: '/resources/collections' },
  list: { method: 'GET', path: '/resources' },
})
