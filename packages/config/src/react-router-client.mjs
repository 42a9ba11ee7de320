// The browser's react-router, shared as the `react-router` singleton (decisions 021, 026).
// Module Federation cannot tree-shake a shared library: a remote may ask for any of its
// exports, so whatever this module exports ships on every first load. The site routes with
// react-router's declarative router (<Routes>, the shell's own history, scroll restoration
// and navigation blocker), so this is that half only: no data router (createBrowserRouter,
// loaders, actions, fetchers, forms, useBlocker), no server or framework half. 16 KB gzip
// instead of 34 KB. And of that half, only the names our browser code imports: the 17 others
// (matchPath, generatePath, useRoutes, useOutletContext, ...) went in 2026-11-24 (with the
// unused names of TanStack Query, 0.8 KB gzip). `shared.test.ts` fails when an app's browser
// code imports a name that is not here; add it deliberately (and measure), or do without.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory,
  UNSAFE_NavigationContext,
  unstable_HistoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from '@lamplight/react-router-impl'
