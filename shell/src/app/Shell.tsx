// The shell's root: the theme, the one browser history, the layout (with the outage banner) and the
// session. A page with a user, or a remote's page, runs on the dashboard (Dashboard.tsx: the store,
// its sagas, the remotes), a chunk of its own; a sign-in page without a user does without it until
// someone signs in, and then the dashboard takes over in the same page (docs/adr/0007).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import {
  authApi,
  endsSession,
  matchRoute,
  type RouteDef,
  type SignedIn,
} from '@hostdash/shared-auth';
import type { ClientConfig } from '../config';
import { resetFlagsUser } from '../flags/featureFlags';
import { Layout } from '../layout/Layout';
import { theme } from '../theme';
import type { Dashboard } from './Dashboard';
import { PageFallback, PageSwitch } from './PageSwitch';
import { SessionContext, type PendingChallenge, type Session } from './session';
import { ShellProvider } from './ShellContext';
import { StyleNonce } from './StyleNonce';
import { report, setTelemetryUser } from '../telemetry/pageTelemetry';

/** The dashboard's code, loaded once. */
const dashboardCode = () => import('./Dashboard');

/** Loads the dashboard's code and starts it for this page. */
export function openDashboard(config: ClientConfig): Promise<Dashboard> {
  return dashboardCode().then((dashboard) => dashboard.startDashboard(config));
}

export function Shell({
  config,
  dashboard,
}: {
  config: ClientConfig;
  dashboard: Dashboard | null;
}) {
  return (
    <StyleNonce nonce={config.styleNonce}>
      <ShellProvider config={config}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <BrowserRouter>
            <ShellBody config={config} initialDashboard={dashboard} />
          </BrowserRouter>
        </ThemeProvider>
      </ShellProvider>
    </StyleNonce>
  );
}

const nobody = () => null;
const noChanges = () => () => undefined;

/** A remote's page before the dashboard is open: opens it, holding the page's space. */
function OpeningDashboard({ open }: { open: () => void }) {
  useEffect(open, [open]);
  return <PageFallback />;
}

function ShellBody({
  config,
  initialDashboard,
}: {
  config: ClientConfig;
  initialDashboard: Dashboard | null;
}) {
  const navigate = useNavigate();
  const [dashboard, setDashboard] = useState(initialDashboard);
  const [challenge, setChallenge] = useState<PendingChallenge | null>(null);
  const [apiUnreachable, setApiUnreachable] = useState(config.apiUnreachable);
  // Only the page load itself can have come from another site: any navigation in it ends that.
  const location = useLocation();
  const landing = useRef(location);
  const [confirmSignOut, setConfirmSignOut] = useState(config.confirmSignOut);
  useEffect(() => {
    if (location !== landing.current) setConfirmSignOut(false);
  }, [location]);
  const user = useSyncExternalStore(dashboard?.subscribe ?? noChanges, dashboard?.user ?? nobody);
  // The telemetry groups a user's events by a hash of their id; a signed-out page has none.
  const userId = user?.id ?? config.user?.id ?? null;
  useEffect(() => {
    void setTelemetryUser(userId);
  }, [userId]);
  // The shell's own pages (sign-in, errors) are route changes too; a remote's page reports its own
  // with its time to content (RemoteFeature).
  useEffect(() => {
    if (matchRoute(location.pathname)?.route.app === 'shell') report({ type: 'route_change' });
  }, [location.pathname]);

  // One dashboard per page, started on first need (a failed load is tried again next time).
  const opening = useRef<Promise<Dashboard> | null>(
    initialDashboard ? Promise.resolve(initialDashboard) : null,
  );
  const open = useCallback(() => {
    opening.current ??= openDashboard(config).catch((error: unknown) => {
      opening.current = null;
      throw error;
    });
    return opening.current;
  }, [config]);

  const showDashboard = useCallback(() => {
    open().then(setDashboard, (error: unknown) =>
      console.error('[shell] the dashboard cannot be loaded', error),
    );
  }, [open]);
  // Loaded beside the sign-in call, so it is usually there when the API answers; it starts (the
  // store, its sagas) only once someone has signed in. A failed load is reported by signIn.
  const expectSignIn = useCallback(() => {
    dashboardCode().catch(() => undefined);
  }, []);
  const signIn = useCallback(
    async (signedIn: SignedIn, next: string) => {
      const opened = await open();
      // Rendered together: the dashboard, signed in, at `next`.
      opened.signIn(signedIn);
      setChallenge(null);
      setDashboard(opened);
      navigate(next, { replace: true });
    },
    [open, navigate],
  );
  const signOut = useCallback(async () => {
    setChallenge(null);
    if (opening.current) {
      await opening.current.then((opened) => opened.signOut(), resetFlagsUser);
      return;
    }
    // No dashboard: nobody the server could name, but a session cookie may still be there (the API
    // could not say whose it is). The proxy clears it whatever the API answers.
    void resetFlagsUser();
    await authApi.logout().catch(() => undefined);
  }, []);
  const recheckSession = useCallback(async () => {
    try {
      const current = await authApi.loadAuth();
      if (!user || user.id !== current.id) {
        // Signed in after all: the dashboard starts with this user, here (as a sign-in would).
        const opened = await open();
        opened.signIn({ user: current });
        setDashboard(opened);
      }
      setApiUnreachable(false);
      return true;
    } catch (error) {
      if (!endsSession(error)) return false;
      // The proxy has cleared the cookie; the access rules now send the person to sign in.
      if (opening.current) void opening.current.then((opened) => opened.signOut());
      setApiUnreachable(false);
      return true;
    }
  }, [user, open]);

  const session = useMemo<Session>(
    () => ({
      user,
      challenge,
      setChallenge,
      expectSignIn,
      signIn,
      signOut,
      apiUnreachable,
      confirmSignOut,
      recheckSession,
    }),
    [
      user,
      challenge,
      expectSignIn,
      signIn,
      signOut,
      apiUnreachable,
      confirmSignOut,
      recheckSession,
    ],
  );
  const remotePage = useCallback(
    (route: RouteDef) =>
      dashboard ? (
        <dashboard.RemotePage route={route} />
      ) : (
        <OpeningDashboard open={showDashboard} />
      ),
    [dashboard, showDashboard],
  );

  const pages = (
    <Layout dashboard={dashboard}>
      <Routes>
        <Route path="*" element={<PageSwitch remotePage={remotePage} />} />
      </Routes>
    </Layout>
  );
  return (
    <SessionContext.Provider value={session}>
      {dashboard ? <dashboard.Frame>{pages}</dashboard.Frame> : pages}
    </SessionContext.Provider>
  );
}
