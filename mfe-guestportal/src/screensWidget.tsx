// The remote's widget entry (`./screensWidget`, ADR 17): the screens of one listing or reservation,
// mounted by the listing and reservation pages through the shell's widget host. Its props are its
// interface: `{ listingId }` or `{ reservationId }` (change them compatibly, as an API).
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { Provider, useSelector } from 'react-redux';
import { ThemeProvider, type Theme } from '@mui/material';
import singleSpaReact from 'single-spa-react';
import { isOwnerOrAdmin, selectUser, type WidgetProps } from '@hostdash/shared-auth';
import type { ScreensTarget } from './guestportalApi';
import { ScreensWidget } from './widget/ScreensWidget';

export interface ScreensWidgetInput extends Record<string, unknown> {
  listingId?: string;
  reservationId?: string;
}

function targetOf({ listingId, reservationId }: ScreensWidgetInput): ScreensTarget {
  if (reservationId) return { kind: 'reservation', id: reservationId };
  if (listingId) return { kind: 'listing', id: listingId };
  throw new Error('The screens widget needs a listingId or a reservationId.');
}

function Screens({ props, navigate }: Pick<WidgetProps<ScreensWidgetInput>, 'props' | 'navigate'>) {
  // /guestportal is the owner's: a manager sees the switches, not the way there.
  const user = useSelector(selectUser);
  const target = targetOf(props);
  return (
    <ScreensWidget
      target={target}
      onOpenMessages={
        target.kind === 'reservation' ? () => navigate(`/stargate/${target.id}`) : undefined
      }
      onOpenAccountScreens={
        user && isOwnerOrAdmin(user) ? () => navigate('/guestportal') : undefined
      }
    />
  );
}

function ScreensWidgetRoot({ store, theme, navigate, props }: WidgetProps<ScreensWidgetInput>) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Screens props={props} navigate={navigate} />
      </ThemeProvider>
    </Provider>
  );
}

const lifecycles = singleSpaReact<WidgetProps<ScreensWidgetInput>>({
  React,
  ReactDOMClient,
  rootComponent: ScreensWidgetRoot,
  // The shell's widget host contains a failure in the widget's box.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
