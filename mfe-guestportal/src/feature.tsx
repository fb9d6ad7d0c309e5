// The remote's one public entry (`./feature`), made by the remote kit (shared-ui's
// defineFeature): single-spa lifecycles around its routes, and the `guestportal` slice.
import { defineFeature } from '@hostdash/shared-ui';
import { GuestportalRoutes } from './GuestportalRoutes';
import { guestportalReducer } from './guestportalSlice';
import { guestportalSaga } from './guestportalSaga';

export const feature = defineFeature({
  key: 'guestportal',
  reducer: guestportalReducer,
  saga: guestportalSaga,
  Routes: GuestportalRoutes,
});

export const { bootstrap, mount, unmount, update, slice } = feature;
