// Every page load is checked before any HTML is sent: the same access table and rule function the
// client router uses (shared-auth), with the user the API knows for this request's session.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkAccess,
  createApiClient,
  ERROR_PATHS,
  nextPath,
  parseCookies,
  type User,
} from '@hostdash/shared-auth';
import {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  type RemoteRelease,
} from '../src/clientConfig.types';
import type { ShellConfig } from './config';
import { clearSessionCookie } from './cookies';
import { readRegistry, resolveRegistry } from './registry';

// The template's `<script id="hostdash-config" type="application/json">` element, however the
// HTML minifier wrote it.
const CONFIG_ELEMENT = new RegExp(`<script id="?${CLIENT_CONFIG_ELEMENT_ID}"?[^>]*>[^<]*</script>`);

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function withoutSession(user: User & { sessionId?: string }): User {
  const { sessionId: _sessionId, ...rest } = user;
  return rest;
}

/** The API client the server calls with a request's session, and the user that session belongs to. */
export function createUserLoader(config: ShellConfig, log: FastifyBaseLogger) {
  const api = createApiClient({
    baseURL: config.apiUrl,
    sessionCookieName: config.sessionCookie,
    timeoutMs: 5000,
    logError: (message) => log.warn(message),
  });

  async function loadUser(
    session: string | undefined,
    request: FastifyRequest,
  ): Promise<User | null> {
    if (!session) return null;
    try {
      return withoutSession(await api.get<User & { sessionId?: string }>('/loadAuth', { session }));
    } catch (error) {
      // A failed load-auth call is logged and treated as no user (spec section 8).
      request.log.warn({ err: error }, 'loadAuth failed; treating the request as signed out');
      return null;
    }
  }

  return { api, loadUser };
}

export type UserLoader = ReturnType<typeof createUserLoader>;

export function createPageHandler(
  config: ShellConfig,
  log: FastifyBaseLogger,
  users: UserLoader = createUserLoader(config, log),
) {
  const { api, loadUser } = users;
  let template: Promise<string> | null = null;
  const readTemplate = () =>
    (template ??= readFile(path.join(config.distDir, 'index.html'), 'utf8').then((html) => {
      if (!CONFIG_ELEMENT.test(html))
        throw new Error(`${config.distDir}/index.html has no #${CLIENT_CONFIG_ELEMENT_ID} element`);
      return html;
    }));

  /** The registry as this user gets it (canaries resolved), so the page needs no extra call. */
  async function remotesFor(
    user: User | null,
    request: FastifyRequest,
  ): Promise<RemoteRelease[] | null> {
    try {
      const registry = await readRegistry(config.remotesFile);
      return resolveRegistry(registry, user?.id ?? null, config.remotesOrigin);
    } catch (error) {
      request.log.error(
        { err: error, file: config.remotesFile },
        'the remote registry cannot be read; the page will ask /remotes.json',
      );
      return null;
    }
  }

  return async function page(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://shell.local');
    const cookies = parseCookies(request.headers.cookie);
    const session = cookies[config.sessionCookie];
    let user = await loadUser(session, request);
    reply.header('cache-control', 'no-store');
    if (session && !user) reply.header('set-cookie', clearSessionCookie(config));

    if (url.pathname === '/logout' && session) {
      // Signing out is done here, before the page renders, so it also works without JavaScript.
      await api
        .get('/logout', { session })
        .catch((error: unknown) => request.log.warn({ err: error }, 'logout failed'));
      reply.header('set-cookie', clearSessionCookie(config));
      user = null;
    }

    if (user && (url.pathname === '/login' || url.pathname === '/login/challenge')) {
      return reply.redirect(nextPath(url.search), 302);
    }

    const billingBypass = cookies[config.billingBypassCookie] !== undefined;
    const decision = checkAccess({
      pathname: url.pathname,
      search: url.search,
      user,
      stage: config.stage,
      billingBypass,
    });
    if (!decision.allowed) return reply.redirect(decision.redirect, 302);

    const clientConfig: ClientConfig = {
      stage: config.stage,
      ssoCookie: config.ssoCookie,
      flagsmith: { api: config.flagsmithApi, environmentKey: config.flagsmithEnvironmentKey },
      guestPortalUrl: config.guestPortalUrl,
      billingBypass,
      user,
      remotes: await remotesFor(user, request),
      remotesRecheckMs: config.remotesRecheckMs,
    };
    const html = (await readTemplate()).replace(
      CONFIG_ELEMENT,
      () =>
        `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${scriptJson(clientConfig)}</script>`,
    );
    const status = url.pathname === ERROR_PATHS.notFound ? 404 : 200;
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  };
}
