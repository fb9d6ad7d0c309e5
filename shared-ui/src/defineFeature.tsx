// The remote kit (issue 35, docs/adr/0039-one-list-of-remotes.md): what a remote's `./feature` is,
// written once. Every remote gave single-spa the same root (the shell's store, theme, history and
// widget host around its routes) and the shell the same slice; a remote now says only its key,
// reducer, saga and routes.
import React, { type ComponentType, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import { Router, type Navigator } from 'react-router';
import { ThemeProvider, type Theme } from '@mui/material';
import singleSpaReact from 'single-spa-react';
import {
  authActions,
  createStandaloneStore,
  type FeatureProps,
  type FeatureSlice,
} from '@hostdash/shared-auth';
import { renderStandalone } from './renderStandalone';
import { WidgetHostProvider } from './WidgetSlot';

export interface FeatureDefinition extends FeatureSlice {
  /** The remote's routes: its pages, each under the path the shell's access table gives it. */
  Routes: ComponentType;
}

type Lifecycles = ReturnType<typeof singleSpaReact<FeatureProps>>;

/** A remote's `./feature` module (the shell reads it as a FeatureModule). */
export interface Feature extends Pick<Lifecycles, 'bootstrap' | 'mount' | 'unmount' | 'update'> {
  slice: FeatureSlice;
  /** What single-spa mounts: the routes inside the shell's store, theme, history and widget host. */
  Root: ComponentType<FeatureProps>;
  Routes: ComponentType;
}

/** The shell's store, theme, history and widget host, around a remote's routes. */
export function FeatureRoot({
  store,
  theme,
  location,
  navigator,
  Widget,
  children,
}: FeatureProps & { children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme as Theme}>
        <Router location={location} navigator={navigator as Navigator}>
          {/* Other teams' widgets on these pages mount through the shell's host (ADR 17). */}
          <WidgetHostProvider host={Widget}>{children}</WidgetHostProvider>
        </Router>
      </ThemeProvider>
    </Provider>
  );
}

/**
 * A remote's `./feature` module: `export const { bootstrap, mount, unmount, update, slice } =
 * defineFeature({ key, reducer, saga, Routes })`.
 */
export function defineFeature({ key, reducer, saga, Routes }: FeatureDefinition): Feature {
  function Root(props: FeatureProps) {
    return (
      <FeatureRoot {...props}>
        <Routes />
      </FeatureRoot>
    );
  }
  Root.displayName = `Feature(${key})`;
  const lifecycles = singleSpaReact<FeatureProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    // The shell passes `errorBoundary` as a prop and shows its own fallback with a retry.
    suppressComponentDidCatchWarning: true,
  });
  return {
    bootstrap: lifecycles.bootstrap,
    mount: lifecycles.mount,
    unmount: lifecycles.unmount,
    update: lifecycles.update,
    slice: { key, reducer, saga },
    Root,
    Routes,
  };
}

/**
 * The remote alone, for its team's work (`npm start -w @hostdash/mfe-<name>`): its routes with a
 * store of their own, and who is signed in on the shell (same cookie), for pages that depend on
 * the role.
 */
export function renderStandaloneFeature({ slice, Routes }: Pick<Feature, 'slice' | 'Routes'>) {
  const store = createStandaloneStore(slice);
  store.dispatch(authActions.loadAuth.requested());
  renderStandalone(<Routes />, store);
}
