// The remote's pages, at the paths its manifest gives them in the access table.
import { Route, Routes } from 'react-router';
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
