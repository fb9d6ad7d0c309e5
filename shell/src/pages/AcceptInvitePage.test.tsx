// The invite link's page, in the whole shell as the server sends it: whom the invite is for, a name
// and a password, then signed in where the role starts (building staff on their first building, a
// manager on `/`); a link that no longer works; someone already signed in. The API is a stand-in
// over real HTTP that keeps the API contract.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, type User } from '@hostdash/shared-auth';
import { keepsContract } from '@hostdash/testing/contract';
import { DEMO_MANAGER, DEMO_OWNER, DEMO_VENDOR } from '@hostdash/testing/demoUsers';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { startDashboard } from '../app/Dashboard';
import { Shell } from '../app/Shell';
import type { ClientConfig } from '../config';
import { testConfig } from '../testing/renderShell';

jest.mock('../flags/featureFlags', () => ({
  ...jest.requireActual('../flags/featureFlags'),
  identifyFlagsUser: jest.fn(async () => undefined),
  resetFlagsUser: jest.fn(async () => undefined),
}));
jest.mock('../remotes/registry', () => ({
  // No registry in the page: the menu waits for the first read.
  knownRemotes: () => null,
  loadRegistry: jest.fn(async () => [
    { name: 'listings', manifest: 'http://remotes/listings/mf-manifest.json' },
    { name: 'reservations', manifest: 'http://remotes/reservations/mf-manifest.json' },
  ]),
  setRegistryUser: jest.fn(),
  checkForNewVersions: jest.fn(async () => []),
  previewedRemotes: () => [],
}));
jest.mock('../remotes/RemoteFeature', () => ({
  RemoteFeature: ({ app }: { app: string }) => <p>remote {app}</p>,
}));

const EXPIRES_AT = '2099-12-01T10:00:00.000Z';
const INVITES: Record<string, { subtype: 'manager' | 'vendor'; user: User; name: string }> = {
  'vendor-token': { subtype: 'vendor', user: DEMO_VENDOR, name: 'Diego Alvarez' },
  'manager-token': { subtype: 'manager', user: DEMO_MANAGER, name: 'Marcus Reed' },
  'another-manager-token': { subtype: 'manager', user: DEMO_MANAGER, name: 'Marcus Reed' },
};

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream(
    (request) => {
      const lookup = /^\/user\/accounts\/signupLinkTokenLookup\/(.+)$/.exec(request.url);
      const accept = /^\/user\/accounts\/acceptInvite\/(.+)$/.exec(request.url);
      const invite = INVITES[(lookup ?? accept)?.[1] ?? ''];
      if (request.url.endsWith('/used-token'))
        return {
          status: 410,
          json: {
            error: 'invite_used',
            message:
              'This invite has already been used. Sign in with the password you chose, or reset it.',
          },
        };
      if (request.url.endsWith('/signup-token'))
        return {
          json: {
            kind: 'signup',
            email: 'rui@example.com',
            name: 'Rui Costa',
            company: 'Costa Homes',
            pms: 'hostaway',
            expires_at: EXPIRES_AT,
          },
        };
      if (lookup && invite)
        return {
          json: {
            kind: 'invite',
            email: invite.user.email,
            name: invite.name,
            account_name: 'Hart Stays',
            subtype: invite.subtype,
            expires_at: EXPIRES_AT,
          },
        };
      if (accept && invite) {
        const body = JSON.parse(request.body) as { name?: string; password: string };
        if (body.password === '12345678')
          return {
            status: 400,
            json: {
              error: 'invalid_request',
              message: 'This password is too common: choose one that others are unlikely to use.',
              field: 'password',
              in: 'body',
              rule: 'x-not-common-password',
            },
          };
        return {
          json: {
            user: { ...invite.user, name: body.name ?? invite.name },
            sessionId: 's-new',
            expiresAt: EXPIRES_AT,
          },
        };
      }
      if (request.url.startsWith('/user/notifications/load'))
        return { json: { items: [], total: 0, unread: 0 } };
      if (request.url === '/logout') return { json: { ok: true } };
      return {
        status: 404,
        json: { error: 'invite_not_found', message: 'This invite link is not valid.' },
      };
    },
    { check: keepsContract },
  );
  configureApiClient({ baseURL: upstream.url, logError: () => undefined });
});

afterAll(() => upstream.close());

function openPage(path: string, config: Partial<ClientConfig> = {}) {
  window.history.replaceState(null, '', path);
  const shellConfig = testConfig(config);
  render(
    <Shell
      config={shellConfig}
      dashboard={shellConfig.user ? startDashboard(shellConfig) : null}
    />,
  );
}

const currentPath = () => window.location.pathname;
const acceptBodies = (token: string) =>
  upstream.requests
    .filter((request) => request.url === `/user/accounts/acceptInvite/${token}`)
    .map((request) => JSON.parse(request.body));

async function choosePassword(password: string, repeat = password) {
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Repeat the password/), repeat);
}

describe('the invite page', () => {
  it('sends a sign-up link opened here on to its connect page, which signs the new host up', async () => {
    openPage('/accept-invite/signup-token');
    expect(await screen.findByText('remote onboarding')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/connect/hostaway?token=signup-token',
    );
  });

  it('greets building staff, and joining lands them on their first building, signed in', async () => {
    openPage('/accept-invite/vendor-token');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Join Hart Stays as building staff',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('vendor@hostdash.test')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('Diego Alvarez');

    const join = screen.getByRole('button', { name: 'Join Hart Stays' });
    await choosePassword('short');
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(join).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.clear(screen.getByLabelText(/^Repeat the password/));
    await choosePassword('a-good-password', 'a-good-passwort');
    expect(screen.getByText('The two passwords differ.')).toBeInTheDocument();
    expect(join).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(/^Repeat the password/));
    await userEvent.type(screen.getByLabelText(/^Repeat the password/), 'a-good-password');
    await userEvent.click(join);

    expect(await screen.findByText('remote listings')).toBeInTheDocument();
    expect(currentPath()).toBe('/building/1/marina-lofts');
    expect(screen.getByText('Diego Alvarez')).toBeInTheDocument();
    // The name as invited is not sent again.
    expect(acceptBodies('vendor-token')).toEqual([{ password: 'a-good-password' }]);
  });

  it('says a common password will not do, and shows the API’s refusal of one', async () => {
    openPage('/accept-invite/another-manager-token');
    await screen.findByRole('heading', { level: 1, name: 'Join Hart Stays as a manager' });
    expect(
      screen.getByText('At least 8 characters, and not a common password.'),
    ).toBeInTheDocument();
    await choosePassword('12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Join Hart Stays' }));

    expect(
      await screen.findByText(
        'This password is too common: choose one that others are unlikely to use.',
      ),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/accept-invite/another-manager-token');
  });

  it('takes the name a manager goes by, and lands them on the dashboard’s start', async () => {
    openPage('/accept-invite/manager-token');
    await screen.findByRole('heading', { level: 1, name: 'Join Hart Stays as a manager' });
    const name = screen.getByLabelText(/^Your name/);
    await userEvent.clear(name);
    expect(screen.getByText('Say how your team should call you.')).toBeInTheDocument();
    await userEvent.type(name, 'Marc Reed');
    await choosePassword('a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Join Hart Stays' }));

    expect(await screen.findByText('remote reservations')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(acceptBodies('manager-token')).toEqual([
      { password: 'a-good-password', name: 'Marc Reed' },
    ]);
  });

  it('says why a used link does not work, and offers to sign in', async () => {
    openPage('/accept-invite/used-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invite link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This invite has already been used.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('says an unknown link is not valid', async () => {
    openPage('/accept-invite/never-issued');
    await screen.findByRole('heading', { level: 1, name: 'This invite link does not work' });
    expect(screen.getByRole('alert')).toHaveTextContent('This invite link is not valid.');
  });

  it('tells someone signed in who they are, and signs them out first when they ask', async () => {
    openPage('/accept-invite/vendor-token', { user: DEMO_OWNER });
    await screen.findByRole('heading', { level: 1, name: 'Join Hart Stays' });
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
      'You are signed in as Olivia Hart (owner@hostdash.test). This invite is for vendor@hostdash.test. To accept it, sign out first.',
    );
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Hart Stays as building staff' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(upstream.requests.some((request) => request.url === '/logout')).toBe(true),
    );
    expect(currentPath()).toBe('/accept-invite/vendor-token');
  });
});
