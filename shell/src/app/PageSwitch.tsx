// The client side of "one access table": every navigation is matched against the shared route
// table and checked with the same rule function the server runs before sending HTML.
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { checkAccess, matchRoute, selectUser, type AppName } from '@hostdash/shared-auth';
import { LoginPage } from '../pages/LoginPage';
import type { ShellPageProps } from '../pages/ShellPageProps';
import { useAppSelector } from './hooks';
import { useClientConfig } from './ShellContext';
import { useDeployedApps } from './useDeployedApps';

// The sign-in page comes with the shell; every other page is its own chunk, and so are the
// remote's mount (single-spa, the registry) and whatever a remote needs: a cold /login loads
// only what signing in takes.
const RemoteFeature = lazy(() =>
  import('../remotes/RemoteFeature').then((m) => ({ default: m.RemoteFeature })),
);
const ChallengePage = lazy(() =>
  import('../pages/ChallengePage').then((m) => ({ default: m.ChallengePage })),
);
const ErrorPage = lazy(() => import('../pages/ErrorPage').then((m) => ({ default: m.ErrorPage })));
const LogoutPage = lazy(() =>
  import('../pages/LogoutPage').then((m) => ({ default: m.LogoutPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);

/** While a page's code arrives: its space, so nothing below moves. */
const pageFallback = <Box sx={{ minHeight: '60vh' }} />;

const SHELL_PAGES: Record<string, ComponentType<ShellPageProps>> = {
  '/login': LoginPage,
  '/login/challenge': ChallengePage,
  '/logout': LogoutPage,
  '/account/reset/:token?': ResetPasswordPage,
  '/error/:id?': ErrorPage,
};

/**
 * Until the reservations remote renders the risks page, `/` shows the listings page (README).
 * Resolved from the live registry, so deploying reservations changes it without a shell build.
 */
function appFor(path: string, app: AppName, deployed: ReadonlySet<AppName>): AppName {
  if (path === '/' && app === 'reservations' && deployed.size > 0 && !deployed.has('reservations'))
    return 'listings';
  return app;
}

export function PageSwitch() {
  const location = useLocation();
  const user = useAppSelector(selectUser);
  const { stage, billingBypass } = useClientConfig();
  const deployed = useDeployedApps();

  const decision = checkAccess({
    pathname: location.pathname,
    search: location.search,
    user,
    stage,
    billingBypass,
  });
  if (!decision.allowed) return <Navigate to={decision.redirect} replace />;

  const match = matchRoute(location.pathname);
  if (!match) return <Navigate to="/error/not-found" replace />;
  const { route } = match;

  if (route.app === 'shell') {
    if (route.path === '/health') {
      window.location.assign('/health');
      return null;
    }
    const Page = SHELL_PAGES[route.path] ?? ErrorPage;
    return (
      <Suspense fallback={pageFallback}>
        <Page params={match.params} />
      </Suspense>
    );
  }
  const app = appFor(route.path, route.app, deployed);
  // Keyed by app: moving between two pages of one remote updates its parcel instead of remounting.
  return (
    <Suspense fallback={pageFallback}>
      <RemoteFeature key={app} app={app} />
    </Suspense>
  );
}
