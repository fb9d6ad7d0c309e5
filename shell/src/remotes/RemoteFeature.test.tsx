import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { createSlice } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTRACT_VERSION, type FeatureProps } from '@hostdash/shared-auth';
import { Provider } from 'react-redux';
import { renderShell, makeUser } from '../testing/renderShell';
import { manifestsOf, mockRemoteFetch } from '../testing/remotes';
import { RemoteFeature } from './RemoteFeature';

// The page's federation instance (remotes/loader.ts starts it with createInstance).
const mockRuntime = { registerRemotes: jest.fn(), loadRemote: jest.fn() };
jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => mockRuntime,
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

const mockedLoadRemote = mockRuntime.loadRemote;
const mockedRegisterRemotes = mockRuntime.registerRemotes;

// single-spa-react's mount never resolves inside act() (TOOLCHAIN.md).
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const LISTINGS = { name: 'listings', manifest: 'http://remotes/listings/mf-manifest.json' };
const INCOMPATIBLE = {
  name: 'reservations',
  version: '0.3.0+5e6f7a8b',
  manifest: 'http://remotes/reservations/0.3.0+5e6f7a8b/mf-manifest.json',
};

beforeEach(() => {
  mockRemoteFetch(
    () => [LISTINGS, INCOMPATIBLE],
    () => ({ ...manifestsOf([LISTINGS]), ...manifestsOf([INCOMPATIBLE], '^2.0.0') }),
  );
});

const greetingSlice = createSlice({
  name: 'greeting',
  initialState: { text: 'Hello from the remote' },
  reducers: {},
});

function featureModule(Root: (props: FeatureProps) => React.ReactNode) {
  const lifecycles = singleSpaReact<FeatureProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    suppressComponentDidCatchWarning: true,
  });
  return { ...lifecycles, slice: { key: 'greeting', reducer: greetingSlice.reducer } };
}

function Greeting() {
  const text = useSelector((state: { greeting?: { text: string } }) => state.greeting?.text);
  return <h1>{text}</h1>;
}

const workingFeature = featureModule(({ store, location }) => (
  <Provider store={store}>
    <Greeting />
    <p>at {location.pathname}</p>
  </Provider>
));

describe('RemoteFeature', () => {
  it('mounts the remote with the shell store (slice injected) and its location', async () => {
    mockedLoadRemote.mockResolvedValue(workingFeature);
    const { services } = renderShell(<RemoteFeature app="listings" />, {
      path: '/listings',
      user: makeUser(),
    });
    expect(
      await screen.findByRole('heading', { name: 'Hello from the remote' }),
    ).toBeInTheDocument();
    expect(screen.getByText('at /listings')).toBeInTheDocument();
    expect(services.injectFeature).toHaveBeenCalledWith(workingFeature.slice);
    expect(mockedLoadRemote).toHaveBeenCalledWith('listings/feature');
  });

  it("draws the page's frame while the remote loads, until the remote's own heading is there", async () => {
    let showPage: (shown: boolean) => void = () => undefined;
    // The remote's first render has no header yet (a lazy page's fallback), then its page.
    const lazyPaged = featureModule(() => {
      const [shown, setShown] = React.useState(false);
      showPage = setShown;
      return shown ? <h1>Listings</h1> : <p>the page's code is on its way</p>;
    });
    let deliver: (feature: unknown) => void = () => undefined;
    mockedLoadRemote.mockReturnValue(new Promise((resolve) => (deliver = resolve)));
    renderShell(
      <RemoteFeature
        app="listings"
        frame={{ title: 'Listings', summary: 'Every listing, from every system.', width: 'list' }}
      />,
      { path: '/listings', user: makeUser() },
    );
    const summary = await screen.findByText('Every listing, from every system.');
    const frame = summary.closest<HTMLElement>('[data-loading-frame]')!;
    // For the eye only: the page's one h1 is the remote's.
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(frame).toBeVisible();

    deliver(lazyPaged);
    expect(await screen.findByText("the page's code is on its way")).toBeInTheDocument();
    expect(frame).toBeVisible();
    React.act(() => showPage(true));
    expect(await screen.findByRole('heading', { name: 'Listings' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Every listing, from every system.')).toBeNull());
  });

  it('draws no frame for a page it was not given one for', async () => {
    mockedLoadRemote.mockResolvedValue(workingFeature);
    renderShell(<RemoteFeature app="listings" />, { path: '/listings', user: makeUser() });
    expect(
      await screen.findByRole('heading', { name: 'Hello from the remote' }),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-loading-frame]')).toBeNull();
  });

  it('contains a load failure, logs which remote failed, and really loads the remote again on Retry', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedLoadRemote
      .mockRejectedValueOnce(new Error('Loading script failed'))
      .mockResolvedValue(workingFeature);
    renderShell(<RemoteFeature app="listings" />, { path: '/listings', user: makeUser() });
    expect(await screen.findByText('Listings is temporarily unavailable')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      '[remotes] listings failed:',
      expect.objectContaining({ message: expect.stringContaining('Loading script failed') }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Hello from the remote' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Listings is temporarily unavailable')).not.toBeInTheDocument();
    // The retry re-registered the remote with force, dropping the runtime's cached entry.
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'listings', entry: 'http://remotes/listings/mf-manifest.json' }],
      { force: true },
    );
  });

  it('contains an error thrown while the remote renders', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = featureModule(() => {
      throw new Error('render failed');
    });
    mockedLoadRemote.mockResolvedValue(broken);
    renderShell(<RemoteFeature app="listings" />, { path: '/listings', user: makeUser() });
    expect(await screen.findByText('Listings is temporarily unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('refuses a remote built for a newer dashboard, says so in its place and logs it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell(<RemoteFeature app="reservations" />, { path: '/', user: makeUser() });
    expect(await screen.findByText('Reservations needs a newer dashboard')).toBeInTheDocument();
    expect(
      screen.getByText(
        `made for dashboard contract ^2.0.0; this dashboard provides ${CONTRACT_VERSION}`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      '[remotes] reservations@0.3.0+5e6f7a8b refused:',
      expect.objectContaining({ contract: '^2.0.0' }),
    );
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('reservations/feature');
    // Loading the same build again cannot change its contract.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says calmly that a remote the registry does not name is not available yet, with no Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell(<RemoteFeature app="billing" />, { path: '/billing', user: makeUser() });
    expect(
      await screen.findByRole('heading', { name: "Billing isn't available on this dashboard yet" }),
    ).toBeInTheDocument();
    expect(document.title).toBe("Billing isn't available on this dashboard yet · Hostdash");
    // Not an outage, and nothing a retry could change.
    expect(screen.queryByText(/temporarily unavailable/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await waitFor(() => expect(mockedLoadRemote).not.toHaveBeenCalledWith('billing/feature'));
  });
});
