// The shell whole, on a page the server sent without a user: the sign-in pages work without the
// dashboard (the store, its sagas), which starts only once someone has signed in and then takes
// over in the same page. The API is a stand-in over real HTTP that keeps the API contract.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { keepsContract } from '@hostdash/testing/contract';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import { REPORTED_OFF_SITE_NEXTS } from '@hostdash/testing/offSiteNexts';
import { startUpstream, type Upstream, type UpstreamAnswer } from '@hostdash/testing/upstream';
import { identifyFlagsUser, resetFlagsUser } from '../flags/featureFlags';
import type { ClientConfig } from '../config';
import { testConfig } from '../testing/renderShell';
import { startDashboard } from './Dashboard';
import { Shell } from './Shell';

jest.mock('./Dashboard', () => {
  const actual = jest.requireActual('./Dashboard');
  return { ...actual, startDashboard: jest.fn(actual.startDashboard) };
});
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
  ]),
  setRegistryUser: jest.fn(),
  checkForNewVersions: jest.fn(async () => []),
  previewedRemotes: () => [],
}));
// The remote itself is exercised in remotes/RemoteFeature.test.tsx.
jest.mock('../remotes/RemoteFeature', () => ({
  RemoteFeature: ({ app }: { app: string }) => <p>remote {app}</p>,
}));

const SECURE = { ...DEMO_OWNER, id: '7', email: 'secure@hostdash.test', name: 'Sam Secure' };
const EXPIRES_AT = '2030-01-01T00:00:00.000Z';

let upstream: Upstream;
const SIGNED_OUT: UpstreamAnswer = {
  status: 401,
  json: { error: 'unauthorized', message: 'Sign in to continue.' },
};
/** What the stand-in's loadAuth answers now. */
let loadAuthAnswer: UpstreamAnswer = SIGNED_OUT;

beforeAll(async () => {
  upstream = await startUpstream(
    (request) => {
      const body = request.body ? JSON.parse(request.body) : {};
      switch (request.url.split('?')[0]) {
        case '/login':
          if (body.password !== 'hostdash-demo')
            return {
              status: 401,
              json: {
                error: 'invalid_credentials',
                message: 'The email or password is incorrect.',
              },
            };
          if (body.email === 'secure@hostdash.test')
            return { json: { redirect: '/login/challenge', challengeToken: 'tok-1' } };
          return { json: { user: DEMO_OWNER, sessionId: 's-1', expiresAt: EXPIRES_AT } };
        case '/user/auth/challenge':
          return body.challengeToken === 'tok-1' && body.code === '123456'
            ? { json: { user: SECURE, sessionId: 's-2', expiresAt: EXPIRES_AT } }
            : { status: 401, json: { error: 'invalid_code', message: 'That code is not valid.' } };
        case '/user/auth/password/reset':
          return { json: { message: 'If an account exists for that email, we have sent a link.' } };
        case '/user/auth/password/confirm':
          return body.token === 'good'
            ? { json: { message: 'Your password has been changed.' } }
            : {
                status: 400,
                json: {
                  error: 'invalid_token',
                  message: 'This reset link is invalid or has expired.',
                },
              };
        case '/user/notifications/load':
          return { json: { items: [], total: 0, unread: 0 } };
        case '/logout':
          return { json: { ok: true } };
        case '/loadAuth':
          return loadAuthAnswer;
        default:
          return { status: 404, json: { error: 'not_found', message: 'Nothing here.' } };
      }
    },
    { check: keepsContract },
  );
  configureApiClient({ baseURL: upstream.url, logError: () => undefined });
});

afterAll(() => upstream.close());

/** The shell as bootstrap starts it on a page the server sent without a user. */
function openPage(path: string, config: Partial<ClientConfig> = {}) {
  window.history.replaceState(null, '', path);
  render(<Shell config={testConfig(config)} dashboard={null} />);
}

/** In-app navigation: what a link or the back button does, without a page load. */
function navigateInApp(path: string) {
  act(() => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  });
}

async function signInWith(email: string) {
  await userEvent.type(screen.getByLabelText(/Email/), email);
  await userEvent.type(screen.getByLabelText(/Password/), 'hostdash-demo');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const currentPath = () => window.location.pathname + window.location.search;

describe('a page without a user', () => {
  it('signs in without the store; the dashboard then takes over, signed in, at next', async () => {
    openPage('/login?next=%2Flistings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Email/), 'owner@hostdash.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'hostdash-demo');
    expect(startDashboard).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('remote listings')).toBeInTheDocument();
    expect(currentPath()).toBe('/listings');
    expect(screen.getByText('Olivia Hart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeInTheDocument();
    expect(startDashboard).toHaveBeenCalledTimes(1);
    // On sign-in the feature-flag service identifies the user by id (spec section 4).
    expect(identifyFlagsUser).toHaveBeenCalledWith(DEMO_OWNER.id);
  });

  it('shows why a sign-in was refused, and stays on the form', async () => {
    openPage('/login');
    await userEvent.type(await screen.findByLabelText(/Email/), 'owner@hostdash.test');
    await userEvent.type(screen.getByLabelText(/Password/), 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The API refuses a deactivated account in the same words (ADR 9): they say what to do then.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email or password is incorrect. If your account has been deactivated, ask your account owner or Hostdash support to reactivate it.',
    );
    expect(currentPath()).toBe('/login');
    expect(startDashboard).not.toHaveBeenCalled();
  });

  it('asks an account with a second step for its code, then signs in with the login’s token', async () => {
    openPage('/login?next=%2Flistings');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await signInWith('secure@hostdash.test');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Verify it's you" }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/login/challenge?next=%2Flistings');
    expect(startDashboard).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');

    await userEvent.clear(screen.getByLabelText(/Code/));
    await userEvent.type(screen.getByLabelText(/Code/), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('remote listings')).toBeInTheDocument();
    expect(screen.getByText('Sam Secure')).toBeInTheDocument();
    expect(identifyFlagsUser).toHaveBeenCalledWith(SECURE.id);
    const challenges = upstream.requests.filter(
      (request) => request.url === '/user/auth/challenge',
    );
    expect(challenges.map((request) => JSON.parse(request.body))).toEqual([
      { challengeToken: 'tok-1', code: '000000' },
      { challengeToken: 'tok-1', code: '123456' },
    ]);
  });

  it('says the second step has expired when no login asked for one in this page', async () => {
    openPage('/login/challenge?next=%2Flistings');
    expect(
      await screen.findByText(
        'This verification step has expired. Sign in again to get a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Flistings',
    );
  });

  it('requests a password reset link', async () => {
    openPage('/account/reset');
    await userEvent.type(await screen.findByLabelText(/Email/), 'owner@hostdash.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'If an account exists for that email, we have sent a link.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('refuses a new password with a reset link that has expired', async () => {
    openPage('/account/reset/bad');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'long-enough');
    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
  });

  it('sets a new password with a valid reset link', async () => {
    openPage('/account/reset/good');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'long-enough');
    await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Password changed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('signs out on the sign-out page with a POST, says so once it is answered, and resets the flags', async () => {
    openPage('/logout');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signing out…' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signed out' }),
    ).toBeInTheDocument();
    // Not before: leaving at "Signed out" must not abort a sign-out still under way.
    expect(upstream.requests.at(-1)).toMatchObject({ method: 'POST', url: '/logout' });
    await waitFor(() => expect(resetFlagsUser).toHaveBeenCalled());
    expect(startDashboard).not.toHaveBeenCalled();
  });
});

// Issue 11, finding 1: the client refused these, but then the page went blank. Issue 30,
// finding 1: the client refused `//evil.com` ("External navigation is not allowed") and stayed on
// the sign-in page, whose reload the server redirected there.
describe('a next that leads off the site', () => {
  it.each(['/%5Cevil.com', '/%09/evil.com', '/%0a/evil.com', ...REPORTED_OFF_SITE_NEXTS])(
    'signing in with next=%s lands on /',
    async (next) => {
      openPage(`/login?next=${next}`);
      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      await signInWith('owner@hostdash.test');
      // `/` is the listings page while the registry has no reservations remote.
      expect(await screen.findByText('remote listings')).toBeInTheDocument();
      expect(currentPath()).toBe('/');
    },
  );
});

// Issue 11, finding 8: any page could sign the user out by sending them to /logout.
describe('the sign-out page opened from another site', () => {
  it('asks first, and signs out only when asked to', async () => {
    const signOuts = () => upstream.requests.filter((request) => request.url === '/logout').length;
    const before = signOuts();
    openPage('/logout', { confirmSignOut: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign out?' })).toBeInTheDocument();
    expect(signOuts()).toBe(before);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signed out' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(upstream.requests.at(-1)).toMatchObject({ method: 'POST', url: '/logout' }),
    );
  });

  it('keeps the session with "Stay signed in"; the sign-out link in the app still signs out at once', async () => {
    const signOuts = () => upstream.requests.filter((request) => request.url === '/logout').length;
    const before = signOuts();
    openPage('/logout', { confirmSignOut: true });
    await userEvent.click(await screen.findByRole('link', { name: 'Stay signed in' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/login/));
    expect(signOuts()).toBe(before);

    navigateInApp('/logout');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signed out' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(upstream.requests.at(-1)).toMatchObject({ method: 'POST', url: '/logout' }),
    );
  });
});

// Issue 11, finding 4: with the API down, a page load sent the user to sign in.
describe('a page the server could not name the user for (the API did not answer)', () => {
  afterEach(() => {
    loadAuthAnswer = SIGNED_OUT;
  });

  it('says the server cannot be reached; Retry continues signed in once the API answers', async () => {
    loadAuthAnswer = { status: 500, json: { error: 'internal', message: 'Down.' } };
    openPage('/listings?from=10', { apiUnreachable: true });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Hostdash can't reach its server right now",
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Still no answer from the server/)).toBeInTheDocument();
    expect(currentPath()).toBe('/listings?from=10');

    loadAuthAnswer = { json: { ...DEMO_OWNER, sessionId: 's-1' } };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote listings')).toBeInTheDocument();
    expect(currentPath()).toBe('/listings?from=10');
    expect(screen.getByText('Olivia Hart')).toBeInTheDocument();
    expect(identifyFlagsUser).toHaveBeenCalledWith(DEMO_OWNER.id);
  });

  it('asks again on in-app navigation, and sends to sign in only when the API says the session is over', async () => {
    loadAuthAnswer = { status: 500, json: { error: 'internal', message: 'Down.' } };
    openPage('/listings', { apiUnreachable: true });
    await screen.findByRole('button', { name: 'Retry' });
    const asked = () => upstream.requests.filter((request) => request.url === '/loadAuth').length;
    const before = asked();

    loadAuthAnswer = SIGNED_OUT;
    navigateInApp('/reservations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(asked()).toBe(before + 1);
    expect(currentPath()).toBe('/login?next=%2Freservations');
  });
});
