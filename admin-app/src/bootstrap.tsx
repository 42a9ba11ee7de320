import { mountStandalone } from '@lamplight/config/harness'
import AdminRoutes from './routes'

// The standalone harness: this remote alone, with the providers the shell would give it.
mountStandalone('admin-app', AdminRoutes)
