// The remote's root: the shell's store, theme and history, and the remote's own routes.
import { Provider } from 'react-redux';
import { Route, Router, Routes, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import type { FeatureProps } from '@hostdash/shared-auth';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { DownloadPage } from './download/DownloadPage';
import { ReservationFormPage } from './form/ReservationFormPage';
import { NotFoundPage } from './NotFoundPage';
import { ProtectPage } from './protect/ProtectPage';
import { ReservationDetailPage } from './reservation/ReservationDetailPage';
import { ReservationsPage } from './reservations/ReservationsPage';
import { RisksPage } from './risks/RisksPage';

export function ReservationsRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RisksPage />} />
      <Route path="/risks" element={<RisksPage />} />
      <Route path="/reservations" element={<ReservationsPage />} />
      <Route path="/reservation/:id" element={<ReservationDetailPage />} />
      <Route path="/create-reservation" element={<ReservationFormPage />} />
      <Route path="/edit-reservation/:id" element={<ReservationFormPage />} />
      <Route path="/protect" element={<ProtectPage />} />
      <Route path="/analytics" element={<AnalyticsPage />} />
      <Route path="/download/:type" element={<DownloadPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function ReservationsApp({ store, theme, location, navigator }: FeatureProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          <ReservationsRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
