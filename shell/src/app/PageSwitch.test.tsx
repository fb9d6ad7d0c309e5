import { screen } from '@testing-library/react';
import type { RouteDef } from '@hostdash/shared-auth';
import { PageSwitch } from './PageSwitch';
import { RemotePage } from '../remotes/RemotePage';
import { makeUser, renderShell } from '../testing/renderShell';
import { DEMO_MANAGER } from '@hostdash/testing/demoUsers';

jest.mock('../remotes/registry', () => ({
  // No registry in the page: the menu waits for the first read.
  knownRemotes: () => null,
  loadRegistry: jest.fn(async () => [
    { name: 'listings', manifest: 'http://remotes/listings/mf-manifest.json' },
  ]),
}));
// The remote itself is exercised in RemoteFeature.test.tsx; here only which page is chosen.
jest.mock('../remotes/RemoteFeature', () => ({
  RemoteFeature: ({ app, frame }: { app: string; frame?: { title: string } }) => (
    <>
      <p>remote {app}</p>
      {frame && <p>framed as {frame.title}</p>}
    </>
  ),
}));

const location = () => screen.getByTestId('location').textContent;
const remotePage = (route: RouteDef) => <RemotePage route={route} />;

describe('PageSwitch: the client router applies the same access rules on every navigation', () => {
  it('sends a visitor without a user to sign in, with next', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/listings?from=10' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login?next=%2Flistings%3Ffrom%3D10');
    expect(document.title).toBe('Sign in · Hostdash');
  });

  // Issue 12: refusals used to redirect to /error/…, losing the address the user opened.
  it('tells a vendor on listings, at that address, which buildings they can open', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, {
      path: '/listings',
      user: makeUser({
        subtype: 'vendor',
        vendor_buildings: [
          { account_id: '1', slug: 'marina-lofts', name: 'Marina Lofts' },
          { account_id: '1', slug: 'wynwood-studios', name: 'Wynwood Studios' },
        ],
      }),
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "This page isn't part of your building view",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Marina Lofts' })).toHaveAttribute(
      'href',
      '/building/1/marina-lofts',
    );
    expect(screen.getByRole('link', { name: 'Wynwood Studios' })).toHaveAttribute(
      'href',
      '/building/1/wynwood-studios',
    );
    expect(location()).toBe('/listings');
  });

  it('tells a manager an owner page is for the account owner, by name, keeps the address and links back', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, {
      path: '/settings',
      user: DEMO_MANAGER,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is for the account owner' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/ask Olivia Hart, the account owner, to open it or to change your role/),
    ).toBeInTheDocument();
    expect(document.title).toBe('This page is for the account owner · Hostdash');
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(location()).toBe('/settings');
  });

  it('shows not-found to a non-admin on an admin page, at its address', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/users', user: makeUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/users');
  });

  it('shows not-found at an unknown address', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, {
      path: '/no/such/page',
      user: makeUser(),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/no/such/page');
  });

  it('sends a host without a payment method to billing, unless bypassed', async () => {
    const newHost = makeUser({
      billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
    });
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/reservations', user: newHost });
    expect(location()).toBe('/billing');
    expect(await screen.findByText('remote billing')).toBeInTheDocument();
  });

  // Issue 33, finding 8: the import's "See your listings" opened Billing.
  it('lets a host without a payment method see the listings they imported', async () => {
    const newHost = makeUser({
      billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
    });
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/listings', user: newHost });
    expect(await screen.findByText('remote listings')).toBeInTheDocument();
    expect(location()).toBe('/listings');
  });

  // Issue 33, finding 7: staff saw a host page with every account mixed.
  it("sends staff from a host's page to the staff area until they open an account", async () => {
    const staff = makeUser({ type: 'admin', subtype: 'admin', viewing: null });
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/billing', user: staff });
    expect(location()).toBe('/users');
    expect(await screen.findByText('remote admin')).toBeInTheDocument();
  });

  it('opens a host page to staff inside the account they opened', async () => {
    const staff = makeUser({
      type: 'admin',
      subtype: 'admin',
      viewing: { account_id: '1', name: 'Hart Stays', owner_name: 'Olivia Hart' },
    });
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/listings', user: staff });
    expect(await screen.findByText('remote listings')).toBeInTheDocument();
    expect(location()).toBe('/listings');
  });

  it('renders the remote that owns the route, and listings on / until reservations is deployed', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/listings', user: makeUser() });
    expect(await screen.findByText('remote listings')).toBeInTheDocument();
  });

  it('renders / with listings while the registry has no reservations remote', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/', user: makeUser() });
    expect(await screen.findByText('remote listings')).toBeInTheDocument();
    // Without the risks page's frame: listings draws its own page there.
    expect(screen.queryByText(/^framed as/)).not.toBeInTheDocument();
  });

  it("hands the remote its page's frame when the route declares one", async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, { path: '/billing', user: makeUser() });
    expect(await screen.findByText('remote billing')).toBeInTheDocument();
    expect(screen.getByText('framed as Billing')).toBeInTheDocument();
  });

  it('skips the billing rule outside production', async () => {
    renderShell(<PageSwitch remotePage={remotePage} />, {
      path: '/listings',
      user: makeUser({
        billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
      }),
      config: { stage: 'staging' },
    });
    expect(await screen.findByText('remote listings')).toBeInTheDocument();
  });
});
