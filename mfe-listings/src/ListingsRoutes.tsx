// The remote's pages, at the paths its manifest gives them in the access table.
import { Route, Routes } from 'react-router';
import { lazyPage, LazyPages, NotFoundPage } from '@hostdash/shared-ui';

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
