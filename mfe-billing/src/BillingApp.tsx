// The remote's root: the shell's store, theme and history, and the billing page.
import { Provider } from 'react-redux';
import { Navigate, Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { lazyPage, LazyPages } from '@hostdash/shared-ui';

const BillingPage = lazyPage(() => import('./billing/BillingPage'), 'BillingPage');

export function BillingRoutes() {
  return (
    <LazyPages>
      <Routes>
        <Route path="/billing" element={<BillingPage />} />
        {/* The shell sends only /billing here; anything else is the billing page's address. */}
        <Route path="*" element={<Navigate to="/billing" replace />} />
      </Routes>
    </LazyPages>
  );
}

export function BillingApp({ store, theme, location, navigator }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          <BillingRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
