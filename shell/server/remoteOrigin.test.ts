/** @jest-environment node */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import {
  PRIVATE_BUILD_FILES,
  spellingsOf,
  temporaryDir,
  testRemoteOriginConfig,
} from './testSupport';
import { buildRemoteOrigin, cacheControlFor, remoteFilePath } from './remoteOrigin';

const VERSION = '0.1.0+1a2b3c4d';

describe('the remote origin, serving the store', () => {
  const root = temporaryDir('remote-origin');
  const versionDir = path.join(root, 'listings', VERSION);
  mkdirSync(versionDir, { recursive: true });
  writeFileSync(path.join(versionDir, 'mf-manifest.json'), '{"id":"listings"}');
  writeFileSync(path.join(versionDir, 'remoteEntry.js'), 'var listings;');
  writeFileSync(path.join(versionDir, 'feature.1a2b3c4d.js'), 'export {}');
  const chunk = `export const text = ${JSON.stringify('listings '.repeat(300))};`;
  writeFileSync(path.join(versionDir, 'page.5e6f7a8b.js'), chunk);
  writeFileSync(path.join(versionDir, 'page.5e6f7a8b.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(versionDir, 'page.5e6f7a8b.js.gz'), gzipSync(chunk));
  mkdirSync(path.join(root, 'listings', '.staging-0.2.0+5e6f7a8b-1'), { recursive: true });
  writeFileSync(path.join(root, 'listings', '.staging-0.2.0+5e6f7a8b-1', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(root, 'remotes.json'), '{"remotes":[]}');
  for (const file of PRIVATE_BUILD_FILES)
    writeFileSync(path.join(versionDir, file), `private: ${file}`);
  const app = buildRemoteOrigin(testRemoteOriginConfig(root, ['http://localhost:3000']), {
    logger: false,
  });
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
      expect(response.headers.vary).toBe('Origin, Accept-Encoding');
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

  it('sends the precompressed copy the client accepts, with its own ETag', async () => {
    const br = await app.inject({
      url: url('page.5e6f7a8b.js'),
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);
    const gz = await app.inject({
      url: url('page.5e6f7a8b.js'),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const plain = await app.inject({ url: url('page.5e6f7a8b.js') });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
    // A file the build did not compress (too small) is sent as it is.
    const small = await app.inject({
      url: url('feature.1a2b3c4d.js'),
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {}');
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
    expect(remoteFilePath(root, `/listings/${VERSION}/../../remotes.json`)).toBeNull();
    expect(remoteFilePath(root, `/../listings/${VERSION}/remoteEntry.js`)).toBeNull();
    expect(remoteFilePath(root, `/listings/${VERSION}`)).toBeNull();
    expect(remoteFilePath(root, `/listings/${VERSION}/remoteEntry.js`)).toBe(
      path.join(versionDir, 'remoteEntry.js'),
    );
  });

  // Issue 30, finding 3: `<chunk>.js.map/` answered 200 with the sources (the `.map` check read
  // the path before it was resolved), and the build's reports were public as written.
  it.each(PRIVATE_BUILD_FILES)('never serves %s, however its path is written', async (file) => {
    const answers = [];
    for (const spelling of spellingsOf(file)) {
      const response = await app.inject({ url: `/listings/${VERSION}/${spelling}` });
      answers.push([spelling, response.statusCode, response.body.includes('private:')]);
    }
    expect(answers).toEqual(spellingsOf(file).map((spelling) => [spelling, 404, false]));
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
