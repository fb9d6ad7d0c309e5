/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { startUpstream, testConfig, type Upstream } from './testSupport';
import type { UpstreamAnswer } from '@hostdash/testing/upstream';
import { demoUser } from '@hostdash/testing/demoUsers';

const owner = demoUser({ id: '7' });

describe('the /api proxy', () => {
  let upstream: Upstream;
  let app: FastifyInstance;

  beforeEach(async () => {
    upstream = await startUpstream((request): UpstreamAnswer => {
      if (request.url === '/login' && request.body.includes('locked'))
        return {
          status: 429,
          headers: { 'retry-after': '840' },
          json: { error: 'too_many_attempts', message: 'Too many failed sign-in attempts.' },
        };
      if (request.url === '/user/auth/password/reset')
        return {
          status: 429,
          headers: { 'retry-after': '60', 'x-powered-by': 'api', 'x-frame-options': 'SAMEORIGIN' },
          json: { error: 'too_many_requests', message: 'Too many reset requests.' },
        };
      if (request.url === '/login' && request.body.includes('broken'))
        return { headers: { 'content-type': 'application/json' }, body: '{"user":' };
      if (request.url === '/login')
        return {
          json: {
            user: { ...owner, sessionId: 'secret-session' },
            sessionId: 'secret-session',
            expiresAt: '2030-01-01T00:00:00Z',
          },
        };
      if (request.url === '/loadAuth')
        return request.headers.authorization
          ? { json: { ...owner, sessionId: 'secret-session' } }
          : { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } };
      if (request.url === '/logout') return { json: { ok: true } };
      return { json: { echo: request.url, method: request.method, body: request.body } };
    });
    app = buildShellServer(testConfig({ API_URL: upstream.url }), { logger: false });
  });

  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  it('sets an HttpOnly session cookie on sign-in and never shows the session id to the browser', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'owner@hostdash.test', password: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('secret-session');
    expect(response.json()).toMatchObject({ user: { id: '7' }, expiresAt: '2030-01-01T00:00:00Z' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(
      /^hd_session=secret-session; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
  });

  it('turns the cookie into the Authorization header and forwards path, query and body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/listing/update/5?x=1',
      headers: {
        cookie: 'other=1; hd_session=abc123',
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
      },
      payload: '{"status":"inactive"}',
    });
    expect(response.json()).toEqual({
      echo: '/listing/update/5?x=1',
      method: 'POST',
      body: '{"status":"inactive"}',
    });
    const forwarded = upstream.requests.at(-1);
    expect(forwarded?.headers.authorization).toBe('abc123');
    expect(forwarded?.headers.cookie).toBeUndefined();
  });

  it('strips the session id from loadAuth', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/loadAuth',
      headers: { cookie: 'hd_session=abc' },
    });
    expect(response.json()).toEqual(owner);
  });

  it('clears the cookie on logout and when the API no longer knows the session', async () => {
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: 'hd_session=abc' },
    });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(
      /^hd_session=; Path=\/; Max-Age=0; HttpOnly/,
    );
    // The API's own sign-out (GET /logout), with the session.
    expect(upstream.requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/logout',
      headers: expect.objectContaining({ authorization: 'abc' }),
    });
    const expired = await app.inject({
      method: 'GET',
      url: '/api/loadAuth',
      headers: { cookie: 'hd_session=' },
    });
    expect(expired.statusCode).toBe(401);
  });

  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (another subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])(
    'refuses a request with %s (403) without calling the API, whatever its method',
    async (_name, headers) => {
      for (const [method, url] of [
        ['POST', '/api/logout'],
        ['GET', '/api/reservation/rotateImage/5/?image=id_front'],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers: { ...headers, cookie: 'hd_session=abc' },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toMatch(/did not come from the Hostdash dashboard/);
      }
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('lets same-origin requests and callers that are not browsers through', async () => {
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/x',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const typed = await app.inject({
      method: 'GET',
      url: '/api/x',
      headers: { 'sec-fetch-site': 'none' },
    });
    expect(typed.statusCode).toBe(200);
    const server = await app.inject({ method: 'GET', url: '/api/x' });
    expect(server.statusCode).toBe(200);
  });

  it('answers 502 with a JSON message when the API does not answer', async () => {
    await upstream.close();
    const response = await app.inject({ method: 'GET', url: '/api/listing/load' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'no_response',
      message: 'The request was made but no response was received from API server',
    });
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: 'hd_session=abc' },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(/^hd_session=; Path=\/; Max-Age=0/);
    upstream = await startUpstream(() => ({}));
  });

  // Issue 11, finding 8: a GET signed out, and any page can send a GET.
  it('signs out only with a POST: anything else is refused without calling the API', async () => {
    for (const method of ['GET', 'HEAD', 'PUT'] as const) {
      const response = await app.inject({
        method,
        url: '/api/logout',
        headers: { cookie: 'hd_session=abc', 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(upstream.requests.filter((request) => request.url === '/logout')).toHaveLength(0);
  });

  // Issue 11, finding 6: `hd_session=%E2%82%AC` answered 500 on every /api call, with internal
  // error text; malformed percent-encoding and huge values must not either.
  it.each([
    ['a value that decodes to non-ASCII', 'hd_session=%E2%82%AC'],
    ['malformed percent-encoding', 'hd_session=%E0%A4%A'],
    ['a lone percent sign', 'hd_session=%'],
    ['a huge value', `hd_session=${'a'.repeat(8000)}`],
    ['a quoted value with a space', 'hd_session="a b"'],
  ])('never fails on a cookie with %s', async (_name, cookie) => {
    for (const url of ['/api/loadAuth', '/api/listing/load?search=x']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toMatch(/TypeError|ByteString|Invalid character|stack/i);
    }
  });

  it('sends no session for an impossible cookie, and makes the browser forget it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/listing/load',
      headers: { cookie: 'hd_session=%E2%82%AC' },
    });
    expect(response.statusCode).toBe(200);
    expect(upstream.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(String(response.headers['set-cookie'])).toMatch(/^hd_session=; Path=\/; Max-Age=0/);
  });

  // Issue 11, finding 6: `HEAD /api/loadAuth` answered 500.
  it('answers HEAD like GET, without a body', async () => {
    const get = await app.inject({
      method: 'GET',
      url: '/api/loadAuth',
      headers: { cookie: 'hd_session=abc' },
    });
    const head = await app.inject({
      method: 'HEAD',
      url: '/api/loadAuth',
      headers: { cookie: 'hd_session=abc' },
    });
    expect(head.statusCode).toBe(get.statusCode);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
    const anonymous = await app.inject({ method: 'HEAD', url: '/api/loadAuth' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toBe('');
  });

  it('answers 502, not 500, when the API answers JSON that does not parse', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'broken@hostdash.test', password: 'x' },
    });
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toEqual({
      error: 'no_response',
      message: 'The request was made but no response was received from API server',
    });
  });

  // Issue 11, finding 3: the proxy dropped the API's Retry-After.
  it("passes the API's Retry-After, and no security header of the API's own", async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'locked@hostdash.test', password: 'x' },
    });
    expect(login.statusCode).toBe(429);
    expect(login.headers['retry-after']).toBe('840');
    expect(login.json()).toEqual({
      error: 'too_many_attempts',
      message: 'Too many failed sign-in attempts.',
    });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/user/auth/password/reset',
      payload: { email: 'o@x' },
    });
    expect(reset.statusCode).toBe(429);
    expect(reset.headers['retry-after']).toBe('60');
    expect(reset.headers['x-powered-by']).toBeUndefined();
    expect(reset.headers['x-frame-options']).toBe('DENY');
  });

  it("tells the API the browser's address, not one the client made up", async () => {
    await app.inject({
      method: 'GET',
      url: '/api/listing/load',
      headers: {
        'x-forwarded-for': '203.0.113.9',
        'x-real-ip': '203.0.113.9',
        forwarded: 'for=203.0.113.9',
      },
    });
    const forwarded = upstream.requests.at(-1)?.headers;
    expect(forwarded?.['x-forwarded-for']).toBe('127.0.0.1');
    expect(forwarded?.['x-real-ip']).toBeUndefined();
    expect(forwarded?.forwarded).toBeUndefined();
  });

  // Issue 11, finding 9: the cross-site check trusted a client-sent X-Forwarded-Host.
  it('compares Origin with the Host, not with an X-Forwarded-Host the client sent', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/listing/update/5',
      headers: {
        host: 'dashboard.example',
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('sets a plain session cookie over http, even when a client claims https', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'owner@hostdash.test', password: 'x' },
    });
    expect(String(response.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

describe('the /api proxy behind a trusted proxy (TRUSTED_PROXIES)', () => {
  let upstream: Upstream;
  let app: FastifyInstance;

  beforeAll(async () => {
    upstream = await startUpstream((request) =>
      request.url === '/login' ||
      request.url === '/user/accounts/signup' ||
      request.url.startsWith('/user/accounts/acceptInvite/')
        ? { json: { user: owner, sessionId: 'secret-session' } }
        : { json: { echo: request.url } },
    );
    // inject() comes from 127.0.0.1: here, the proxy in front.
    app = buildShellServer(testConfig({ API_URL: upstream.url, TRUSTED_PROXIES: '127.0.0.1' }), {
      logger: false,
    });
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('signs a new teammate in when their invite is accepted, keeping the session out of the page', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/accounts/acceptInvite/some-token',
      payload: { password: 'a long enough password' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/^hd_session=secret-session; /);
    expect(response.json()).toEqual({ user: owner });
  });

  it('signs a new host in when they sign up, keeping the session out of the page', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/accounts/signup',
      payload: {
        name: 'Nia',
        email: 'nia@example.com',
        company: 'Nia Stays',
        password: 'long enough',
      },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/^hd_session=secret-session; /);
    expect(response.json()).toEqual({ user: owner });
  });

  it('marks the session cookie Secure when the request came over HTTPS', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'owner@hostdash.test', password: 'x' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(
      /^hd_session=secret-session; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax; Secure$/,
    );
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-forwarded-proto': 'https', cookie: 'hd_session=abc' },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(
      /Max-Age=0; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it('believes its X-Forwarded-Host and X-Forwarded-For', async () => {
    const sameSite = await app.inject({
      method: 'POST',
      url: '/api/x',
      headers: {
        host: 'internal:3000',
        origin: 'https://dashboard.example',
        'x-forwarded-host': 'dashboard.example',
        'x-forwarded-for': '203.0.113.9',
      },
      payload: {},
    });
    expect(sameSite.statusCode).toBe(200);
    expect(upstream.requests.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.9');
  });
});

describe('the /api proxy with an API that accepts and never answers', () => {
  it('answers 504 after API_TIMEOUT_MS and keeps the session cookie', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => undefined); // a paused or stuck API: no answer at all
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const app = buildShellServer(
      testConfig({ API_URL: `http://127.0.0.1:${port}`, API_TIMEOUT_MS: '200' }),
      { logger: false },
    );
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/loadAuth',
        headers: { cookie: 'hd_session=abc123' },
      });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({ error: 'timeout' });
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await app.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
