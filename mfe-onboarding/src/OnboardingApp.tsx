// The remote's root: the shell's store, theme and history, and the onboarding pages.
import { Provider } from 'react-redux';
import { Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { lazyPage, LazyPages } from '@hostdash/shared-ui';

const ConnectPage = lazyPage(() => import('./connect/ConnectPage'), 'ConnectPage');
const SettingsPage = lazyPage(() => import('./settings/SettingsPage'), 'SettingsPage');
const ProfilePage = lazyPage(() => import('./settings/ProfilePage'), 'ProfilePage');

export function OnboardingRoutes() {
  return (
    <LazyPages>
      <Routes>
        <Route path="/connect/:pms" element={<ConnectPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/settings/profile" element={<ProfilePage />} />
      </Routes>
    </LazyPages>
  );
}

export function OnboardingApp({ store, theme, location, navigator }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          <OnboardingRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
