/** @jest-environment node */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRemoteOrigin, cacheControlFor, remoteFilePath } from './remoteOrigin';

describe('the remote origin', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'remote-origin-'));
  mkdirSync(path.join(root, 'mfe-listings', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'mfe-listings', 'dist', 'mf-manifest.json'), '{"id":"listings"}');
  writeFileSync(path.join(root, 'mfe-listings', 'dist', 'feature.1a2b3c4d.js'), 'export {}');
  const app = buildRemoteOrigin(
    {
      logLevel: 'error',
      port: 0,
      host: '127.0.0.1',
      rootDir: root,
      allowedOrigins: ['http://localhost:3000'],
    },
    { logger: false, workspaceLayout: true },
  );

  afterAll(() => app.close());

  it('serves manifests no-cache with CORS for the shell origin only', async () => {
    const response = await app.inject({
      url: '/listings/mf-manifest.json',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const foreign = await app.inject({
      url: '/listings/mf-manifest.json',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves content-hashed chunks as immutable', async () => {
    const response = await app.inject({ url: '/listings/feature.1a2b3c4d.js' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toContain('text/javascript');
  });

  it('answers 404 JSON for a missing file and never leaves the remote folder', async () => {
    expect((await app.inject({ url: '/listings/nope.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/listings/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect(remoteFilePath(root, true, 'listings', '../../secret')).toBeNull();
    expect(remoteFilePath(root, true, '..', 'x')).toBeNull();
  });

  it('knows which files must revalidate', () => {
    expect(cacheControlFor('remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('main.js')).toBe('no-cache');
  });
});
