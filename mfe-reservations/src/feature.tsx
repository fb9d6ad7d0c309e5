// The remote's one public entry (`./feature`), made by the remote kit (shared-ui's
// defineFeature): single-spa lifecycles around its routes, and the `reservations` slice.
import { defineFeature } from '@hostdash/shared-ui';
import { ReservationsRoutes } from './ReservationsRoutes';
import { reservationsReducer } from './reservations/reservationsSlice';
import { reservationsSaga } from './reservations/reservationsSaga';

export const feature = defineFeature({
  key: 'reservations',
  reducer: reservationsReducer,
  saga: reservationsSaga,
  Routes: ReservationsRoutes,
});

export const { bootstrap, mount, unmount, update, slice } = feature;
