// The remote origin: a static host for the published remotes (a CDN in production). It serves the
// store as it is: `/<remote>/<version>/<file>`. Manifests and remote entries must revalidate (an
// ETag makes that a 304); content-hashed chunks are immutable. A text file is sent as the brotli or
// gzip copy the build wrote beside it when the client accepts one. CORS is limited to the
// configured shell origins.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { RemoteOriginConfig } from './config';
import { cacheControlFor, contentTypeFor, REMOTE_NAME, VERSION } from '@hostdash/delivery';
import { acceptedVariants } from './encoding';
import { registerProbes } from './lifecycle';
import { servableFile } from './staticFiles';

/** Text types the build writes compressed copies of. */
const COMPRESSIBLE_TYPES = new Set(['.js', '.json', '.css', '.html', '.svg', '.txt']);

/** The best precompressed copy of `file` the request accepts and the build wrote, if any. */
async function precompressedCopy(file: string, acceptEncoding: string | undefined) {
  for (const { encoding, extension } of acceptedVariants(acceptEncoding)) {
    const info = await stat(file + extension).catch(() => null);
    if (info?.isFile()) return { file: file + extension, info, encoding };
  }
  return null;
}

/**
 * Where the request path `/<remote>/<version>/<file>` lives in the store, or null for anything
 * else (a bad name, a version folder being staged, a path out of the store, a private file such as
 * a source map). Every check is made on the path as the lookup reads it (issue 30: `x.js.map/`
 * was checked as written, then opened as `x.js.map`).
 */
export function remoteFilePath(rootDir: string, requestPath: string): string | null {
  const file = servableFile(requestPath);
  if (file === null) return null;
  const [remote, version, ...rest] = file.split('/');
  if (!remote || !REMOTE_NAME.test(remote)) return null;
  if (!version || !VERSION.test(version) || rest.length === 0) return null;
  const base = path.join(rootDir, remote, version);
  const resolved = path.resolve(base, ...rest);
  return resolved.startsWith(base + path.sep) ? resolved : null;
}

// What a published file is sent with: the delivery package's rule, as a bucket's objects have.
export { cacheControlFor, contentTypeFor };

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

  // Helmet's headers: nosniff above all (a script must be served as one). The dashboard's pages,
  // on another origin, load these scripts: Cross-Origin-Resource-Policy lets them. Nothing here is
  // a page, so its own policy allows nothing and no framing.
  app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && config.allowedOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin);
    }
    reply.header('vary', 'Origin');
  });

  app.options('/*', async (_request, reply) => reply.code(204).send());

  // It serves files from its folder: ready while it is not stopping.
  registerProbes(app);

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
    // The path as sent, not the parameters: they are decoded already, and decoding twice would
    // open another file than the one a request names.
    const filePath = remoteFilePath(config.rootDir, request.url.split('?')[0] ?? '');
    const info = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !info?.isFile()) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .send({ error: 'not_found', message: `No file ${file} for remote ${remote}.` });
    }
    const compressed = COMPRESSIBLE_TYPES.has(path.extname(filePath))
      ? await precompressedCopy(filePath, request.headers['accept-encoding'])
      : null;
    const sent = compressed ?? { file: filePath, info, encoding: null };
    const tag = `${sent.info.size.toString(16)}-${Math.floor(sent.info.mtimeMs).toString(16)}`;
    const etag = `W/"${tag}${sent.encoding ? `-${sent.encoding}` : ''}"`;
    reply
      .header('cache-control', cacheControlFor(filePath))
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString());
    if (COMPRESSIBLE_TYPES.has(path.extname(filePath)))
      reply.header('vary', 'Origin, Accept-Encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (sent.encoding) reply.header('content-encoding', sent.encoding);
    return reply
      .header('content-type', contentTypeFor(filePath))
      .header('content-length', sent.info.size)
      .send(createReadStream(sent.file));
  });

  return app;
}
