// The remote origin: a static host for the published remotes (a CDN in production). It serves the
// store as it is: `/<remote>/<version>/<file>`. Manifests and remote entries must revalidate (an
// ETag makes that a 304); content-hashed chunks are immutable. CORS is limited to the configured
// shell origins.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RemoteOriginConfig } from './config';
import { REMOTE_NAME, VERSION } from './delivery/registryFile';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * Where `/<remote>/<version>/<file>` lives in the store, or null for anything else (a bad name, a
 * version folder being staged, a path out of the store).
 */
export function remoteFilePath(rootDir: string, remote: string, file: string): string | null {
  if (!REMOTE_NAME.test(remote)) return null;
  const [version, ...rest] = file.split('/');
  if (!version || !VERSION.test(version) || rest.length === 0) return null;
  const base = path.join(rootDir, remote, version);
  const resolved = path.resolve(base, rest.join('/'));
  return resolved.startsWith(base + path.sep) ? resolved : null;
}

export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (name === 'mf-manifest.json' || name === 'remoteEntry.js' || name.endsWith('.html'))
    return 'no-cache';
  return /\.[0-9a-f]{8}\./.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function buildRemoteOrigin(
  config: RemoteOriginConfig,
  options: { logger?: boolean } = {},
): FastifyInstance {
  // A static origin: one log line per chunk is noise; failures are still logged.
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    disableRequestLogging: true,
  });
  const startedAt = new Date();

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && config.allowedOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin);
    }
    reply.header('vary', 'Origin');
  });

  app.options('/*', async (_request, reply) => reply.code(204).send());

  app.get('/health', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
      status: 'ok',
      pid: process.pid,
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
    }),
  );

  app.get('/:remote/*', async (request, reply) => {
    const { remote, '*': file } = request.params as { remote: string; '*': string };
    const filePath = remoteFilePath(config.rootDir, remote, file);
    const info = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !info?.isFile()) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .send({ error: 'not_found', message: `No file ${file} for remote ${remote}.` });
    }
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    reply
      .header('cache-control', cacheControlFor(filePath))
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .header('content-type', CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream')
      .header('content-length', info.size)
      .send(createReadStream(filePath));
  });

  return app;
}
