// The remote's pages, at the paths its manifest gives them in the access table.
import { Route, Routes } from 'react-router';
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
