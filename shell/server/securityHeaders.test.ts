/** @jest-environment node */
// Issue 11, finding 7: no CSP, no frame-ancestors / X-Frame-Options, no X-Content-Type-Options, no
// Referrer-Policy on HTML, and public source maps. What every answer of both servers carries now.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { buildRemoteOrigin } from './remoteOrigin';
import {
  startUpstream,
  temporaryDir,
  testConfig,
  testRemoteOriginConfig,
  type Upstream,
} from './testSupport';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';

const VERSION = '0.1.0+1a2b3c4d';

/** The CSP as a map: directive → its sources. */
function policy(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(policy(headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
}

describe('the shell server’s security headers', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  const dir = temporaryDir('shell-headers');
  const distDir = path.join(dir, 'dist');
  const registryFile = path.join(dir, 'remotes.json');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><script id=hostdash-config type=application/json>{}</script></head><body></body></html>',
  );
  writeFileSync(path.join(distDir, 'assets', 'main.1a2b3c4d.js'), 'console.log(1);');
  writeFileSync(path.join(distDir, 'assets', 'main.1a2b3c4d.js.map'), '{"version":3}');
  writeFileSync(
    registryFile,
    JSON.stringify({
      remotes: [
        { name: 'listings', version: VERSION, manifest: `listings/${VERSION}/mf-manifest.json` },
        {
          name: 'reservations',
          version: VERSION,
          manifest: `https://cdn.example/reservations/${VERSION}/mf-manifest.json`,
          canary: {
            version: '0.2.0+5e6f7a8b',
            manifest: 'https://canary.example/reservations/0.2.0+5e6f7a8b/mf-manifest.json',
            percent: 10,
            users: [],
          },
        },
      ],
    }),
  );

  beforeAll(async () => {
    upstream = await startUpstream((request) =>
      request.url === '/loadAuth'
        ? { json: DEMO_OWNER }
        : { status: 404, json: { error: 'not_found', message: 'no' } },
    );
    app = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        SHELL_DIST_DIR: distDir,
        REMOTES_FILE: registryFile,
        REMOTES_ORIGIN: 'http://localhost:3001',
      }),
      { logger: false },
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { accept: 'text/html', cookie: 'hd_session=s', ...headers } });

  it("allows a page exactly the shell's and the remotes' scripts, emotion's styles by nonce, and no framing", async () => {
    const response = await page('/listings');
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    const csp = policy(response.headers['content-security-policy']);
    const config = JSON.parse(
      /<script id="hostdash-config" type="application\/json">(.*?)<\/script>/.exec(
        response.body,
      )?.[1] ?? 'null',
    );
    const remotes = ['http://localhost:3001', 'https://cdn.example', 'https://canary.example'];
    expect(csp).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", ...remotes],
      'style-src': ["'self'", `'nonce-${config.styleNonce}'`],
      'connect-src': ["'self'", ...remotes],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'script-src-attr': ["'none'"],
    });
    expect(config.styleNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // A new nonce for every page.
    const again = policy((await page('/listings')).headers['content-security-policy']);
    expect(again['style-src']).not.toEqual(csp['style-src']);
  });

  it('asks for HTTPS sub-resources only on a page that came over HTTPS', async () => {
    const https = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        SHELL_DIST_DIR: distDir,
        REMOTES_FILE: registryFile,
        TRUSTED_PROXIES: '127.0.0.1',
      }),
      { logger: false },
    );
    try {
      const response = await https.inject({
        url: '/listings',
        headers: { accept: 'text/html', cookie: 'hd_session=s', 'x-forwarded-proto': 'https' },
      });
      expect(policy(response.headers['content-security-policy'])).toHaveProperty(
        'upgrade-insecure-requests',
      );
    } finally {
      await https.close();
    }
  });

  it('allows Stripe.js, its frames and its API on every page when Stripe is the payment provider', async () => {
    const withStripe = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        SHELL_DIST_DIR: distDir,
        REMOTES_FILE: registryFile,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_hostdash',
      }),
      { logger: false },
    );
    try {
      const csp = policy(
        (
          await withStripe.inject({
            url: '/listings',
            headers: { accept: 'text/html', cookie: 'hd_session=s' },
          })
        ).headers['content-security-policy'],
      );
      expect(csp['script-src']).toEqual(
        expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']),
      );
      expect(csp['frame-src']).toEqual([
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ]);
      expect(csp['connect-src']).toContain('https://api.stripe.com');
      // Still no inline script, and still never framed itself.
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
    } finally {
      await withStripe.close();
    }
    // Without Stripe (the exact policy above): nothing of Stripe's.
    const csp = (await page('/listings')).headers['content-security-policy'];
    expect(String(csp)).not.toContain('stripe');
  });

  it('sends the same headers with bundles, JSON and redirects, with a policy that allows nothing foreign', async () => {
    for (const response of [
      await app.inject({ url: '/assets/main.1a2b3c4d.js' }),
      await app.inject({ url: '/remotes.json' }),
      await app.inject({ url: '/health' }),
      await app.inject({ url: '/nothing', headers: { accept: 'application/json' } }),
      await app.inject({ url: '/listings', headers: { accept: 'text/html' } }),
    ]) {
      expectCommonHeaders(response.headers);
      expect(policy(response.headers['content-security-policy'])['default-src']).toEqual([
        "'self'",
      ]);
    }
  });

  it('never serves a source map', async () => {
    expect((await app.inject({ url: '/assets/main.1a2b3c4d.js' })).statusCode).toBe(200);
    for (const url of ['/assets/main.1a2b3c4d.js.map', '/main.1a2b3c4d.js.map']) {
      const response = await app.inject({ url, headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('"version":3');
    }
  });
});

describe('the remote origin’s security headers', () => {
  const root = temporaryDir('remote-origin-headers');
  const versionDir = path.join(root, 'listings', VERSION);
  mkdirSync(versionDir, { recursive: true });
  writeFileSync(path.join(versionDir, 'remoteEntry.js'), 'var listings;');
  writeFileSync(path.join(versionDir, 'feature.1a2b3c4d.js.map'), '{"version":3}');
  const app = buildRemoteOrigin(testRemoteOriginConfig(root, ['http://localhost:3000']), {
    logger: false,
  });
  afterAll(() => app.close());

  it('serves scripts nosniff, loadable by the dashboard on another origin, never framed', async () => {
    const response = await app.inject({
      url: `/listings/${encodeURIComponent(VERSION)}/remoteEntry.js`,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('never serves a source map', async () => {
    const response = await app.inject({
      url: `/listings/${encodeURIComponent(VERSION)}/feature.1a2b3c4d.js.map`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"version":3');
  });
});
