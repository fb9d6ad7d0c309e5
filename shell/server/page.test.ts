/** @jest-environment node */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { startUpstream, testConfig, type Upstream } from './testSupport';

const users: Record<string, Record<string, unknown>> = {
  owner: {
    id: '1',
    name: 'Olivia',
    email: 'o@x',
    type: 'user',
    subtype: 'owner',
    is_active: true,
    account_id: '1',
    billing: { stripe_customer_id: 'cus_1' },
  },
  vendor: {
    id: '2',
    name: 'Vic',
    email: 'v@x',
    type: 'user',
    subtype: 'vendor',
    is_active: true,
    account_id: '1',
    billing: { stripe_customer_id: 'cus_1' },
  },
  newhost: {
    id: '3',
    name: 'Nia',
    email: 'n@x',
    type: 'user',
    subtype: 'owner',
    is_active: true,
    account_id: '2',
    billing: { stripe_customer_id: null },
  },
  inactive: {
    id: '4',
    name: 'Ian',
    email: 'i@x',
    type: 'user',
    subtype: 'owner',
    is_active: false,
    account_id: '3',
    billing: { stripe_customer_id: 'cus_3' },
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
        const user = users[String(request.headers.authorization)];
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

  const load = (url: string, session?: string, extraCookie = '') =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'text/html',
        cookie: [session && `hd_session=${session}`, extraCookie].filter(Boolean).join('; '),
      },
    });

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

  it('applies the vendor, admin and billing rules', async () => {
    expect((await load('/listings', 'vendor')).headers.location).toBe('/error/building-not-found');
    expect((await load('/building/1/marina-lofts', 'vendor')).statusCode).toBe(200);
    expect((await load('/users', 'owner')).headers.location).toBe('/error/not-found');
    expect((await load('/listings', 'newhost')).headers.location).toBe('/billing');
    expect((await load('/listings', 'newhost', 'hd_billing_bypass=1')).statusCode).toBe(200);
  });

  it('sends an inactive user to /logout, which signs out on the server', async () => {
    expect((await load('/listings', 'inactive')).headers.location).toBe('/logout');
    const logout = await load('/logout', 'inactive');
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/^hd_session=; /);
    expect(
      upstream.requests.some(
        (request) => request.url === '/logout' && request.headers.authorization === 'inactive',
      ),
    ).toBe(true);
  });

  it('answers the not-found page with 404 and sends unknown paths there', async () => {
    expect((await load('/error/not-found')).statusCode).toBe(404);
    expect((await load('/no/such/page', 'owner')).headers.location).toBe('/error/not-found');
  });

  it('sends a signed-in user away from the sign-in page, to a same-site next only', async () => {
    expect((await load('/login?next=%2Flistings', 'owner')).headers.location).toBe('/listings');
    expect((await load('/login?next=%2F%2Fevil.example', 'owner')).headers.location).toBe('/');
  });

  it('treats a session the API refuses as no user and clears the cookie', async () => {
    const response = await load('/listings', 'forged');
    expect(response.headers.location).toBe('/login?next=%2Flistings');
    expect(String(response.headers['set-cookie'])).toMatch(/^hd_session=; /);
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
