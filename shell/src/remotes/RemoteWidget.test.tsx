// A remote's page embeds another remote's widget through the host the shell hands it (ADR 17):
// the widget mounts inside the page's own React root with the page's store and the props the page
// gave it; a widget that is not deployed or throws leaves a calm sentence in its box while the
// page around it works on.
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'react-redux';
import { Router, type Navigator } from 'react-router';
import { screen } from '@testing-library/react';
import type { FeatureProps, WidgetProps } from '@hostdash/shared-auth';
import { renderShell, makeUser } from '../testing/renderShell';
import { manifestsOf, mockRemoteFetch } from '../testing/remotes';
import { RemoteFeature } from './RemoteFeature';

const mockRuntime = { registerRemotes: jest.fn(), loadRemote: jest.fn() };
jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => mockRuntime,
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

// single-spa-react's mount never resolves inside act() (TOOLCHAIN.md).
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const LISTINGS = { name: 'listings', manifest: 'http://remotes/listings/mf-manifest.json' };
const GUESTPORTAL = {
  name: 'guestportal',
  manifest: 'http://remotes/guestportal/mf-manifest.json',
};
const UNAVAILABLE = 'Guest portal settings are temporarily unavailable';

function deploy(releases: (typeof LISTINGS)[]) {
  mockRemoteFetch(
    () => releases,
    () => manifestsOf(releases),
  );
}

/** The listings remote's page: its own root, store and router, and the widget in a box. */
const listingPage = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: ({ store, location, navigator, Widget }) => (
    <Provider store={store}>
      <Router location={location} navigator={navigator as Navigator}>
        <h1>Marina Loft 3</h1>
        {React.createElement(Widget as React.FC<Parameters<typeof Widget>[0]>, {
          app: 'guestportal',
          name: 'screensWidget',
          props: { listingId: '7' },
          unavailable: UNAVAILABLE,
          label: 'Guest portal screens',
        })}
      </Router>
    </Provider>
  ),
  suppressComponentDidCatchWarning: true,
});
const listingsFeature = {
  ...listingPage,
  slice: { key: 'listingsTest', reducer: (state: object = {}) => state },
};

function widgetModule(Root: (props: WidgetProps) => React.ReactNode) {
  return singleSpaReact<WidgetProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    suppressComponentDidCatchWarning: true,
  });
}

function load(widget: unknown) {
  mockRuntime.loadRemote.mockImplementation(async (id: string) => {
    if (id === 'listings/feature') return listingsFeature;
    if (id === 'guestportal/screensWidget') {
      if (widget instanceof Error) throw widget;
      return widget;
    }
    throw new Error(`unexpected ${id}`);
  });
}

it('mounts the widget in the page with the props the page gave it and the page’s store', async () => {
  deploy([LISTINGS, GUESTPORTAL]);
  load(
    widgetModule(({ props, store }) => (
      <p>
        Screens of listing {String(props.listingId)} ({store ? 'with' : 'without'} the store)
      </p>
    )),
  );
  renderShell(<RemoteFeature app="listings" />, { path: '/listing/7', user: makeUser() });
  expect(await screen.findByRole('heading', { name: 'Marina Loft 3' })).toBeInTheDocument();
  const box = await screen.findByRole('region', { name: 'Guest portal screens' });
  expect(await screen.findByText('Screens of listing 7 (with the store)')).toBeInTheDocument();
  expect(box).toContainElement(screen.getByText('Screens of listing 7 (with the store)'));
  expect(mockRuntime.loadRemote).toHaveBeenCalledWith('guestportal/screensWidget');
});

it('says the widget is unavailable in its box when its remote is not deployed; the page works', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  deploy([LISTINGS]);
  load(new Error('not reached'));
  renderShell(<RemoteFeature app="listings" />, { path: '/listing/7', user: makeUser() });
  expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Marina Loft 3' })).toBeInTheDocument();
  expect(screen.queryByText(/Listings is temporarily unavailable/)).not.toBeInTheDocument();
});

it('contains a widget that fails to load or throws while rendering', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  deploy([LISTINGS, GUESTPORTAL]);
  load(
    widgetModule(() => {
      throw new Error('render failed');
    }),
  );
  renderShell(<RemoteFeature app="listings" />, { path: '/listing/7', user: makeUser() });
  expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Marina Loft 3' })).toBeInTheDocument();
});
