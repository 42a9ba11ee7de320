export {
  type Blocker,
  type BlockingNavigator,
  type NavigationBlock,
  type Transition,
  useNavigationBlocker,
} from './navigation-blocker'
export { type RemotePages, RemoteRoutes } from './remote-routes'
export type { PrefetchLocation, PrefetchRoute, RemoteRoutesModule } from './routes-module'
