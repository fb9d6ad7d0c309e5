// The remote's pages, at the paths its manifest gives them in the access table.
import { Navigate, Route, Routes } from 'react-router';
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
