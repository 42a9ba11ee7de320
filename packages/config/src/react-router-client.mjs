// The browser's react-router, shared as the `react-router` singleton (decisions 021, 026).
// Module Federation cannot tree-shake a shared library: a remote may ask for any of its
// exports, so whatever this module exports ships on every first load. The site routes with
// react-router's declarative router (<Routes>, the shell's own history, scroll restoration
// and navigation blocker), so this is that half only: no data router (createBrowserRouter,
// loaders, actions, fetchers, forms, useBlocker), no server or framework half. 16 KB gzip
// instead of 34 KB. `shared.test.ts` fails when an app's browser code imports a name that
// is not here; add it deliberately (and measure), or do without.
export {
  BrowserRouter,
  createPath,
  createSearchParams,
  generatePath,
  Link,
  MemoryRouter,
  matchPath,
  matchRoutes,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  parsePath,
  Route,
  Router,
  Routes,
  resolvePath,
  UNSAFE_createBrowserHistory,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  unstable_HistoryRouter,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '@lamplight/react-router-impl'
