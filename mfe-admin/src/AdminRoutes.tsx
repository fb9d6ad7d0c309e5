// The remote's pages, at the paths its manifest gives them in the access table.
import { Route, Routes } from 'react-router';
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
