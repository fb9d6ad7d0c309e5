// One test helper: the real store, services and theme, on a memory router.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { User } from '@hostdash/shared-auth';
import { ShellProviders } from '../app/App';
import type { ClientConfig } from '../config';
import { createShellStore } from '../store/store';
import { demoUser } from '../../../config/testing/demoUsers';

export const testConfig = (overrides: Partial<ClientConfig> = {}): ClientConfig => ({
  stage: 'prod',
  ssoCookie: 'hd_sso',
  flagsmith: { api: 'http://localhost/api/flagsmith/api/v1/', environmentKey: 'test' },
  guestPortalUrl: 'https://guest.example',
  billingBypass: false,
  user: null,
  remotes: null,
  remotesRecheckMs: 60_000,
  ...overrides,
});

export const makeUser = demoUser;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
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
    <ShellProviders store={store} services={services}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ShellProviders>,
  );
  return { ...view, store, services };
}
