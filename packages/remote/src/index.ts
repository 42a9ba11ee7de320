export { type RemotePages, RemoteRoutes } from './remote-routes'
