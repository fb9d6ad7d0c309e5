// The remote's one public entry (`./feature`): single-spa lifecycles and the `admin` slice.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { FeatureProps, FeatureSlice } from '@hostdash/shared-auth';
import { AdminApp } from './AdminApp';
import { adminReducer } from './adminSlice';
import { adminSaga } from './adminSaga';

const lifecycles = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: AdminApp,
  // The shell passes `errorBoundary` as a prop and shows its own fallback with a retry.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;

export const slice: FeatureSlice = {
  key: 'admin',
  reducer: adminReducer,
  saga: adminSaga,
};
