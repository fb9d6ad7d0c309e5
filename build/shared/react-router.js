// The react-router the shell provides to the page, as the shared singleton `react-router`: the
// component-router API the dashboard's apps use. A shared module is not tree-shaken, and the whole
// package (data routers, server rendering, …) is 57 KB gzip; this much of it is what a page needs.
// A remote's build fails when it imports a name that is not here (build/webpack.federation.cjs,
// SurfacePlugin): add it here, and the shell provides it from its next build.
// `@hostdash/react-router-package` is react-router itself (an alias, so this file does not import
// the shared key it provides).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Router,
  Routes,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  createSearchParams,
  generatePath,
  matchPath,
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
} from '@hostdash/react-router-package';
