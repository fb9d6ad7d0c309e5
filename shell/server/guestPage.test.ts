/** @jest-environment node */
// A guest's check-in page, /guest/<token>: its own small page, served without asking the API
// anything (it works while the API is down), never cached, never sent on as a Referer, and its
// token never in the server's log. Any other address under /guest is the dashboard's not-found;
// the page's API calls go through the proxy with their X-Guest-Token, photos up to 10 MB included.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { createManifestCache, FIRST_PORTAL_SCRIPT, firstWords, portalPreloads } from './guestPage';
import { waitingMarkup } from '@hostdash/api-contract';
import { GUEST_IMAGE_BODY_LIMIT } from './proxy';
import {
  capturedLog,
  fakeManifest,
  startUpstream,
  temporaryDir,
  testConfig,
  type Upstream,
} from './testSupport';

const TOKEN = 'Qx7_k2mP-9vB3nR8sT1uW4yZ6aC0dE5fG7hJ2kL9mN0';
const GUEST_HTML =
  '<!doctype html><html lang="en"><head><title>Check-in</title><meta name="robots" content="noindex">' +
  '<script id=hostdash-config type=application/json>{}</script></head>' +
  '<body><noscript>Check-in needs JavaScript.</noscript><div id=root></div>' +
  '<script src="/assets/guest.1a2b3c4d.js"></script></body></html>';

function dist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><title>Hostdash</title><script id=hostdash-config type=application/json>{}</script></head><body></body></html>',
  );
  writeFileSync(path.join(dir, 'guest.html'), GUEST_HTML);
  return dir;
}

let upstream: Upstream;
let app: FastifyInstance;
const log = capturedLog();
const logs = log.lines;

beforeAll(async () => {
  expect(TOKEN).toHaveLength(43);
  upstream = await startUpstream((request) => {
    if (request.url === '/loadAuth')
      return { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } };
    if (request.url.startsWith('/guest/portal/image/'))
      return { json: { kind: 'selfie', bytes: request.body.length } };
    if (request.url === '/guest/portal')
      return request.headers['x-guest-token'] === TOKEN
        ? { json: { stay: { listingName: 'Marina Loft 3' } } }
        : {
            status: 404,
            json: { error: 'guest_link_invalid', message: 'This check-in link is not valid.' },
          };
    return { status: 404, json: { error: 'not_found', message: 'no' } };
  });
  app = buildShellServer(
    testConfig({
      API_URL: upstream.url,
      SHELL_DIST_DIR: dist(),
      REMOTES_ORIGIN: 'https://remotes.example.com',
      LOG_LEVEL: 'debug',
    }),
    { logStream: log.stream },
  );
});

afterAll(async () => {
  await app.close();
  await upstream.close();
});

const load = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { accept: 'text/html', ...headers } });

describe('/guest/:token', () => {
  it('is its own page: no session lookup, no dashboard configuration, not cached, no Referer', async () => {
    logs.length = 0;
    const before = upstream.requests.length;
    const response = await load(`/guest/${TOKEN}`, { cookie: 'hd_session=someone' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Check-in</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toContain('/assets/guest.1a2b3c4d.js');
    // The API was not asked who this is, and the page carries no user or dashboard settings.
    expect(upstream.requests.length).toBe(before);
    const config = /<script id="hostdash-config" type="application\/json">([^<]*)<\/script>/.exec(
      response.body,
    );
    // No registry here: the page reads /remotes.json itself.
    expect(JSON.parse(config?.[1] ?? 'null')).toEqual({
      styleNonce: expect.any(String),
      remotes: null,
      manifests: {},
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('strict-origin');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('shows what its first render shows until the script runs: the waiting ring, in the root, with nothing to allow', async () => {
    const response = await load(`/guest/${TOKEN}`);
    const root = /<div id=root>(.*?)<\/div><script/.exec(response.body)?.[1];
    // The ring as the page's first render draws it (api-contract's guestWaiting.ts), in the theme's primary.
    expect(root).toBe(waitingMarkup('#1e5bd8', 'Loading your check-in', 'en'));
    expect(root).toContain('role="progressbar" aria-label="Loading your check-in" lang="en"');
    // Its looks are SVG attributes: no style attribute the page's policy would refuse.
    expect(root).not.toMatch(/style/);
    // The body as the first render's CssBaseline makes it, in a style the page's nonce allows.
    const nonce = JSON.parse(
      /type="application\/json">([^<]*)</.exec(response.body)?.[1] ?? '{}',
    ).styleNonce;
    expect(response.body).toContain(
      `<style nonce="${nonce}">body{margin:0;background-color:#f4f5f7}</style>`,
    );
  });

  it('speaks the browser’s language until the portal does: the page’s language, tab, ring and noscript', async () => {
    const french = await load(`/guest/${TOKEN}`, {
      'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8',
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<title>Enregistrement</title>');
    expect(french.body).toContain(
      '<noscript>L’enregistrement nécessite JavaScript. Activez-le et rouvrez votre lien.</noscript>',
    );
    expect(french.body).toContain('aria-label="Chargement de votre enregistrement" lang="fr"');
    // A language we do not have: English, as the portal does.
    const japanese = await load(`/guest/${TOKEN}`, { 'accept-language': 'ja-JP, ja' });
    expect(japanese.body).toContain('<html lang="en">');
    expect(japanese.body).toContain('<title>Check-in</title>');
    expect(japanese.body).toContain('aria-label="Loading your check-in" lang="en"');
  });

  it("has the dashboard page's Content-Security-Policy: styles by the page's nonce, remote code from the remote origin", async () => {
    const response = await load(`/guest/${TOKEN}`);
    const csp = String(response.headers['content-security-policy']);
    const nonce = JSON.parse(
      /type="application\/json">([^<]*)</.exec(response.body)?.[1] ?? '{}',
    ).styleNonce;
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    // Inline, only the page's first request, by its hash (firstPortal.ts).
    expect(csp).toContain(
      `script-src 'self' '${`sha256-${createHash('sha256').update(FIRST_PORTAL_SCRIPT).digest('base64')}`}' https://remotes.example.com`,
    );
    expect(
      [...response.body.matchAll(/<script>(.*?)<\/script>/gs)].map(([, body]) => body),
    ).toEqual([FIRST_PORTAL_SCRIPT]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('stripe');
    // A fresh nonce each time.
    const again = await load(`/guest/${TOKEN}`);
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
  });

  it('is served while the API is down', async () => {
    const down = buildShellServer(
      testConfig({ API_URL: 'http://127.0.0.1:9', SHELL_DIST_DIR: dist() }),
      { logger: false },
    );
    const response = await down.inject({
      url: `/guest/${TOKEN}`,
      headers: { accept: 'text/html' },
    });
    await down.close();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Check-in</title>');
  });

  it('answers any other address under /guest with the not-found page', async () => {
    for (const url of [
      '/guest',
      '/guest/',
      '/guest/short',
      `/guest/${TOKEN}x`,
      `/guest/${TOKEN.slice(0, 42)}!`,
      `/guest/${TOKEN}/more`,
    ]) {
      const response = await load(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('<title>Check-in</title>');
    }
    const json = await app.inject({
      url: `/guest/${TOKEN}`,
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json().error).toBe('not_found');
  });

  it('never writes the token in the log', async () => {
    logs.length = 0;
    await load(`/guest/${TOKEN}`);
    await load(`/guest/${TOKEN}?from=sms`);
    const logged = logs.join('');
    expect(logged).toContain('/guest/[token]');
    expect(logged).not.toContain(TOKEN);
  });
});

describe("the guest page's API calls through the proxy", () => {
  it('carry X-Guest-Token to the API, which answers the page', async () => {
    logs.length = 0;
    const response = await app.inject({
      url: '/api/guest/portal',
      headers: {
        accept: 'application/json',
        'x-guest-token': TOKEN,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ stay: { listingName: 'Marina Loft 3' } });
    expect(upstream.requests.at(-1)?.headers['x-guest-token']).toBe(TOKEN);
    expect(logs.join('')).not.toContain(TOKEN);
  });

  it('take a photo of several MB to the API, and answer one beyond the limit in words', async () => {
    const photo = Buffer.alloc(3 * 1024 * 1024, 1);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/guest/portal/image/selfie',
      headers: { 'content-type': 'image/jpeg', 'x-guest-token': TOKEN },
      payload: photo,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual({ kind: 'selfie', bytes: photo.length });

    const before = upstream.requests.length;
    const huge = await app.inject({
      method: 'POST',
      url: '/api/guest/portal/image/selfie',
      headers: { 'content-type': 'image/jpeg', 'x-guest-token': TOKEN },
      payload: Buffer.alloc(GUEST_IMAGE_BODY_LIMIT + 1, 1),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: 'body_too_large',
      message: 'This file is too large to send. Choose one under 10 MB.',
    });
    expect(upstream.requests.length).toBe(before);

    // Every other call keeps fastify's 1 MiB limit.
    const other = await app.inject({
      method: 'POST',
      url: '/api/guest/portal/screen/contact',
      headers: { 'content-type': 'application/json', 'x-guest-token': TOKEN },
      payload: Buffer.alloc(2 * 1024 * 1024, 32),
    });
    expect(other.statusCode).toBe(413);
  });
});

describe('what the server knows of the guest portal goes into the page (docs/adr/0035)', () => {
  const VERSION = '0.4.0+9f8e7d6c';
  const INTEGRITY = 'sha384-abc';
  const manifest = {
    ...fakeManifest({ name: 'guestportal', version: VERSION }),
    exposes: [
      {
        name: 'guestPortal',
        path: './guestPortal',
        assets: {
          js: {
            sync: ['116.6df4e5d2.js', '__federation_expose_guestPortal.1e.js'],
            async: ['guest-words-en.0a1b2c3d.js', 'guest-words-de.4e5f6a7b.js', '31.8c9d0e1f.js'],
          },
        },
      },
    ],
  };
  let remotes: Upstream;
  let server: FastifyInstance;

  beforeAll(async () => {
    remotes = await startUpstream((request) =>
      request.url === `/guestportal/${VERSION}/mf-manifest.json`
        ? { json: manifest }
        : { status: 404, json: {} },
    );
    const dir = temporaryDir('guest-registry');
    const registryFile = path.join(dir, 'remotes.json');
    writeFileSync(
      registryFile,
      JSON.stringify({
        remotes: [
          {
            name: 'guestportal',
            version: VERSION,
            manifest: `guestportal/${VERSION}/mf-manifest.json`,
            url: `guestportal/${VERSION}/remoteEntry.js`,
            integrity: INTEGRITY,
          },
          { name: 'listings', version: VERSION, manifest: `listings/${VERSION}/mf-manifest.json` },
        ],
      }),
    );
    server = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        SHELL_DIST_DIR: dist(),
        REMOTES_ORIGIN: remotes.url,
        REMOTES_FILE: registryFile,
      }),
    );
  });

  afterAll(async () => {
    await server.close();
    await remotes.close();
  });

  it('carries the registry (the guest portal only), its manifest and preloads of its first files', async () => {
    const page = () => server.inject({ url: `/guest/${TOKEN}`, headers: { accept: 'text/html' } });
    const configOf = (body: string) =>
      JSON.parse(/type="application\/json">([^<]*)</.exec(body)?.[1] ?? '{}') as {
        remotes: { microFrontends: Record<string, unknown> };
        manifests: Record<string, unknown>;
      };
    // A page waits for a manifest not fetched yet only so long (MANIFEST_WAIT_MS, its own test
    // below): on a loaded machine the first goes without it, and a later one has it.
    let response = await page();
    for (let tries = 1; Object.keys(configOf(response.body).manifests).length === 0; tries++) {
      if (tries === 50) throw new Error('no page carried the manifest in 5 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await page();
    }
    expect(response.statusCode).toBe(200);
    const config = configOf(response.body);
    expect(Object.keys(config.remotes.microFrontends)).toEqual(['guestportal']);
    const manifestUrl = `${remotes.url}/guestportal/${VERSION}/mf-manifest.json`;
    expect(config.manifests).toEqual({ [manifestUrl]: manifest });
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="script" href="${remotes.url}/guestportal/${VERSION}/remoteEntry.js" crossorigin="anonymous" integrity="${INTEGRITY}">`,
    );
    expect(head).toContain(
      `<link rel="preload" as="script" href="${remotes.url}/guestportal/${VERSION}/116.6df4e5d2.js">`,
    );
    // The words the portal fetches first: the browser's language (its region falls back), else
    // English.
    const wordsOf = (body: string) =>
      [...body.matchAll(/href="[^"]*\/(guest-words-[a-z]{2})\.[0-9a-f]+\.js"/g)].map(
        ([, chunk]) => chunk,
      );
    expect(wordsOf(response.body)).toEqual(['guest-words-en']);
    const german = await server.inject({
      url: `/guest/${TOKEN}`,
      headers: { accept: 'text/html', 'accept-language': 'fr-CH;q=0.9, de-AT, en;q=0.5' },
    });
    expect(wordsOf(german.body)).toEqual(['guest-words-de']);
    // Fetched once: a release's manifest never changes.
    await page();
    expect(
      remotes.requests.filter((request) => request.url.endsWith('mf-manifest.json')),
    ).toHaveLength(1);
  });
});

describe("the page's first request, in its HTML", () => {
  const TOKEN_HERE = 'a'.repeat(43);
  const run = (pathname: string) => {
    const calls: [string, RequestInit][] = [];
    const page: Record<string, unknown> = {
      location: { pathname },
      crypto: globalThis.crypto,
      fetch: (url: string, init: RequestInit) => {
        calls.push([url, init]);
        return Promise.resolve(new Response('{}'));
      },
      Array,
      Uint8Array,
    };
    // As the browser runs it: the script's text, with the page as its global object.
    new Function('globalThis', 'crypto', 'fetch', FIRST_PORTAL_SCRIPT)(
      page,
      page.crypto,
      page.fetch,
    );
    return { calls, page };
  };

  it("asks for the link's portal once, with its token, and leaves the answer for the page", () => {
    const { calls, page } = run(`/guest/${TOKEN_HERE}`);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/guest/portal');
    expect(init.headers).toMatchObject({ 'x-guest-token': TOKEN_HERE, accept: 'application/json' });
    expect((init.headers as Record<string, string>).traceparent).toMatch(
      /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/,
    );
    expect(page.hostdashFirstPortal).toBeInstanceOf(Promise);
  });

  it('asks for nothing at any other address', () => {
    expect(run('/guest/short').calls).toHaveLength(0);
  });
});

describe('the guest portal manifests the server keeps', () => {
  it('waits for a slow manifest only so long, and has it for the next page', async () => {
    let release: (manifest: unknown) => void = () => undefined;
    const fetchOne = jest.fn(() => new Promise<unknown>((resolve) => (release = resolve)));
    const manifestOf = createManifestCache(fetchOne);
    expect(await manifestOf('https://remotes/a/mf-manifest.json', 10)).toBeUndefined();
    release({ name: 'a' });
    expect(await manifestOf('https://remotes/a/mf-manifest.json', 10)).toEqual({ name: 'a' });
    expect(fetchOne).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failure', async () => {
    const fetchOne = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ name: 'b' });
    const manifestOf = createManifestCache(fetchOne);
    expect(await manifestOf('https://remotes/b/mf-manifest.json')).toBeUndefined();
    expect(await manifestOf('https://remotes/b/mf-manifest.json')).toEqual({ name: 'b' });
  });

  it('preloads no words when the build has none, and English when the browser asks for none of its', () => {
    expect(firstWords(['1.js', 'guest-words-x.js'], 'de')).toBeNull();
    expect(firstWords(['guest-words-en.aa.js', 'guest-words-it.bb.js'], 'ja, *;q=0.1')).toBe(
      'guest-words-en.aa.js',
    );
    expect(firstWords(['guest-words-en.aa.js', 'guest-words-it.bb.js'], 'it;q=0, en')).toBe(
      'guest-words-en.aa.js',
    );
  });

  it('preloads only the entry when the manifest is not at hand, and escapes what it writes', () => {
    expect(
      portalPreloads(
        {
          url: 'https://r/x"y/remoteEntry.js',
          integrity: '',
          manifest: 'https://r/mf-manifest.json',
        },
        undefined,
      ),
    ).toEqual([
      '<link rel="preload" as="script" href="https://r/x&quot;y/remoteEntry.js" crossorigin="anonymous">',
    ]);
  });
});
