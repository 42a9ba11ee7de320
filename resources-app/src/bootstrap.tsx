import { mountStandalone } from '@lamplight/remote/harness'
import ResourcesRoutes from './routes'

// The standalone harness: this remote alone, with the providers the shell would give it.
mountStandalone('resources-app', ResourcesRoutes)
