// The remote’s one public entry (`./feature`): single-spa lifecycles and the `onboard` slice.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { FeatureProps, FeatureSlice } from '@hostdash/shared-auth';
import { OnboardingApp } from './OnboardingApp';
import { onboardReducer } from './onboardSlice';
import { onboardSaga } from './onboardSaga';

const lifecycles = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: OnboardingApp,
  // The shell passes `errorBoundary` as a prop and shows its own fallback with a retry.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;

export const slice: FeatureSlice = {
  key: 'onboard',
  reducer: onboardReducer,
  saga: onboardSaga,
};
