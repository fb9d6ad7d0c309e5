// The remote's root: the shell's store, theme and history, and the guest-portal pages.
import { Provider } from 'react-redux';
import { Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { lazyPage, LazyPages } from '@hostdash/shared-ui';

const ScreensPage = lazyPage(() => import('./screens/ScreensPage'), 'ScreensPage');
const ScreenEditorPage = lazyPage(() => import('./screens/ScreenEditorPage'), 'ScreenEditorPage');
const StargatePage = lazyPage(() => import('./stargate/StargatePage'), 'StargatePage');

export function GuestportalRoutes() {
  return (
    <LazyPages>
      <Routes>
        <Route path="/guestportal" element={<ScreensPage />} />
        <Route path="/guestportal/screen/:name" element={<ScreenEditorPage />} />
        <Route path="/stargate/:id?" element={<StargatePage />} />
      </Routes>
    </LazyPages>
  );
}

export function GuestportalApp({ store, theme, location, navigator }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          <GuestportalRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
