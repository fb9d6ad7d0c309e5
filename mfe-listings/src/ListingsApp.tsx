// The remote's root: the shell's store, theme and history, and the remote's own routes.
import { Provider } from 'react-redux';
import { Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { lazyPage, LazyPages, NotFoundPage, WidgetHostProvider } from '@hostdash/shared-ui';

// Each page is its own chunk.
const BuildingPage = lazyPage(() => import('./buildings/BuildingPage'), 'BuildingPage');
const BuildingsPage = lazyPage(() => import('./buildings/BuildingsPage'), 'BuildingsPage');
const ListingDetailPage = lazyPage(
  () => import('./listing/ListingDetailPage'),
  'ListingDetailPage',
);
const ListingsPage = lazyPage(() => import('./listings/ListingsPage'), 'ListingsPage');

export function ListingsRoutes() {
  return (
    <LazyPages>
      <Routes>
        {/* "/" shows the listings page until the reservations remote renders the risks page. */}
        <Route path="/" element={<ListingsPage />} />
        <Route path="/listings" element={<ListingsPage />} />
        <Route path="/listing/:id" element={<ListingDetailPage />} />
        <Route path="/buildings" element={<BuildingsPage />} />
        <Route path="/building/:id/:building" element={<BuildingPage />} />
        <Route path="*" element={<NotFoundPage area="listings" home="/listings" />} />
      </Routes>
    </LazyPages>
  );
}

export function ListingsApp({ store, theme, location, navigator, Widget }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          {/* Other teams' widgets on these pages mount through the shell's host (ADR 17). */}
          <WidgetHostProvider host={Widget}>
            <ListingsRoutes />
          </WidgetHostProvider>
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
