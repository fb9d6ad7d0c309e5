// The remote origin: a static host for the remotes' builds (a CDN in production). Manifests and
// remote entries must revalidate; content-hashed chunks are immutable. CORS is limited to the
// configured shell origins.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RemoteOriginConfig } from './config';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * Where `/<remote>/<file>` lives: in the workspace layout (the default), `mfe-<remote>/dist`;
 * with REMOTES_DIR pointing at a store, `<store>/<remote>/`.
 */
export function remoteFilePath(
  rootDir: string,
  workspaceLayout: boolean,
  remote: string,
  file: string,
): string | null {
  if (!/^[a-z][a-z0-9-]*$/.test(remote)) return null;
  const base = workspaceLayout
    ? path.join(rootDir, `mfe-${remote}`, 'dist')
    : path.join(rootDir, remote);
  const resolved = path.resolve(base, file);
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
  options: { logger?: boolean; workspaceLayout?: boolean } = {},
): FastifyInstance {
  // A static origin: one log line per chunk is noise; failures are still logged.
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    disableRequestLogging: true,
  });
  const workspaceLayout = options.workspaceLayout ?? !process.env.REMOTES_DIR;

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && config.allowedOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
    }
  });

  app.options('/*', async (_request, reply) => reply.code(204).send());

  app.get('/:remote/*', async (request, reply) => {
    const { remote, '*': file } = request.params as { remote: string; '*': string };
    const filePath = remoteFilePath(config.rootDir, workspaceLayout, remote, file);
    const info = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !info?.isFile()) {
      return reply
        .code(404)
        .send({ error: 'not_found', message: `No file ${file} for remote ${remote}.` });
    }
    return reply
      .header('content-type', CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream')
      .header('content-length', info.size)
      .header('cache-control', cacheControlFor(filePath))
      .send(createReadStream(filePath));
  });

  return app;
}
