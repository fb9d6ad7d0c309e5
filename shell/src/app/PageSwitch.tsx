// The client side of "one access table": every navigation is matched against the shared route
// table and checked with the same rule function the server runs before sending HTML.
import { Navigate, useLocation } from 'react-router';
import { checkAccess, matchRoute, selectUser, type AppName } from '@hostdash/shared-auth';
import { RemoteFeature } from '../remotes/RemoteFeature';
import { ChallengePage } from '../pages/ChallengePage';
import { ErrorPage } from '../pages/ErrorPage';
import { LoginPage } from '../pages/LoginPage';
import { LogoutPage } from '../pages/LogoutPage';
import { ResetPasswordPage } from '../pages/ResetPasswordPage';
import type { ShellPageProps } from '../pages/ShellPageProps';
import { useAppSelector } from './hooks';
import { useClientConfig } from './ShellContext';
import { useDeployedApps } from './useDeployedApps';

const SHELL_PAGES: Record<string, (props: ShellPageProps) => React.JSX.Element> = {
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
    return <Page params={match.params} />;
  }
  const app = appFor(route.path, route.app, deployed);
  // Keyed by app: moving between two pages of one remote updates its parcel instead of remounting.
  return <RemoteFeature key={app} app={app} />;
}
