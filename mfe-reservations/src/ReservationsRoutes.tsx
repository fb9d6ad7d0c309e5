// The remote's pages, at the paths its manifest gives them in the access table.
import { Route, Routes, useSearchParams } from 'react-router';
import { lazyPage, LazyPages, NotFoundPage } from '@hostdash/shared-ui';

// Each page is its own chunk (charts only on /analytics).
const AnalyticsPage = lazyPage(() => import('./analytics/AnalyticsPage'), 'AnalyticsPage');
const DownloadPage = lazyPage(() => import('./download/DownloadPage'), 'DownloadPage');
const ReservationFormPage = lazyPage(
  () => import('./form/ReservationFormPage'),
  'ReservationFormPage',
);
const ProtectPage = lazyPage(() => import('./protect/ProtectPage'), 'ProtectPage');
const ReservationDetailPage = lazyPage(
  () => import('./reservation/ReservationDetailPage'),
  'ReservationDetailPage',
);
const ReservationsPage = lazyPage(
  () => import('./reservations/ReservationsPage'),
  'ReservationsPage',
);
const RisksPage = lazyPage(() => import('./risks/RisksPage'), 'RisksPage');
const CalendarPage = lazyPage(() => import('./calendar/CalendarPage'), 'CalendarPage');

/** `/reservations` is the list; `?view=calendar` shows the same reservations as a calendar. */
function ReservationsView() {
  const [params] = useSearchParams();
  return params.get('view') === 'calendar' ? <CalendarPage /> : <ReservationsPage />;
}

export function ReservationsRoutes() {
  return (
    <LazyPages>
      <Routes>
        <Route path="/" element={<RisksPage />} />
        <Route path="/risks" element={<RisksPage />} />
        <Route path="/reservations" element={<ReservationsView />} />
        <Route path="/reservation/:id" element={<ReservationDetailPage />} />
        <Route path="/create-reservation" element={<ReservationFormPage />} />
        <Route path="/edit-reservation/:id" element={<ReservationFormPage />} />
        <Route path="/protect" element={<ProtectPage />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/download/:type" element={<DownloadPage />} />
        <Route path="*" element={<NotFoundPage area="reservations" home="/reservations" />} />
      </Routes>
    </LazyPages>
  );
}
