/** @jest-environment node */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { startUpstream, testConfig, type Upstream } from './testSupport';
import { OFF_SITE_NEXTS } from '@hostdash/testing/offSiteNexts';

const users: Record<string, Record<string, unknown>> = {
  owner: {
    id: '1',
    name: 'Olivia',
    email: 'o@x',
    type: 'user',
    subtype: 'owner',
    is_active: true,
    account_id: '1',
    billing: { stripe_customer_id: 'cus_1', past_due_since: null, failed_payment: null },
  },
  vendor: {
    id: '2',
    name: 'Vic',
    email: 'v@x',
    type: 'user',
    subtype: 'vendor',
    is_active: true,
    account_id: '1',
    billing: { stripe_customer_id: 'cus_1', past_due_since: null, failed_payment: null },
  },
  manager: {
    id: '5',
    name: 'Max',
    email: 'm@x',
    type: 'user',
    subtype: 'manager',
    is_active: true,
    account_id: '1',
    billing: { stripe_customer_id: 'cus_1', past_due_since: null, failed_payment: null },
  },
  newhost: {
    id: '3',
    name: 'Nia',
    email: 'n@x',
    type: 'user',
    subtype: 'owner',
    is_active: true,
    account_id: '2',
    billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
  },
  inactive: {
    id: '4',
    name: 'Ian',
    email: 'i@x',
    type: 'user',
    subtype: 'owner',
    is_active: false,
    account_id: '3',
    billing: { stripe_customer_id: 'cus_3', past_due_since: null, failed_payment: null },
  },
};

function distWithTemplate(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  // As html-webpack-plugin's minifier writes the template's config element.
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><script id=hostdash-config type=application/json>{}</script></head><body></body></html>',
  );
  return dir;
}

describe('the page guard', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  const distDir = distWithTemplate();

  beforeAll(async () => {
    upstream = await startUpstream((request) => {
      if (request.url === '/loadAuth') {
        const session = String(request.headers.authorization);
        // The API in trouble: failing, or too slow for the guard's 5 s.
        if (session === 'api-failing')
          return { status: 503, json: { error: 'unavailable', message: 'Down.' } };
        if (session === 'api-crashing') return { status: 500, body: 'Internal Server Error' };
        if (session === 'api-slow') return { json: users.owner, delayMs: 6000 };
        const user = users[session];
        return user
          ? { json: { ...user, sessionId: 'never-in-html' } }
          : { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } };
      }
      if (request.url === '/logout') return { json: { ok: true } };
      return { status: 404, json: { error: 'not_found', message: 'no' } };
    });
    app = buildShellServer(testConfig({ API_URL: upstream.url, SHELL_DIST_DIR: distDir }), {
      logger: false,
    });
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  const load = (
    url: string,
    session?: string,
    extraCookie = '',
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'text/html',
        cookie: [session && `hd_session=${session}`, extraCookie].filter(Boolean).join('; '),
        ...headers,
      },
    });
  const injectedConfig = (body: string) =>
    JSON.parse(
      /<script id="hostdash-config" type="application\/json">(.*?)<\/script>/.exec(body)?.[1] ??
        'null',
    );

  it('redirects an anonymous visitor to sign-in with next, before any HTML', async () => {
    const response = await load('/listings?from=10');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?next=%2Flistings%3Ffrom%3D10');
    expect(response.body).not.toContain('<html');
  });

  it('serves the page with the user (without the session id) and noindex', async () => {
    const response = await load('/listings', 'owner');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    const injected = /<script id="hostdash-config" type="application\/json">(.*?)<\/script>/.exec(
      response.body,
    )?.[1];
    expect(JSON.parse(injected ?? 'null')).toMatchObject({
      stage: 'prod',
      user: { id: '1', subtype: 'owner' },
      billingBypass: false,
    });
    expect(response.body).not.toContain('never-in-html');
  });

  // Issue 12: a refusal is rendered at the address the user opened, with its status.
  it('applies the vendor, owner, admin and billing rules', async () => {
    const vendorOnListings = await load('/listings', 'vendor');
    expect(vendorOnListings.statusCode).toBe(403);
    expect(vendorOnListings.headers.location).toBeUndefined();
    expect(injectedConfig(vendorOnListings.body)).toMatchObject({ user: { subtype: 'vendor' } });
    expect((await load('/building/1/marina-lofts', 'vendor')).statusCode).toBe(200);
    const ownerOnAdminPage = await load('/users', 'owner');
    expect(ownerOnAdminPage.statusCode).toBe(404);
    expect(ownerOnAdminPage.headers.location).toBeUndefined();
    const managerOnOwnerPage = await load('/settings', 'manager');
    expect(managerOnOwnerPage.statusCode).toBe(403);
    expect(managerOnOwnerPage.headers.location).toBeUndefined();
    expect((await load('/reservations', 'newhost')).headers.location).toBe('/billing');
    expect((await load('/reservations', 'newhost', 'hd_billing_bypass=1')).statusCode).toBe(200);
    // The listings a host just imported open before the card (issue 33, finding 8).
    expect((await load('/listings', 'newhost')).statusCode).toBe(200);
  });

  it('sends an inactive user to /logout, whose page signs out at once after that redirect', async () => {
    expect((await load('/listings', 'inactive')).headers.location).toBe('/logout');
    // The browser follows a redirect within this origin with Sec-Fetch-Site: same-origin.
    const logout = await load('/logout', 'inactive', '', { 'sec-fetch-site': 'same-origin' });
    expect(logout.statusCode).toBe(200);
    expect(injectedConfig(logout.body)).toMatchObject({
      user: { id: '4' },
      confirmSignOut: false,
    });
  });

  // Issue 11, finding 8: any page signed the user out with a link to /logout.
  it('never signs out on a page load of /logout: the page posts, and asks first when another site sent it', async () => {
    const before = upstream.requests.filter((request) => request.url === '/logout').length;
    for (const fetchSite of ['cross-site', 'same-site', undefined]) {
      const page = await load(
        '/logout',
        'owner',
        '',
        fetchSite ? { 'sec-fetch-site': fetchSite } : {},
      );
      expect(page.statusCode).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(injectedConfig(page.body)).toMatchObject({ user: { id: '1' }, confirmSignOut: true });
    }
    for (const fetchSite of ['same-origin', 'none']) {
      const page = await load('/logout', 'owner', '', { 'sec-fetch-site': fetchSite });
      expect(injectedConfig(page.body)).toMatchObject({ confirmSignOut: false });
    }
    // Nobody to sign out: nothing to ask.
    const anonymous = await load('/logout', undefined, '', { 'sec-fetch-site': 'cross-site' });
    expect(injectedConfig(anonymous.body)).toMatchObject({ user: null, confirmSignOut: false });
    expect(upstream.requests.filter((request) => request.url === '/logout')).toHaveLength(before);
  });

  it('answers the not-found page, and an unknown path in place, with 404', async () => {
    expect((await load('/error/not-found')).statusCode).toBe(404);
    const unknown = await load('/no/such/page', 'owner');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.body).toContain('<html');
  });

  it('sends a signed-in user away from the sign-in page, to a same-site next only', async () => {
    expect((await load('/login?next=%2Flistings', 'owner')).headers.location).toBe('/listings');
    expect((await load('/login?next=%2F%2Fevil.example', 'owner')).headers.location).toBe('/');
  });

  // Issue 11, finding 1: `/\evil.com` and `/<TAB>/evil.com` were followed to http://evil.com/;
  // a newline answered 500.
  it.each(['/login?next=/%5Cevil.com', '/login?next=/%09/evil.com', '/login?next=/%0a/evil.com'])(
    '%s lands on / when signed in, and serves the sign-in page otherwise',
    async (url) => {
      const signedIn = await load(url, 'owner');
      expect(signedIn.statusCode).toBe(302);
      expect(signedIn.headers.location).toBe('/');
      const signedOut = await load(url);
      expect(signedOut.statusCode).toBe(200);
      expect(signedOut.headers['content-type']).toMatch(/text\/html/);
    },
  );

  // Issue 30, finding 1: each answered `302 Location: //evil.com` (or an encoding of it), on both
  // sign-in pages, and Chromium followed it.
  it.each(
    OFF_SITE_NEXTS.flatMap((next) => [`/login?next=${next}`, `/login/challenge?next=${next}`]),
  )('%s sends a signed-in user to / on this site', async (url) => {
    const signedIn = await load(url, 'owner');
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/');
  });

  // Issue 11, finding 4: with the API down, a page load signed the user out.
  it.each([
    ['the API answers 503', 'api-failing'],
    ['the API answers 500', 'api-crashing'],
    ['the API does not answer within 5 s', 'api-slow'],
  ])(
    'keeps the session and says the API cannot be reached (503) when %s',
    async (_case, session) => {
      const response = await load('/listings', session);
      expect(response.statusCode).toBe(503);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers.location).toBeUndefined();
      expect(injectedConfig(response.body)).toMatchObject({ user: null, apiUnreachable: true });
    },
  );

  it('keeps the session when the API does not answer at all', async () => {
    const offline = buildShellServer(
      testConfig({ API_URL: 'http://127.0.0.1:9', SHELL_DIST_DIR: distDir }),
      { logger: false },
    );
    try {
      const response = await offline.inject({
        url: '/login?next=%2Flistings',
        headers: { accept: 'text/html', cookie: 'hd_session=owner' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(injectedConfig(response.body)).toMatchObject({ apiUnreachable: true });
      // Signing out works without the API: its page is served as it is.
      const logout = await offline.inject({
        url: '/logout',
        headers: { accept: 'text/html', cookie: 'hd_session=owner', 'sec-fetch-site': 'none' },
      });
      expect(logout.statusCode).toBe(200);
      expect(injectedConfig(logout.body)).toMatchObject({ apiUnreachable: false });
    } finally {
      await offline.close();
    }
  });

  it('treats a session the API refuses as no user and clears the cookie', async () => {
    const response = await load('/listings', 'forged');
    expect(response.headers.location).toBe('/login?next=%2Flistings');
    expect(String(response.headers['set-cookie'])).toMatch(/^hd_session=; /);
  });

  it('treats a cookie no session can have as none, without asking the API', async () => {
    const calls = upstream.requests.length;
    const response = await app.inject({
      url: '/listings',
      headers: { accept: 'text/html', cookie: 'hd_session=%E2%82%AC' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?next=%2Flistings');
    expect(String(response.headers['set-cookie'])).toMatch(/^hd_session=; /);
    expect(upstream.requests).toHaveLength(calls);
  });

  it('answers JSON 404 for unknown non-page requests', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/nothing',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});
