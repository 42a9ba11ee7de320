import { mountStandalone } from '@lamplight/remote/harness'
import PuzzleRoutes from './routes'

// The standalone harness: this remote alone, with the providers the shell would give it.
mountStandalone('puzzle-app', PuzzleRoutes)
