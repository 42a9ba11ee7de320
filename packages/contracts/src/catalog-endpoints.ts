import type { catalogContract } from './catalog'
import { callable } from './endpoint'

/** The catalogue's endpoints for a browser: method and path only (decision 021). */
export const catalogEndpoints = callable<typeof catalogContract>({
  list: { method: 'GET', path: '/products' },
  product: { method: 'GET', path: '/products/:slug' },
  access: { method: 'GET', path: '/products/:slug/access' },
  image: { method: 'GET', path: '/products/:slug/images/:imageId' },
  notify: { method: 'POST', path: '/products/:slug/notify' },
  notifyPage: { method: 'GET', path: '/products/notify/:action' },
  notifyAct: { method: 'POST', path: '/products/notify/:action' },
})
