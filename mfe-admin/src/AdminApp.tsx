// The remote's root: the shell's store, theme and history, and the admin area's pages.
import { Provider } from 'react-redux';
import { Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { lazyPage, LazyPages } from '@hostdash/shared-ui';

const FlagsPage = lazyPage(() => import('./flags/FlagsPage'), 'FlagsPage');
const TeamPage = lazyPage(() => import('./team/TeamPage'), 'TeamPage');

export function AdminRoutes() {
  return (
    <LazyPages>
      <Routes>
        <Route path="/admin/flags" element={<FlagsPage />} />
        <Route path="/accounts/:id?/:action?" element={<TeamPage />} />
      </Routes>
    </LazyPages>
  );
}

export function AdminApp({ store, theme, location, navigator }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          <AdminRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
