export { type RemotePages, RemoteRoutes } from './remote-routes'
export type { PrefetchLocation, PrefetchRoute, RemoteRoutesModule } from './routes-module'
