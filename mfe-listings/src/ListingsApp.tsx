// The remote's root: the shell's store, theme and history, and the remote's own routes.
import { Provider } from 'react-redux';
import { Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { BuildingPage } from './buildings/BuildingPage';
import { BuildingsPage } from './buildings/BuildingsPage';
import { ListingDetailPage } from './listing/ListingDetailPage';
import { ListingsPage } from './listings/ListingsPage';
import { NotFoundPage } from './NotFoundPage';

export function ListingsRoutes() {
  return (
    <Routes>
      {/* "/" shows the listings page until the reservations remote renders the risks page. */}
      <Route path="/" element={<ListingsPage />} />
      <Route path="/listings" element={<ListingsPage />} />
      <Route path="/listing/:id" element={<ListingDetailPage />} />
      <Route path="/buildings" element={<BuildingsPage />} />
      <Route path="/building/:id/:building" element={<BuildingPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function ListingsApp({ store, theme, location, navigator }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          <ListingsRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
