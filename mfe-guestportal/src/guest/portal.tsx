// The guest portal as the shell's guest page mounts it (`./guestPortal`, docs/adr/0018-guest-
// page.md): single-spa lifecycles around the portal, with the guest link's token, the API's
// address and the shell's theme. No store: the portal keeps its own state.
import React, { useMemo } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ThemeProvider, type Theme } from '@mui/material';
import type { GuestPortalProps } from '@hostdash/shared-auth';
import { createGuestApi } from './guestApi';
import { GuestPortalApp } from './GuestPortalApp';

export function GuestPortalRoot({ token, apiBase, theme }: GuestPortalProps) {
  const api = useMemo(() => createGuestApi(apiBase, token), [apiBase, token]);
  return (
    <ThemeProvider theme={theme as Theme}>
      <GuestPortalApp api={api} />
    </ThemeProvider>
  );
}

const lifecycles = singleSpaReact<GuestPortalProps>({
  React,
  ReactDOMClient,
  rootComponent: GuestPortalRoot,
  // The guest page passes `errorBoundary` and shows its own friendly page.
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
