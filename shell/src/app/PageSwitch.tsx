// The client side of "one access table": every navigation is matched against the shared route
// table and checked with the same rule function the server runs before sending HTML.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { checkAccess, LOGOUT_PATH, type RouteDef } from '@hostdash/shared-auth';
import { LoginPage } from '../pages/LoginPage';
import type { ShellPageProps } from '../pages/ShellPageProps';
import { refusalInPlace } from './refusalInPlace';
import { useSession } from './session';
import { useClientConfig } from './ShellContext';

// The sign-in page comes with the shell; every other page is its own chunk, and so is what a
// remote's page needs (the dashboard, Shell.tsx): a cold /login loads only what signing in takes.
const AcceptInvitePage = lazy(() =>
  import('../pages/AcceptInvitePage').then((m) => ({ default: m.AcceptInvitePage })),
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
const ServerUnreachablePage = lazy(() =>
  import('../pages/ServerUnreachablePage').then((m) => ({ default: m.ServerUnreachablePage })),
);

/** While a page's code arrives: its space, so nothing below moves. */
export function PageFallback() {
  return <Box sx={{ minHeight: '60vh' }} />;
}

const SHELL_PAGES: Record<string, ComponentType<ShellPageProps>> = {
  '/login': LoginPage,
  '/login/challenge': ChallengePage,
  '/logout': LogoutPage,
  '/account/reset/:token?': ResetPasswordPage,
  '/accept-invite/:token': AcceptInvitePage,
  '/error/:id?': ErrorPage,
};

/** `remotePage` renders a page of a remote (the shell's own pages are here). */
export function PageSwitch({ remotePage }: { remotePage: (route: RouteDef) => ReactNode }) {
  const location = useLocation();
  const { user, apiUnreachable } = useSession();
  const { stage, billingBypass } = useClientConfig();

  // Nobody can say who this is until the API answers: the same page the server sends then (503),
  // on every address but the sign-out page, which works without the API.
  if (apiUnreachable && location.pathname !== LOGOUT_PATH) {
    return (
      <Suspense fallback={<PageFallback />}>
        <ServerUnreachablePage />
      </Suspense>
    );
  }

  const decision = checkAccess({
    pathname: location.pathname,
    search: location.search,
    user,
    stage,
    billingBypass,
  });
  // Not found or not allowed: said at the address the user opened, which they keep.
  const refusal = refusalInPlace(decision);
  if (refusal) {
    return (
      <Suspense fallback={<PageFallback />}>
        <ErrorPage params={{ id: refusal.page }} />
      </Suspense>
    );
  }
  if (!decision.allowed) return <Navigate to={decision.redirect} replace />;

  const { match } = decision;
  const { route } = match;

  if (route.app === 'shell') {
    if (route.path === '/health') {
      window.location.assign('/health');
      return null;
    }
    const Page = SHELL_PAGES[route.path] ?? ErrorPage;
    return (
      <Suspense fallback={<PageFallback />}>
        <Page params={match.params} />
      </Suspense>
    );
  }
  return <Suspense fallback={<PageFallback />}>{remotePage(route)}</Suspense>;
}
