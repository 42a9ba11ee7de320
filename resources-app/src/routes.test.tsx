import { itRendersEveryOwnedRoute } from '@lamplight/config/testing'
import { describe } from 'vitest'
import ResourcesRoutes from './routes'

describe('resources-app routes', () => {
  itRendersEveryOwnedRoute('resources-app', ResourcesRoutes)
})
