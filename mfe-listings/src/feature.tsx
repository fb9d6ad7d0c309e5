// The remote's one public entry (`./feature`): single-spa lifecycles and the `listings` slice.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { FeatureProps, FeatureSlice } from '@hostdash/shared-auth';
import { ListingsApp } from './ListingsApp';
import { listingsReducer } from './listings/listingsSlice';
import { listingsSaga } from './listings/listingsSaga';

const lifecycles = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: ListingsApp,
  // The shell passes `errorBoundary` as a prop and shows its own fallback with a retry.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;

export const slice: FeatureSlice = {
  key: 'listings',
  reducer: listingsReducer,
  saga: listingsSaga,
};
