// The remote's one public entry (`./feature`): single-spa lifecycles and the `reservations` slice.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { FeatureProps, FeatureSlice } from '@hostdash/shared-auth';
import { ReservationsApp } from './ReservationsApp';
import { reservationsReducer } from './reservations/reservationsSlice';
import { reservationsSaga } from './reservations/reservationsSaga';

const lifecycles = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: ReservationsApp,
  // The shell passes `errorBoundary` as a prop and shows its own fallback with a retry.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;

export const slice: FeatureSlice = {
  key: 'reservations',
  reducer: reservationsReducer,
  saga: reservationsSaga,
};
