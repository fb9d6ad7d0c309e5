// One test helper for the dashboard's parts: the real store, configuration, session and theme, on
// a memory router. (The sign-in pages and the shell's own start run whole in app/Shell.test.tsx.)
import { useMemo, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { selectUser, type User } from '@hostdash/shared-auth';
import { useAppSelector } from '../app/hooks';
import { SessionContext, type Session } from '../app/session';
import { FeatureInjectionProvider, ShellProvider } from '../app/ShellContext';
import type { ClientConfig } from '../config';
import { createShellStore } from '../store/store';
import { theme } from '../theme';
import { demoUser } from '@hostdash/testing/demoUsers';

export const testConfig = (overrides: Partial<ClientConfig> = {}): ClientConfig => ({
  stage: 'prod',
  ssoCookie: 'hd_sso',
  flagsmith: { api: 'http://localhost/api/flagsmith/api/v1/', environmentKey: 'test' },
  guestPortalUrl: 'https://guest.example',
  billingBypass: false,
  user: null,
  remotes: null,
  remotesRecheckMs: 60_000,
  monitoringSampleRate: 0,
  styleNonce: '',
  apiUnreachable: false,
  confirmSignOut: false,
  ...overrides,
});

export const makeUser = demoUser;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The store's user as the session; signing in and out is not what these tests are about. */
function StoreSession({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  const session = useMemo<Session>(
    () => ({
      user,
      challenge: null,
      setChallenge: () => undefined,
      expectSignIn: () => undefined,
      signIn: async () => undefined,
      signOut: async () => undefined,
      apiUnreachable: false,
      confirmSignOut: false,
      recheckSession: async () => true,
    }),
    [user],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function renderShell(
  element: ReactNode,
  options: { path?: string; user?: User | null; config?: Partial<ClientConfig> } = {},
) {
  const user = options.user ?? null;
  const { store, injectFeature } = createShellStore({
    user,
    identifyUser: async () => undefined,
    resetUser: async () => undefined,
  });
  const services = {
    config: testConfig({ user, ...options.config }),
    injectFeature: jest.fn(injectFeature),
  };
  const view = render(
    <ShellProvider config={services.config}>
      <Provider store={store}>
        <FeatureInjectionProvider injectFeature={services.injectFeature}>
          <StoreSession>
            <ThemeProvider theme={theme}>
              <CssBaseline />
              <MemoryRouter initialEntries={[options.path ?? '/']}>
                <Routes>
                  <Route path="*" element={element} />
                </Routes>
                <LocationProbe />
              </MemoryRouter>
            </ThemeProvider>
          </StoreSession>
        </FeatureInjectionProvider>
      </Provider>
    </ShellProvider>,
  );
  return { ...view, store, services };
}
