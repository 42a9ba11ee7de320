import { itRendersEveryOwnedRoute } from '@lamplight/config/testing'
import { describe } from 'vitest'
import StorefrontRoutes from './routes'

describe('storefront routes', () => {
  itRendersEveryOwnedRoute('storefront', StorefrontRoutes)
})
