// The remote’s page entry (`./feature`): single-spa lifecycles and the `guestportal` slice.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { FeatureProps, FeatureSlice } from '@hostdash/shared-auth';
import { GuestportalApp } from './GuestportalApp';
import { guestportalReducer } from './guestportalSlice';
import { guestportalSaga } from './guestportalSaga';

const lifecycles = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: GuestportalApp,
  // The shell passes `errorBoundary` as a prop and shows its own fallback with a retry.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;

export const slice: FeatureSlice = {
  key: 'guestportal',
  reducer: guestportalReducer,
  saga: guestportalSaga,
};
