/** @jest-environment node */
// An invite's page is open to anyone, signed in or not (the page itself offers to sign out first),
// and neither it nor the API calls it makes leave the invite's token in the server's log.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { capturedLog, startUpstream, testConfig, type Upstream } from './testSupport';
import { withoutTokens } from './tokenPaths';

const TOKEN = 'tok-Secret_123';
const OWNER = {
  id: '1',
  name: 'Olivia',
  email: 'o@x',
  type: 'user',
  subtype: 'owner',
  is_active: true,
  account_id: '1',
  billing: { stripe_customer_id: 'cus_1', past_due_since: null, failed_payment: null },
};

let upstream: Upstream;
let app: FastifyInstance;
const log = capturedLog();
const logs = log.lines;

beforeAll(async () => {
  upstream = await startUpstream((request) => {
    if (request.url === '/loadAuth')
      return request.headers.authorization === 'owner'
        ? { json: OWNER }
        : { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } };
    if (request.url === `/user/accounts/signupLinkTokenLookup/${TOKEN}`)
      return {
        status: 410,
        json: { error: 'invite_used', message: 'This invite has already been used.' },
      };
    return { status: 404, json: { error: 'not_found', message: 'no' } };
  });
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><script id=hostdash-config type=application/json>{}</script></head></html>',
  );
  app = buildShellServer(
    testConfig({ API_URL: upstream.url, SHELL_DIST_DIR: distDir, LOG_LEVEL: 'debug' }),
    { logStream: log.stream },
  );
});

afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('/accept-invite/:token', () => {
  it('is served to a visitor and to someone signed in, and the token is never logged', async () => {
    logs.length = 0;
    const visitor = await app.inject({
      url: `/accept-invite/${TOKEN}`,
      headers: { accept: 'text/html' },
    });
    expect(visitor.statusCode).toBe(200);
    const signedIn = await app.inject({
      url: `/accept-invite/${TOKEN}`,
      headers: { accept: 'text/html', cookie: 'hd_session=owner' },
    });
    expect(signedIn.statusCode).toBe(200);
    const lookup = await app.inject({
      url: `/api/user/accounts/signupLinkTokenLookup/${TOKEN}`,
      headers: { accept: 'application/json' },
    });
    expect(lookup.statusCode).toBe(410);
    const reset = await app.inject({
      url: `/account/reset/${TOKEN}`,
      headers: { accept: 'text/html' },
    });
    expect(reset.statusCode).toBe(200);

    const logged = logs.join('');
    expect(logged).toContain('/accept-invite/[token]');
    expect(logged).toContain('/api/user/accounts/signupLinkTokenLookup/[token]');
    expect(logged).not.toContain(TOKEN);
  });
});

describe('withoutTokens', () => {
  it('hides the token of an invite, reset or guest address, and leaves every other address', () => {
    expect(withoutTokens(`/accept-invite/${TOKEN}?x=1`)).toBe('/accept-invite/[token]?x=1');
    expect(withoutTokens(`/account/reset/${TOKEN}`)).toBe('/account/reset/[token]');
    expect(withoutTokens('/account/reset')).toBe('/account/reset');
    expect(withoutTokens(`/api/user/accounts/acceptInvite/${TOKEN}`)).toBe(
      '/api/user/accounts/acceptInvite/[token]',
    );
    expect(withoutTokens(`/user/accounts/acceptInvite/${TOKEN}`)).toBe(
      '/user/accounts/acceptInvite/[token]',
    );
    expect(withoutTokens(`/guest/${TOKEN}?lang=en`)).toBe('/guest/[token]?lang=en');
    expect(withoutTokens('/api/guest/portal')).toBe('/api/guest/portal');
    expect(withoutTokens('/guest/portal/image/selfie')).toBe('/guest/portal/image/selfie');
    expect(withoutTokens(`/guest/${TOKEN}portal`)).toBe('/guest/[token]');
    expect(withoutTokens('/listings?search=accept-invite')).toBe('/listings?search=accept-invite');
  });

  it('hides a sign-up link’s token and an OAuth callback’s code and state in the query', () => {
    expect(withoutTokens(`/connect/hostaway?token=${TOKEN}`)).toBe(
      '/connect/hostaway?token=[token]',
    );
    expect(withoutTokens(`/connect/cloudbeds?code=sandbox-abc&state=${TOKEN}#x`)).toBe(
      '/connect/cloudbeds?code=[token]&state=[token]#x',
    );
    expect(
      withoutTokens(`/api/channel/cloudbeds/sandboxAuthorize?state=${TOKEN}&redirect_uri=x`),
    ).toBe('/api/channel/cloudbeds/sandboxAuthorize?state=[token]&redirect_uri=x');
    expect(withoutTokens('/listings?sort=state:asc')).toBe('/listings?sort=state:asc');
  });
});
