// The shell server: shell assets, the access check on every page load, /api proxy, /remotes.json,
// /health (and the orchestrator's /health/live and /health/ready) and the delivery console's
// /admin-api.
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { isAdmin } from '@hostdash/shared-auth';
import type { ShellConfig } from './config';
import { clientAbortsAtInfo, registerClientAborts } from './clientAborts';
import {
  apiVerdicts,
  FolderStore,
  openRegistryStore,
  PREVIEW_COOKIE,
  type RegistryStore,
  type RemoteStore,
  startRolloutDriver,
} from '@hostdash/delivery';
import { mountDeliveryConsole } from './consoleMount';
import { checkRemotes, readShellBuildInfo, remoteProblems, rolloutHealth } from './health';
import { createGuestPageHandler, GUEST_PAGE_PATH } from './guestPage';
import { createPageHandler, createUserLoader } from './page';
import { registerProbes } from './lifecycle';
import { registerApiProxy } from './proxy';
import { hasCanary, previewOf, resolveRegistry, type RegistryFile } from './registry';
import { registerSecurityHeaders } from './securityHeaders';
import { registerSession } from './session';
import { isPrivateBuildFile, requestedFile, servableFile } from './staticFiles';
import { withoutTokens } from './tokenPaths';

/** A page for anything but a request that asks for JSON (or another non-HTML type) only. */
function wantsPage(accept: string | undefined): boolean {
  if (!accept || accept.includes('text/html') || accept.includes('*/*')) return true;
  return false;
}

export function buildShellServer(
  config: ShellConfig,
  options: {
    logger?: boolean;
    /** Where the log goes (tests read it); stdout by default. */
    logStream?: NodeJS.WritableStream;
    /** Where published versions are (REMOTES_STORE_MODULE's adapter); the folder REMOTES_DIR by default. */
    store?: RemoteStore;
    /**
     * Where the registry is kept (the caller closes it); by default the server opens PostgreSQL's
     * with DATABASE_URL (kept in memory, following changes) or the file REMOTES_FILE, and closes it.
     */
    registry?: RegistryStore;
  } = {},
): FastifyInstance {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            hooks: { logMethod: clientAbortsAtInfo },
            // Fastify's own request line, with the token of an invite or reset address hidden.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: withoutTokens(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    // X-Forwarded-For, -Host and -Proto count only from the proxies named in TRUSTED_PROXIES
    // (none by default): otherwise any client could name its address, host or scheme.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });
  registerSecurityHeaders(app);
  registerClientAborts(app);
  // The session cookie, parsed once per request for every route (`request.session`).
  registerSession(app, config);

  // Nothing the dashboard serves belongs in a search engine (spec section 1).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
  });

  // Pages, /remotes.json and the API's JSON are compressed on the way out (brotli at a quick
  // level: these answers are made per request). Bundles are not: see below.
  app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Request bodies go to the API as they came.
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Everything else is declared once compression is in place, so its hooks cover every route.
  const store = options.store ?? new FolderStore(config.remotesDir);
  const registry =
    options.registry ??
    openRegistryStore(
      { databaseUrl: config.databaseUrl, registryFile: config.remotesFile },
      { refreshMs: config.registryRefreshMs, log: app.log },
    );
  // Closed once the requests in flight have finished (the LISTEN connection and the pool).
  if (!options.registry) app.addHook('onClose', async () => registry.close());
  registerProbes(app, () => registry.readiness());
  app.register(async (server) => registerShellRoutes(server, config, store, registry));
  startRolloutsWhenListening(app, config, store, registry);
  return app;
}

function registerShellRoutes(
  app: FastifyInstance,
  config: ShellConfig,
  store: RemoteStore,
  registry: RegistryStore,
): void {
  // Bundles are sent as the brotli or gzip copy the build wrote beside them (preCompressed).
  // Content-hashed bundles never change: cache them for a year. Everything else revalidates.
  app.register(fastifyStatic, {
    root: path.join(config.distDir, 'assets'),
    prefix: '/assets/',
    index: false,
    preCompressed: true,
    // Source maps and the build's reports stay beside the build for tooling; they are never
    // served, however the path is written (staticFiles.ts).
    allowedPath: (pathName) => servableFile(pathName) !== null,
    // Ours, below: @fastify/static's own would say `public, max-age=0` for every file.
    cacheControl: false,
    setHeaders(response, filePath) {
      response.setHeader('vary', 'Accept-Encoding');
      response.setHeader(
        'cache-control',
        /\.[0-9a-f]{8}\./.test(path.basename(filePath))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });

  const users = createUserLoader(config, app.log);
  registerApiProxy(app, config, { users, registry });
  const startedAt = new Date();
  mountDeliveryConsole(app, config, users, store, registry);

  // The registry as this request's user gets it (a Frontend Discovery document, docs/adr/0019): a
  // canary's candidate for the users it picks, with the live release to fall back to.
  app.get('/remotes.json', async (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    let live: RegistryFile;
    try {
      live = await registry.read();
    } catch (error) {
      request.log.error(
        { err: error, registry: registry.location },
        'the remote registry cannot be read',
      );
      // The page keeps its navigation and shows each remote as unavailable (shell/src/remotes).
      return reply
        .code(503)
        .send({ error: 'registry_unreadable', message: 'The remote registry cannot be read.' });
    }
    // Only a canary or a preview makes the answer depend on who asks; otherwise no API call is needed.
    const session =
      hasCanary(live) || request.cookies[PREVIEW_COOKIE] !== undefined
        ? await users.loadSession(request.session.id, request)
        : ({ state: 'signed-out' } as const);
    if (session.state === 'unreachable') {
      // Who asks decides a canary: an open page keeps the registry it has until the API answers.
      return reply
        .code(503)
        .send({ error: 'no_response', message: 'The API cannot say who is signed in now.' });
    }
    const userId = session.state === 'signed-in' ? session.user.id : null;
    return reply.send(
      resolveRegistry(live, userId, config.remotesOrigin, previewOf(request, config, userId)),
    );
  });

  app.get('/health', async (request, reply) => {
    const api = await fetch(`${config.apiUrl}/health`, { signal: AbortSignal.timeout(3000) })
      .then((response) => (response.ok ? 'ok' : `unhealthy (${response.status})`))
      .catch(() => 'unavailable');
    const shell = await readShellBuildInfo(config.distDir);
    const live = await registry.read().catch(() => null);
    const remotes = live
      ? await checkRemotes(live, config.remotesOrigin, shell).catch(() => null)
      : null;
    const rollouts = live ? rolloutHealth(live) : [];
    // A remote that does not answer is contained in the page: it is reported, but the shell itself
    // stays healthy (a load balancer must not take the dashboard out for it).
    const ok = api === 'ok' && remotes !== null;
    // Process details only for an admin (the session's user): nobody else needs them.
    const session = request.session.id;
    const admin = session ? await users.loadUser(session, request) : null;
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ok' : 'degraded',
        stage: config.stage,
        api,
        ...(admin && isAdmin(admin)
          ? {
              server: {
                pid: process.pid,
                startedAt: startedAt.toISOString(),
                uptimeSeconds: Math.round(process.uptime()),
              },
            }
          : {}),
        contract: shell.contract,
        remotes,
        rollouts,
        problems: [
          ...(remotes ? remoteProblems(remotes, shell) : ['the remote registry cannot be read']),
          ...rollouts
            .filter((rollout) => rollout.verdict === 'unhealthy')
            .map(
              (rollout) => `${rollout.remote} ${rollout.candidate} is unhealthy: ${rollout.reason}`,
            ),
        ],
      });
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain').send('User-agent: *\nDisallow: /\n'),
  );

  const page = createPageHandler(config, app.log, users, registry);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({
      error: 'not_found',
      message: `Nothing at ${request.method} ${request.url.split('?')[0]}.`,
    });
  // A request for a private build file (a source map, from a browser's tools) is told there is
  // none, not sent a page.
  const namesPrivateFile = (request: FastifyRequest) => {
    const file = requestedFile(request.url.split('?')[0] ?? '');
    return file !== null && isPrivateBuildFile(file);
  };
  // Every other GET (and HEAD) that asks for a page is one: a route, not the not-found handler,
  // so the page is compressed like any answer.
  const dashboardPage = async (request: FastifyRequest, reply: FastifyReply) =>
    wantsPage(request.headers.accept) &&
    !request.url.startsWith('/assets/') &&
    !namesPrivateFile(request)
      ? page(request, reply)
      : notFound(request, reply);
  // A guest's check-in page: only the shape of a guest link gets it; anything else under /guest is
  // whatever the dashboard says of an unknown address (its not-found page).
  const guestPage = createGuestPageHandler(config, registry);
  app.get('/guest/*', async (request, reply) =>
    wantsPage(request.headers.accept) && GUEST_PAGE_PATH.test(request.url.split('?')[0] ?? '')
      ? guestPage(request, reply)
      : dashboardPage(request, reply),
  );
  app.get('*', dashboardPage);
  app.setNotFoundHandler(notFound);
}

/**
 * The rollout driver runs while the server listens, when DELIVERY_TOKEN lets it ask the API for
 * verdicts; without it, canaries and strategies wait for a person (said once in the log).
 */
function startRolloutsWhenListening(
  app: FastifyInstance,
  config: ShellConfig,
  store: RemoteStore,
  registry: RegistryStore,
): void {
  let driver: { stop(): Promise<void> } | null = null;
  app.addHook('onListen', async () => {
    if (!config.deliveryToken) {
      app.log.warn(
        'DELIVERY_TOKEN is not set: rollouts are not judged or advanced (npm start sets one)',
      );
      return;
    }
    driver = startRolloutDriver({
      registry,
      store,
      verdicts: apiVerdicts(config.apiUrl, config.deliveryToken, config.apiTimeoutMs),
      intervalMs: config.rolloutCheckMs,
      minuteMs: config.rolloutMinuteMs,
      log: app.log,
    });
  });
  // Before the registry closes: a round under way finishes first.
  app.addHook('preClose', async () => driver?.stop());
}
