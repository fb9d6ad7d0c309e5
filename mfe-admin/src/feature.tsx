// The remote's one public entry (`./feature`), made by the remote kit (shared-ui's
// defineFeature): single-spa lifecycles around its routes, and the `admin` slice.
import { defineFeature } from '@hostdash/shared-ui';
import { AdminRoutes } from './AdminRoutes';
import { adminReducer } from './adminSlice';
import { adminSaga } from './adminSaga';

export const feature = defineFeature({
  key: 'admin',
  reducer: adminReducer,
  saga: adminSaga,
  Routes: AdminRoutes,
});

export const { bootstrap, mount, unmount, update, slice } = feature;
