// The remote's root: the shell's store, theme and history, and the admin area's pages.
import { Provider } from 'react-redux';
import { Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { lazyPage, LazyPages } from '@hostdash/shared-ui';

const FlagsPage = lazyPage(() => import('./flags/FlagsPage'), 'FlagsPage');
const UsersPage = lazyPage(() => import('./users/UsersPage'), 'UsersPage');
const RemotesPage = lazyPage(() => import('./remotes/RemotesPage'), 'RemotesPage');
const AllListingsPage = lazyPage(() => import('./listings/AllListingsPage'), 'AllListingsPage');
const AdminListingPage = lazyPage(() => import('./listings/AdminListingPage'), 'AdminListingPage');
const AnalyticsPage = lazyPage(() => import('./analytics/AnalyticsPage'), 'AnalyticsPage');
const TeamPage = lazyPage(() => import('./team/TeamPage'), 'TeamPage');
const JobsPage = lazyPage(() => import('./jobs/JobsPage'), 'JobsPage');
const AccountsPage = lazyPage(() => import('./accounts/AccountsPage'), 'AccountsPage');

export function AdminRoutes() {
  return (
    <LazyPages>
      <Routes>
        <Route path="/users" element={<UsersPage />} />
        <Route path="/admin/accounts" element={<AccountsPage />} />
        <Route path="/admin/flags" element={<FlagsPage />} />
        <Route path="/admin/remotes" element={<RemotesPage />} />
        <Route path="/admin/listings" element={<AllListingsPage />} />
        <Route path="/admin/listing/:id" element={<AdminListingPage />} />
        <Route path="/admin/kibana" element={<AnalyticsPage />} />
        <Route path="/admin/jobs" element={<JobsPage />} />
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
