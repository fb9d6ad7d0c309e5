// Issue 12: the side menu shows an icon per entry, highlights where the host is (also on `/`,
// which is the risks page), and offers only remotes that are deployed and pages the role may open.
import { screen, within } from '@testing-library/react';
import { makeUser, renderShell } from '../testing/renderShell';
import { mockRemoteFetch, release } from '../testing/remotes';
import { NavigationDrawer } from './NavigationDrawer';

jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }),
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

// This dashboard has reservations, listings and admin; billing, guest portal and settings are not
// deployed.
beforeEach(() => {
  mockRemoteFetch(() => [
    release('reservations', '0.1.0'),
    release('listings', '0.1.0'),
    release('admin', '0.1.0'),
  ]);
});

function renderMenu(path: string, user = makeUser()) {
  renderShell(<NavigationDrawer width={232} wide open onClose={() => undefined} />, {
    path,
    user,
  });
  return screen.getByRole('navigation', { name: 'Main' });
}

it('offers, with an icon each, only the deployed pages an owner may open', async () => {
  const menu = renderMenu('/listings');
  const links = await within(menu).findAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual([
    'Risks',
    'Reservations',
    'Protect',
    'Analytics',
    'Listings',
    'Buildings',
    'Team',
  ]);
  for (const link of links) expect(link.querySelector('svg')).not.toBeNull();
  // Owner pages of remotes this dashboard does not have are not offered.
  for (const name of ['Billing', 'Settings', 'Guest portal'])
    expect(within(menu).queryByRole('link', { name })).not.toBeInTheDocument();
});

it("leaves out what the user's role may not open", async () => {
  const menu = renderMenu('/reservations', makeUser({ subtype: 'manager' }));
  expect(await within(menu).findByRole('link', { name: 'Reservations' })).toBeInTheDocument();
  expect(within(menu).queryByRole('link', { name: 'Protect' })).not.toBeInTheDocument();
});

it.each([
  ['/', 'Risks'],
  ['/risks', 'Risks'],
  ['/reservation/42', 'Reservations'],
  ['/listing/7', 'Listings'],
  ['/analytics', 'Analytics'],
])('on %s highlights %s, and only it', async (path, section) => {
  const menu = renderMenu(path);
  const current = await within(menu).findByRole('link', { name: section });
  expect(current).toHaveAttribute('aria-current', 'page');
  expect(current).toHaveClass('Mui-selected');
  const others = within(menu)
    .getAllByRole('link')
    .filter((link) => link !== current);
  for (const link of others) expect(link).not.toHaveAttribute('aria-current');
});

it("highlights the vendor's building they are on", async () => {
  const vendor = makeUser({
    subtype: 'vendor',
    vendor_buildings: [
      { account_id: '1', slug: 'harbour-view', name: 'Harbour View' },
      { account_id: '1', slug: 'mill-lofts', name: 'Mill Lofts' },
    ],
  });
  const menu = renderMenu('/building/1/mill-lofts', vendor);
  expect(await within(menu).findByRole('link', { name: 'Mill Lofts' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(within(menu).getByRole('link', { name: 'Harbour View' })).not.toHaveAttribute(
    'aria-current',
  );
  expect(within(menu).queryByRole('link', { name: 'Risks' })).not.toBeInTheDocument();
});

it('offers an owner the team page at /accounts, highlighted on any of its addresses', async () => {
  const menu = renderMenu('/accounts/3/buildings');
  const team = await within(menu).findByRole('link', { name: 'Team' });
  expect(team).toHaveAttribute('href', '/accounts');
  expect(team).toHaveAttribute('aria-current', 'page');
});

it("doesn't offer a manager the team page", async () => {
  const menu = renderMenu('/reservations', makeUser({ subtype: 'manager' }));
  expect(await within(menu).findByRole('link', { name: 'Reservations' })).toBeInTheDocument();
  expect(within(menu).queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
  expect(within(menu).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
});
