import { itRendersEveryOwnedRoute } from '@lamplight/config/testing'
import { describe } from 'vitest'
import PuzzleRoutes from './routes'

describe('puzzle-app routes', () => {
  itRendersEveryOwnedRoute('puzzle-app', PuzzleRoutes)
})
