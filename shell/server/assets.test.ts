/** @jest-environment node */
// What a browser gets for the shell's bundles and pages: the smallest encoding it accepts, and
// cache headers that let a repeat visit make no request for a bundle.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildShellServer } from './app';
import { acceptedVariants } from './encoding';
import { PRIVATE_BUILD_FILES, spellingsOf, temporaryDir, testConfig } from './testSupport';

const BUNDLE = `console.log(${JSON.stringify('hostdash '.repeat(400))});`;

describe('the shell server, serving bundles and pages', () => {
  const distDir = path.join(temporaryDir('shell-assets'), 'dist');
  const assets = path.join(distDir, 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<html><head><script id=hostdash-config type=application/json>{}</script></head><body>${'<p>x</p>'.repeat(300)}</body></html>`,
  );
  writeFileSync(path.join(assets, 'main.1a2b3c4d.js'), BUNDLE);
  writeFileSync(path.join(assets, 'main.1a2b3c4d.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(path.join(assets, 'main.1a2b3c4d.js.gz'), gzipSync(BUNDLE));
  writeFileSync(path.join(assets, 'favicon.svg'), '<svg/>');
  for (const file of PRIVATE_BUILD_FILES)
    writeFileSync(path.join(assets, file), `private: ${file}`);
  const app = buildShellServer(
    testConfig({ SHELL_DIST_DIR: distDir, API_URL: 'http://127.0.0.1:9' }),
    {
      logger: false,
    },
  );
  afterAll(() => app.close());

  it('sends the brotli copy the build wrote to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await app.inject({
      url: '/assets/main.1a2b3c4d.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);

    const gz = await app.inject({
      url: '/assets/main.1a2b3c4d.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await app.inject({ url: '/assets/main.1a2b3c4d.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('caches a content-hashed bundle for a year, and revalidates anything else', async () => {
    const hashed = await app.inject({ url: '/assets/main.1a2b3c4d.js' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await app.inject({ url: '/assets/favicon.svg' });
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  // Issue 30, finding 3 (found on the remote origin): the same spellings, on the shell's bundles.
  it.each(PRIVATE_BUILD_FILES)('never serves %s, however its path is written', async (file) => {
    const answers = [];
    for (const spelling of spellingsOf(file)) {
      const response = await app.inject({
        url: `/assets/${spelling}`,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      answers.push([spelling, response.statusCode, response.body.includes('private:')]);
    }
    expect(answers).toEqual(spellingsOf(file).map((spelling) => [spelling, 404, false]));
  });

  it('compresses a page as it sends it', async () => {
    const page = await app.inject({
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<p>x</p>');
  });
});

describe('Accept-Encoding', () => {
  const names = (header: string | undefined) =>
    acceptedVariants(header).map(({ encoding }) => encoding);

  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(names('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(names('gzip')).toEqual(['gzip']);
    expect(names('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(names('*')).toEqual(['br', 'gzip']);
    expect(names('*, br;q=0')).toEqual(['gzip']);
    expect(names('identity')).toEqual([]);
    expect(names(undefined)).toEqual([]);
  });
});
