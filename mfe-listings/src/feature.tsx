// The remote's one public entry (`./feature`), made by the remote kit (shared-ui's
// defineFeature): single-spa lifecycles around its routes, and the `listings` slice.
import { defineFeature } from '@hostdash/shared-ui';
import { ListingsRoutes } from './ListingsRoutes';
import { listingsReducer } from './listings/listingsSlice';
import { listingsSaga } from './listings/listingsSaga';

export const feature = defineFeature({
  key: 'listings',
  reducer: listingsReducer,
  saga: listingsSaga,
  Routes: ListingsRoutes,
});

export const { bootstrap, mount, unmount, update, slice } = feature;
