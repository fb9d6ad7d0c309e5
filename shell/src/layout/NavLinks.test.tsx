// Issue 11, finding 9: a corrupt registry file removed the whole navigation. Now the navigation
// stays, and each remote's page shows its contained "unavailable" message.
import { screen, within } from '@testing-library/react';
import { makeUser, renderShell } from '../testing/renderShell';
import { RemotePage } from '../remotes/RemotePage';
import { NavLinks } from './NavLinks';

jest.mock('@module-federation/enhanced/runtime', () => ({
  createInstance: () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }),
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // What the shell server answers for a registry file it cannot parse.
  globalThis.fetch = jest.fn(async () => ({
    ok: false,
    status: 503,
    json: async () => ({
      error: 'registry_unreadable',
      message: 'The remote registry cannot be read.',
    }),
  })) as unknown as typeof fetch;
});

it('keeps the navigation when the registry cannot be read, and shows each remote as unavailable', async () => {
  renderShell(
    <>
      <NavLinks />
      <RemotePage
        route={{ path: '/listings', access: 'login', app: 'listings', title: 'Listings' }}
      />
    </>,
    { path: '/listings', user: makeUser() },
  );
  const navigation = screen.getByRole('navigation', { name: 'Main' });
  for (const name of ['Risks', 'Reservations', 'Listings', 'Buildings', 'Analytics', 'Protect']) {
    expect(await within(navigation).findByRole('link', { name })).toBeInTheDocument();
  }
  // Admin pages stay out of an owner's navigation, as ever.
  expect(within(navigation).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  expect(await screen.findByText('Listings is temporarily unavailable')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
