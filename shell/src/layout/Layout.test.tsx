// Issue 33: the frame every page sits in. The outage banner is part of the page (it covered the
// title on a phone), the side navigation is there with the page's first render (it popped in
// 150–250 ms later), staff inside a host's account read whose it is and find the way back, and
// every role finds their own settings in their menu.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { configureApiClient, type User } from '@hostdash/shared-auth';
import { keepsContract } from '@hostdash/testing/contract';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { startRegistry } from '../remotes/registry';
import { makeUser, renderShell } from '../testing/renderShell';
import { discoveryDocument, release } from '../testing/remotes';
import { Layout } from './Layout';
import { NavigationDrawer } from './NavigationDrawer';
import { FollowViewedAccount, ViewingBar } from './ViewingBar';
import { PreviewBar } from './PreviewBar';

const mockFlags = { outageBanner: { enabled: false, value: null as unknown } };
jest.mock('../flags/featureFlags', () => ({
  subscribeFlags: () => () => undefined,
  getFlagsSnapshot: () => mockFlags,
}));
jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }),
}));

const STAFF: User = makeUser({
  id: '5',
  name: 'Ada Admin',
  email: 'admin@hostdash.test',
  type: 'admin',
  subtype: 'admin',
  account_id: '2',
  billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
  viewing: null,
});
const VIEWING = { account_id: '1', name: 'Hart Stays', owner_name: 'Olivia Hart' };

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream(
    (request) => {
      // A DELETE across origins asks first (CORS preflight), as a browser does.
      if (request.method === 'OPTIONS') return { status: 204 };
      if (request.method === 'DELETE' && request.url === '/admin/viewing')
        return { json: { ...STAFF, viewing: null } };
      if (request.url.startsWith('/user/notifications/load'))
        return { json: { items: [], total: 0, unread: 0 } };
      return { status: 404, json: { error: 'not_found', message: 'Nothing here.' } };
    },
    {
      check: (request, answer) =>
        request.method === 'OPTIONS' ? null : keepsContract(request, answer),
    },
  );
  configureApiClient({ baseURL: upstream.url, logError: () => undefined });
  // A wide screen: the navigation is the permanent side panel.
  window.matchMedia = ((query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // The registry the shell server puts in the page.
  startRegistry(
    discoveryDocument(
      ['reservations', 'listings', 'guestportal', 'onboarding', 'billing', 'admin'].map((name) =>
        release(name, '0.1.0'),
      ),
    ),
  );
});
afterAll(() => upstream.close());
beforeEach(() => {
  mockFlags.outageBanner = { enabled: false, value: null };
});

const dashboard = { Navigation: NavigationDrawer, ViewingBar, PreviewBar };

function renderPage(user: User, path = '/risks') {
  return renderShell(
    <>
      <Layout dashboard={dashboard}>
        <h1>The page</h1>
      </Layout>
      <FollowViewedAccount />
    </>,
    { path, user },
  );
}

describe('the outage banner', () => {
  it("is in the page's flow above its title, and closing it gives the space back", async () => {
    mockFlags.outageBanner = {
      enabled: true,
      value: JSON.stringify({ severity: 'info', text: 'Syncing with Guesty is delayed.' }),
    };
    renderPage(makeUser());
    const banner = screen.getByRole('status', { name: 'Service status' });
    const title = screen.getByRole('heading', { level: 1, name: 'The page' });
    // Inside the page's main column, before its title: it pushes the page down.
    expect(within(screen.getByRole('main')).getByRole('status', { name: 'Service status' })).toBe(
      banner,
    );
    expect(banner.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Not a floating snackbar over the page.
    expect(banner.closest('.MuiSnackbar-root')).toBeNull();

    await userEvent.click(within(banner).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status', { name: 'Service status' })).not.toBeInTheDocument();
  });

  it('hides an info notice after 10 seconds; an error stays', () => {
    jest.useFakeTimers();
    try {
      mockFlags.outageBanner = {
        enabled: true,
        value: JSON.stringify({ severity: 'info', text: 'Syncing with Guesty is delayed.' }),
      };
      const { unmount } = renderPage(makeUser());
      act(() => jest.advanceTimersByTime(9_000));
      expect(screen.getByRole('status', { name: 'Service status' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1_500));
      expect(screen.queryByRole('status', { name: 'Service status' })).not.toBeInTheDocument();
      unmount();

      mockFlags.outageBanner = {
        enabled: true,
        value: JSON.stringify({ severity: 'error', text: 'Payments are down.' }),
      };
      renderPage(makeUser());
      act(() => jest.advanceTimersByTime(60_000));
      const banner = screen.getByRole('alert', { name: 'Service status' });
      expect(within(banner).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the skip link', () => {
  it('is the first Tab stop and takes the focus to the page, past the bar and the menu', async () => {
    renderPage(makeUser());
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    const address = window.location.href;
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.href).toBe(address);
  });
});

describe('the focus after a navigation', () => {
  function Leaving() {
    const navigate = useNavigate();
    const { pathname } = useLocation();
    return pathname === '/risks' ? (
      <button type="button" onClick={() => void navigate('/listings')}>
        Go on
      </button>
    ) : (
      <h1>Listings</h1>
    );
  }

  it('goes to the main region when the focused control went with the old page', async () => {
    renderShell(
      <Layout dashboard={dashboard}>
        <Leaving />
      </Layout>,
      { path: '/risks', user: makeUser() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go on' }));
    expect(await screen.findByRole('heading', { name: 'Listings' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('stays on a menu link that is still there', async () => {
    renderPage(makeUser());
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'Listings',
    });
    await userEvent.click(link);
    expect(link).toHaveFocus();
  });
});

describe('the side navigation', () => {
  it("is there with the page's first render, from the registry in the page", () => {
    renderPage(makeUser());
    // No waiting: getBy, not findBy.
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('link', { name: 'Risks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'Guest messages' })).toHaveAttribute(
      'href',
      '/stargate',
    );
  });

  it('gives staff the staff area, and no host page', () => {
    renderPage(STAFF, '/users');
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Users',
      'Accounts',
      'All listings',
      'Usage analytics',
      'Jobs',
      'Feature flags',
      'Delivery',
    ]);
    expect(screen.queryByRole('region', { name: 'Account you are viewing' })).toBeNull();
  });
});

describe("staff inside a host's account", () => {
  it('read whose account it is, get its menu, and go back to the staff area', async () => {
    const { store } = renderPage({ ...STAFF, viewing: VIEWING }, '/billing');
    const frame = screen.getByRole('region', { name: 'Account you are viewing' });
    expect(frame).toHaveTextContent("Viewing Olivia Hart's account");
    expect(frame).toHaveTextContent('Hart Stays');
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('link', { name: 'Billing' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Team' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();

    await userEvent.click(within(frame).getByRole('button', { name: 'Back to staff area' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/users'));
    expect(store.getState().auth.user?.viewing).toBeNull();
    expect(upstream.requests.some((r) => r.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Account you are viewing' })).toBeNull();
  });
});

describe('the user menu', () => {
  it.each([
    ['an owner', makeUser()],
    ['a manager', makeUser({ subtype: 'manager' })],
    ['a vendor', makeUser({ subtype: 'vendor' })],
    ['staff', STAFF],
  ])('leads %s to their own settings', async (_who, user) => {
    renderPage(user, '/');
    await userEvent.click(screen.getByRole('button', { name: `${user.name}: your account` }));
    expect(await screen.findByRole('menuitem', { name: 'Your settings' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
  });
});
