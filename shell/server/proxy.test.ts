/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { startUpstream, testConfig, type Upstream } from './testSupport';
import { demoUser } from '../../config/testing/demoUsers';

const owner = demoUser({ id: '7' });

describe('the /api proxy', () => {
  let upstream: Upstream;
  let app: FastifyInstance;

  beforeEach(async () => {
    upstream = await startUpstream((request) => {
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
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: 'hd_session=abc' },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(
      /^hd_session=; Path=\/; Max-Age=0; HttpOnly/,
    );
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
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: 'hd_session=abc' },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(/^hd_session=; Path=\/; Max-Age=0/);
    upstream = await startUpstream(() => ({}));
  });
});
