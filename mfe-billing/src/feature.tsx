// The remote's one public entry (`./feature`), made by the remote kit (shared-ui's
// defineFeature): single-spa lifecycles around its routes, and the `billing` slice.
import { defineFeature } from '@hostdash/shared-ui';
import { BillingRoutes } from './BillingRoutes';
import { billingReducer } from './billing/billingSlice';
import { billingSaga } from './billing/billingSaga';

export const feature = defineFeature({
  key: 'billing',
  reducer: billingReducer,
  saga: billingSaga,
  Routes: BillingRoutes,
});

export const { bootstrap, mount, unmount, update, slice } = feature;
