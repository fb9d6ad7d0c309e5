// The remote's one public entry (`./feature`): single-spa lifecycles and the `billing` slice.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { FeatureProps, FeatureSlice } from '@hostdash/shared-auth';
import { BillingApp } from './BillingApp';
import { billingReducer } from './billing/billingSlice';
import { billingSaga } from './billing/billingSaga';

const lifecycles = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: BillingApp,
  // The shell passes `errorBoundary` as a prop and shows its own fallback with a retry.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;

export const slice: FeatureSlice = {
  key: 'billing',
  reducer: billingReducer,
  saga: billingSaga,
};
