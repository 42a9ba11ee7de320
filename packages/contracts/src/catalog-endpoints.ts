import type { catalogContract } from './catalog'
import { callable } from './endpoint'

/** The catalogue's endpoints for a browser: method and path only (decision 021). */
export const catalogEndpoints = callable<typeof catalogContract>({
  product: { method: 'GET', path: '/products/:slug' },
  access: { method: 'GET', path: '/products/:slug/access' },
})
