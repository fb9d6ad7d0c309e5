/** @jest-environment node */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporaryDir } from './testSupport';
import { buildRemoteOrigin, cacheControlFor, remoteFilePath } from './remoteOrigin';

const VERSION = '0.1.0+1a2b3c4d';

describe('the remote origin, serving the store', () => {
  const root = temporaryDir('remote-origin');
  const versionDir = path.join(root, 'listings', VERSION);
  mkdirSync(versionDir, { recursive: true });
  writeFileSync(path.join(versionDir, 'mf-manifest.json'), '{"id":"listings"}');
  writeFileSync(path.join(versionDir, 'remoteEntry.js'), 'var listings;');
  writeFileSync(path.join(versionDir, 'feature.1a2b3c4d.js'), 'export {}');
  mkdirSync(path.join(root, 'listings', '.staging-0.2.0+5e6f7a8b-1'), { recursive: true });
  writeFileSync(path.join(root, 'listings', '.staging-0.2.0+5e6f7a8b-1', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(root, 'remotes.json'), '{"remotes":[]}');
  const app = buildRemoteOrigin(
    {
      logLevel: 'error',
      port: 0,
      host: '127.0.0.1',
      rootDir: root,
      allowedOrigins: ['http://localhost:3000'],
    },
    { logger: false },
  );
  const url = (file: string) => `/listings/${encodeURIComponent(VERSION)}/${file}`;

  afterAll(() => app.close());

  it("serves a version's manifest and entry no-cache, with CORS for the shell origins only", async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await app.inject({
        url: url(file),
        headers: { origin: 'http://localhost:3000' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(response.headers.vary).toBe('Origin');
    }
    const foreign = await app.inject({
      url: `/listings/${VERSION}/mf-manifest.json`,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves content-hashed chunks as immutable', async () => {
    const response = await app.inject({ url: url('feature.1a2b3c4d.js') });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toContain('text/javascript');
  });

  it('answers a revalidation with 304', async () => {
    const first = await app.inject({ url: url('mf-manifest.json') });
    const again = await app.inject({
      url: url('mf-manifest.json'),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves only <remote>/<version>/<file>: not a staged version, the registry, or outside the store', async () => {
    expect((await app.inject({ url: '/listings/mf-manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/listings/nope/nope.js' })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/listings/.staging-0.2.0+5e6f7a8b-1/mf-manifest.json' }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/remotes.json' })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/listings/${VERSION}/..%2F..%2Fremotes.json` })).statusCode,
    ).toBe(404);
    expect(remoteFilePath(root, 'listings', `${VERSION}/../../remotes.json`)).toBeNull();
    expect(remoteFilePath(root, '..', `${VERSION}/x`)).toBeNull();
    expect(remoteFilePath(root, 'listings', VERSION)).toBeNull();
  });

  it('says it is up, with its process, so a test can tell it was not restarted', async () => {
    const response = await app.inject({ url: '/health' });
    expect(response.json()).toMatchObject({ status: 'ok', pid: process.pid });
  });

  it('knows which files must revalidate', () => {
    expect(cacheControlFor('remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('main.js')).toBe('no-cache');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('325.5a10f84b.js.LICENSE.txt')).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});
