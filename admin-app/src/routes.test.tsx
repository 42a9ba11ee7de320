import { itRendersEveryOwnedRoute } from '@lamplight/config/testing'
import { describe } from 'vitest'
import AdminRoutes from './routes'

describe('admin-app routes', () => {
  itRendersEveryOwnedRoute('admin-app', AdminRoutes)
})
