// The shared singletons the dashboard provides to the remotes (docs/adr/0002, 0007). The shell is
// not built with the federation plugin: it registers each of them in the page's share scope when it
// starts the federation runtime (loader.ts), with the version and share settings its build declares
// (`sharedSingletons` in build/webpack.federation.cjs, handed over as HOSTDASH_PROVIDED_SHARED)
// and, from here, the very module the shell runs, so the page runs one instance of each.
//
// Everything here but MUI is already loaded by a page that starts the runtime (a signed-in page):
// registered as loaded, a remote always takes the shell's copy. MUI (the remotes' part) is loaded
// when the first remote asks for it (a signed-in page load of a remote's page starts it at once).
import * as emotionReact from '@emotion/react';
import * as emotionStyled from '@emotion/styled';
import * as sharedAuth from '@hostdash/shared-auth';
import * as reactRedux from '@hostdash/react-redux-surface';
import * as reactRouter from '@hostdash/react-router-surface';
import * as reduxToolkit from '@hostdash/redux-toolkit-surface';
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as redux from 'redux';
import * as reduxSaga from 'redux-saga';
import * as reduxSagaEffects from 'redux-saga/effects';
import * as singleSpaReact from 'single-spa-react';
import { loadSharedMui } from './sharedMui';
import {
  buildInfo,
  shareTable,
  type ProvidedInfo,
  type ProvidedShare,
  type ShareModule,
} from './shareTable';

/** Each share key with the module the shell provides under it. */
export const SHARED_MODULES: Record<string, ShareModule> = {
  react: { lib: () => react },
  'react/jsx-runtime': { lib: () => reactJsxRuntime },
  'react-dom': { lib: () => reactDom },
  'react-dom/client': { lib: () => reactDomClient },
  // The part of react-router the apps use (build/shared/react-router.js).
  'react-router': { lib: () => reactRouter },
  // The parts of react-redux and Redux Toolkit the apps use (build/shared/react-redux.js and
  // redux-toolkit.js).
  'react-redux': { lib: () => reactRedux },
  redux: { lib: () => redux },
  'redux-saga': { lib: () => reduxSaga },
  'redux-saga/effects': { lib: () => reduxSagaEffects },
  '@reduxjs/toolkit': { lib: () => reduxToolkit },
  '@emotion/react': { lib: () => emotionReact },
  '@emotion/styled': { lib: () => emotionStyled },
  // The remotes' part of MUI (build/shared/mui.js, which the shell's build puts in place of the
  // barrel in sharedMui.ts: docs/adr/0037): it re-exports the module files the shell imports by
  // path. With it, in the same chunk, the modules of @mui/system and @mui/utils that MUI X imports
  // by path (build/shared/mui-internals.js): a chart's remote runs the very modules MUI runs.
  '@mui/material': { get: loadSharedMui },
  '@hostdash/mui-internals': {
    get: () => import(/* webpackChunkName: "mui" */ '@hostdash/mui-internals'),
  },
  // The part of MUI only some remotes use (build/shared/mui-more.js: tabs, switches, radios,
  // steppers …), loaded when the first of them does: an owner's session never loads it. Asked for
  // from the chunk of the rest (muiMore.ts), so that its chunk leaves out what that one has.
  '@hostdash/mui-more': {
    get: () =>
      import(/* webpackChunkName: "mui" */ './muiMore').then(({ loadMuiMore }) => loadMuiMore()),
  },
  // What the guest page provides on demand as a second part of its MUI (build/shared/mui-guest-
  // steps.js), which the guest portal's code takes from there, here too: the names are all in the
  // remotes' part of MUI, so it is that chunk.
  '@hostdash/mui-guest-steps': { get: loadSharedMui },
  'single-spa-react': { lib: () => singleSpaReact },
  '@hostdash/shared-auth': { lib: () => sharedAuth },
};

/** The dashboard's share table: every singleton the shell's build shares. */
export function providedShared(
  info: Record<string, ProvidedInfo> = buildInfo(),
): Record<string, ProvidedShare> {
  for (const name of Object.keys(info)) {
    if (!SHARED_MODULES[name])
      throw new Error(`The shell's build shares ${name}, but it has no module for it`);
  }
  return shareTable(SHARED_MODULES, info);
}
