// The remote's one public entry (`./feature`), made by the remote kit (shared-ui's
// defineFeature): single-spa lifecycles around its routes, and the `onboard` slice.
import { defineFeature } from '@hostdash/shared-ui';
import { OnboardingRoutes } from './OnboardingRoutes';
import { onboardReducer } from './onboardSlice';
import { onboardSaga } from './onboardSaga';

export const feature = defineFeature({
  key: 'onboard',
  reducer: onboardReducer,
  saga: onboardSaga,
  Routes: OnboardingRoutes,
});

export const { bootstrap, mount, unmount, update, slice } = feature;
