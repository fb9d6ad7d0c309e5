// The remote's root: the shell's store, theme and history, and the remote's own routes.
import { Provider } from 'react-redux';
import { Route, Router, Routes, useSearchParams, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { lazyPage, LazyPages, NotFoundPage, WidgetHostProvider } from '@hostdash/shared-ui';

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

export function ReservationsApp({ store, theme, location, navigator, Widget }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          {/* Other teams' widgets on these pages mount through the shell's host (ADR 17). */}
          <WidgetHostProvider host={Widget}>
            <ReservationsRoutes />
          </WidgetHostProvider>
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
