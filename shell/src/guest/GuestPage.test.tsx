// The guest page mounts the guest portal with the link's token, and contains every way that can
// fail: the remote not deployed, refused by the contract check, failing to load or throwing while
// it renders all leave the guest a friendly page with Try again, never a blank one.
import type { ReactNode } from 'react';
import type { GuestPortalMountProps, GuestPortalProps } from '@hostdash/shared-auth';
import { manifestsOf, mockRemoteFetch } from '../testing/remotes';
import { guestToken } from './config';

/**
 * A fresh page: the registry and the federation runtime are the page's own (module state), so
 * each test loads the guest page anew, with the React and the testing library of that load (the
 * pure build: it registers no hooks from inside a test; afterEach cleans up).
 */
async function freshPage() {
  jest.resetModules();
  const React = await import('react');
  const ReactDOMClient = await import('react-dom/client');
  const { default: singleSpaReact } = await import('single-spa-react');
  const testing = await import('@testing-library/react/pure');
  cleanup = testing.cleanup;
  const { GuestPage } = await import('./GuestPage');
  const { GUEST_UNAVAILABLE_WORDS } = await import('@hostdash/shared-auth/guest');
  return {
    testing,
    UNAVAILABLE_MESSAGE: GUEST_UNAVAILABLE_WORDS.en.unavailable,
    portal: (Root: (props: GuestPortalProps) => ReactNode) =>
      singleSpaReact<GuestPortalProps>({
        React,
        ReactDOMClient,
        rootComponent: Root,
        suppressComponentDidCatchWarning: true,
      }),
    /** Lifecycles written out, as the guest portal's own are (no single-spa). */
    plainPortal: (Root: (props: GuestPortalProps) => ReactNode) => {
      const roots = new Map<string, ReturnType<typeof ReactDOMClient.createRoot>>();
      return {
        bootstrap: async () => undefined,
        mount: async ({ domElement, name, errorBoundary: _, ...props }: GuestPortalMountProps) => {
          const root = ReactDOMClient.createRoot(domElement);
          roots.set(name, root);
          root.render(React.createElement(Root, props));
        },
        unmount: async ({ name }: GuestPortalMountProps) => roots.get(name)?.unmount(),
      };
    },
    showPage: (firstPortal?: Promise<Response>) =>
      testing.render(
        React.createElement(GuestPage, {
          token: TOKEN,
          styleNonce: '',
          ...(firstPortal ? { firstPortal } : {}),
        }),
      ),
  };
}

const mockRuntime = { registerRemotes: jest.fn(), loadRemote: jest.fn() };
jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => mockRuntime,
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

// single-spa-react's mount never resolves inside act() (TOOLCHAIN.md).
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
let cleanup: (() => void) | null = null;
beforeEach(() => {
  mockRuntime.loadRemote.mockReset();
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  jest.restoreAllMocks();
});

const TOKEN = 'Qx7_k2mP-9vB3nR8sT1uW4yZ6aC0dE5fG7hJ2kL9mN0';
const GUESTPORTAL = {
  name: 'guestportal',
  manifest: 'http://remotes/guestportal/mf-manifest.json',
};

function deploy(releases: (typeof GUESTPORTAL)[], contract = '^1.0.0') {
  mockRemoteFetch(
    () => releases,
    () => manifestsOf(releases, contract),
  );
}

function serve(module: unknown) {
  mockRuntime.loadRemote.mockImplementation(async (id: string) => {
    if (id !== 'guestportal/guestPortal') throw new Error(`unexpected ${id}`);
    if (module instanceof Error) throw module;
    return module;
  });
}

const quietly = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

it('reads the token from a guest link only', () => {
  expect(guestToken(`/guest/${TOKEN}`)).toBe(TOKEN);
  expect(guestToken(`/guest/${TOKEN}/x`)).toBeNull();
  expect(guestToken('/guest/short')).toBeNull();
});

describe('the guest page', () => {
  it('mounts the guest portal with the token, the API through the shell and the theme', async () => {
    const page = await freshPage();
    deploy([GUESTPORTAL]);
    serve(
      page.portal(({ token, apiBase, theme }) => (
        <h1>
          Portal for {token} via {apiBase} ({theme ? 'themed' : 'plain'})
        </h1>
      )),
    );
    page.showPage();
    const { screen } = page.testing;
    expect(
      await screen.findByRole('heading', { name: `Portal for ${TOKEN} via /api (themed)` }),
    ).toBeInTheDocument();
    expect(screen.queryByText(page.UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('while the portal loads', () => {
  it('shows the ring the page’s HTML showed, until the portal has mounted', async () => {
    const page = await freshPage();
    deploy([GUESTPORTAL]);
    let arrive: (module: unknown) => void = () => undefined;
    mockRuntime.loadRemote.mockImplementation(() => new Promise((resolve) => (arrive = resolve)));
    const { container } = page.showPage();
    const { screen } = page.testing;
    const waiting = await screen.findByRole('progressbar', { name: 'Loading your check-in' });
    // The same markup as the server's (api-contract's guestWaiting.ts): the root holds nothing else that shows.
    const { waitingMarkup } = await import('@hostdash/shared-auth/guest');
    expect(waiting.outerHTML).toBe(waitingMarkup('#1e5bd8', 'Loading your check-in', 'en'));
    expect(container.querySelector('[data-remote] > *')).toBeNull();
    arrive(page.plainPortal(() => <h1>Welcome</h1>));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('in the browser’s language, until the portal speaks', () => {
  it('says it is loading, and that it cannot show the portal, in German to a German browser', async () => {
    quietly();
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    const page = await freshPage();
    const { screen } = page.testing;
    deploy([GUESTPORTAL]);
    let fail: (error: Error) => void = () => undefined;
    mockRuntime.loadRemote.mockImplementation(
      () => new Promise((_resolve, reject) => (fail = reject)),
    );
    page.showPage();
    const waiting = await screen.findByRole('progressbar', { name: 'Ihr Check-in wird geladen' });
    expect(waiting).toHaveAttribute('lang', 'de');
    fail(new Error('ChunkLoadError: remoteEntry.js 503'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Check-in ist vorübergehend nicht verfügbar.',
    );
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});

describe('the page’s first answer (docs/adr/0035)', () => {
  // What the page's fetch gives (jsdom has no Response: the portal only passes it on).
  const firstAnswer = () => Promise.resolve({ ok: true } as Response);
  const Said = ({ firstPortal }: GuestPortalProps) => (
    <h1>{firstPortal ? 'Reads the page’s answer' : 'Asks for itself'}</h1>
  );

  it('goes to the portal, mounted without single-spa', async () => {
    const page = await freshPage();
    deploy([GUESTPORTAL]);
    serve(page.plainPortal(Said));
    page.showPage(firstAnswer());
    expect(
      await page.testing.screen.findByRole('heading', { name: 'Reads the page’s answer' }),
    ).toBeInTheDocument();
  });

  it('is not handed on after a Try again: the portal asks anew', async () => {
    quietly();
    const page = await freshPage();
    const { screen } = page.testing;
    deploy([GUESTPORTAL]);
    serve(new Error('ChunkLoadError: remoteEntry.js 503'));
    page.showPage(firstAnswer());
    expect(await screen.findByRole('alert')).toHaveTextContent(page.UNAVAILABLE_MESSAGE);
    serve(page.plainPortal(Said));
    page.testing.fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Asks for itself' })).toBeInTheDocument();
  });
});

describe('a guest portal that cannot be shown', () => {
  it('is a friendly page when the remote is not deployed', async () => {
    quietly();
    const page = await freshPage();
    deploy([]);
    serve(new Error('not reached'));
    page.showPage();
    expect(await page.testing.screen.findByRole('alert')).toHaveTextContent(
      page.UNAVAILABLE_MESSAGE,
    );
    expect(mockRuntime.loadRemote).not.toHaveBeenCalled();
  });

  it('is a friendly page when the contract check refuses the remote, whose code never runs', async () => {
    quietly();
    const page = await freshPage();
    deploy([GUESTPORTAL], '^9.0.0');
    serve(page.portal(() => <h1>Should not run</h1>));
    page.showPage();
    expect(await page.testing.screen.findByRole('alert')).toHaveTextContent(
      page.UNAVAILABLE_MESSAGE,
    );
    expect(mockRuntime.loadRemote).not.toHaveBeenCalled();
  });

  it('is a friendly page when the portal throws while it renders', async () => {
    quietly();
    const page = await freshPage();
    deploy([GUESTPORTAL]);
    serve(
      page.portal(() => {
        throw new Error('render failed');
      }),
    );
    page.showPage();
    expect(await page.testing.screen.findByRole('alert')).toHaveTextContent(
      page.UNAVAILABLE_MESSAGE,
    );
  });

  it('is a friendly page when the remote fails to load, and Try again loads it again', async () => {
    quietly();
    const page = await freshPage();
    const { screen, waitFor } = page.testing;
    deploy([GUESTPORTAL]);
    serve(new Error('ChunkLoadError: remoteEntry.js 503'));
    page.showPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(page.UNAVAILABLE_MESSAGE);

    serve(page.portal(() => <h1>Welcome back</h1>));
    page.testing.fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
