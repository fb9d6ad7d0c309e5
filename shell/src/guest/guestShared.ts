// The guest page's share table (docs/adr/0035-guest-page-weight.md): what the guest portal's
// `./guestPortal` imports of the shared modules, and nothing of the dashboard's (no router, store,
// sagas, single-spa, shared-auth). MUI is the few components the portal uses, each from its own
// module (build/shared/mui-guest.js, and mui-guest-steps.js on demand), not the barrel. The guest portal's build fails when it needs
// more (GuestSurfacePlugin in build/webpack.federation.cjs, with the same keys).
import * as emotionReact from '@emotion/react';
import * as emotionStyled from '@emotion/styled';
import * as muiGuestSurface from '@hostdash/mui-guest-surface';
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import {
  buildInfo,
  shareTable,
  type ProvidedInfo,
  type ProvidedShare,
  type ShareModule,
} from '../remotes/shareTable';

export const GUEST_SHARED_MODULES: Record<string, ShareModule> = {
  react: { lib: () => react },
  'react/jsx-runtime': { lib: () => reactJsxRuntime },
  'react-dom': { lib: () => reactDom },
  'react-dom/client': { lib: () => reactDomClient },
  '@emotion/react': { lib: () => emotionReact },
  '@emotion/styled': { lib: () => emotionStyled },
  '@mui/material': { lib: () => muiGuestSurface },
  // What only the steps after the welcome use (build/shared/mui-guest-steps.js): a chunk of its
  // own, fetched when the portal's steps first ask, so the page's script is that much smaller.
  '@hostdash/mui-guest-steps': {
    get: () => import(/* webpackChunkName: "guest-mui-steps" */ '@hostdash/mui-guest-steps'),
  },
};

export function guestShared(
  info: Record<string, ProvidedInfo> = buildInfo(),
): Record<string, ProvidedShare> {
  return shareTable(GUEST_SHARED_MODULES, info);
}
