// Every page load is checked before any HTML is sent: the same access table and rule function the
// client router uses (shared-auth), with the user the API knows for this request's session.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkAccess,
  createApiClient,
  endsSession,
  ERROR_PATHS,
  LOGOUT_PATH,
  matchRoute,
  nextPath,
  PREVIEW_PARAM,
  type User,
} from '@hostdash/shared-auth';
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '../src/clientConfig.types';
import { refusalInPlace, type RefusalInPlace } from '../src/app/refusalInPlace';
import type { ShellConfig } from './config';
import { cameOverHttps, clearSessionCookie } from './cookies';
import type { RegistryStore } from '@hostdash/delivery';
import { previewOf, resolveRegistry, type RegistryFile } from './registry';
import { applyPagePolicy, newStyleNonce, remoteOrigins } from './securityHeaders';
import { BOOT_SCRIPT_HASH, bootFrame, scriptsAfterFirstPaint } from './bootFrame';

// The template's `<script id="hostdash-config" type="application/json">` element, however the
// HTML minifier wrote it.
const CONFIG_ELEMENT = new RegExp(`<script id="?${CLIENT_CONFIG_ELEMENT_ID}"?[^>]*>[^<]*</script>`);

// The template's empty root and its title (a page is framed only when it has the root).
export const ROOT_ELEMENT = /<div id="?root"?><\/div>/;
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/** JSON that is safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function withoutSession(user: User & { sessionId?: string }): User {
  const { sessionId: _sessionId, ...rest } = user;
  return rest;
}

/**
 * What the API says about a request's session. Only a 401 says it is over (`signed-out`); when
 * the API does not answer, times out or fails (`unreachable`), the session may well be valid once
 * it is back, so nothing is cleared.
 */
export type SessionState =
  { state: 'signed-in'; user: User } | { state: 'signed-out' } | { state: 'unreachable' };

/** The API client the server calls with a request's session, and what the API says of it. */
export function createUserLoader(config: ShellConfig, log: FastifyBaseLogger) {
  const api = createApiClient({
    baseURL: config.apiUrl,
    sessionCookieName: config.sessionCookie,
    timeoutMs: 5000,
    logError: (message) => log.warn(message),
  });

  async function loadSession(
    session: string | undefined,
    request: FastifyRequest,
  ): Promise<SessionState> {
    if (!session) return { state: 'signed-out' };
    try {
      const user = await api.get<User & { sessionId?: string }>('/loadAuth', {
        session,
        headers: { 'x-forwarded-for': request.ip },
      });
      return { state: 'signed-in', user: withoutSession(user) };
    } catch (error) {
      if (endsSession(error)) return { state: 'signed-out' };
      request.log.warn({ err: error }, 'loadAuth failed; the session is kept');
      return { state: 'unreachable' };
    }
  }

  /** The signed-in user, or null (signed out, or the API cannot tell now). */
  async function loadUser(session: string | undefined, request: FastifyRequest) {
    const result = await loadSession(session, request);
    return result.state === 'signed-in' ? result.user : null;
  }

  return { api, loadSession, loadUser };
}

export type UserLoader = ReturnType<typeof createUserLoader>;

/**
 * A page load of /logout signs out at once when the browser says it came from this origin (or was
 * typed: `none`); from another site, or a browser that does not say, the page asks first. Only
 * the page's POST /api/logout signs out, and the proxy refuses that from another site.
 */
function navigationFromThisOrigin(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  return fetchSite === 'same-origin' || fetchSite === 'none';
}

/** The live registry, or null when it cannot be read (logged, saying what the page does then). */
export async function liveRegistry(
  registry: RegistryStore,
  request: FastifyRequest,
  consequence: string,
): Promise<RegistryFile | null> {
  try {
    return await registry.read();
  } catch (error) {
    request.log.error({ err: error, registry: registry.location }, consequence);
    return null;
  }
}

/**
 * A preview link (`/?preview=…`, docs/adr/0042) sent elsewhere — `/` to the staff area, say — keeps
 * its offer, so the frame still asks. The sign-in page keeps it inside `next` already.
 */
function keepPreviewOffer(redirect: string, url: URL): string {
  const offer = url.searchParams.get(PREVIEW_PARAM);
  if (offer === null || redirect.startsWith('/login')) return redirect;
  const target = new URL(redirect, url);
  if (target.origin !== url.origin) return redirect;
  target.searchParams.set(PREVIEW_PARAM, offer);
  return `${target.pathname}${target.search}`;
}

export function createPageHandler(
  config: ShellConfig,
  log: FastifyBaseLogger,
  users: UserLoader,
  registry: RegistryStore,
) {
  let template: Promise<string> | null = null;
  const readTemplate = () =>
    (template ??= readFile(path.join(config.distDir, 'index.html'), 'utf8').then((html) => {
      if (!CONFIG_ELEMENT.test(html))
        throw new Error(`${config.distDir}/index.html has no #${CLIENT_CONFIG_ELEMENT_ID} element`);
      return html;
    }));

  return async function page(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://shell.local');
    const { cookies } = request;
    const { cookie, id: session } = request.session;
    const sessionState = await users.loadSession(session, request);
    const user = sessionState.state === 'signed-in' ? sessionState.user : null;
    reply.header('cache-control', 'no-store');
    // Only a refused (or impossible) session is cleared: an API blip keeps it.
    if (cookie !== undefined && sessionState.state === 'signed-out')
      reply.header('set-cookie', clearSessionCookie(config, request));
    // The API cannot say who this is: a page that says so, with Retry, instead of the sign-in page.
    const apiUnreachable = sessionState.state === 'unreachable' && url.pathname !== LOGOUT_PATH;

    // A refusal shown at the address the user opened (the client renders the same page in place).
    let refusal: RefusalInPlace | null = null;
    if (!apiUnreachable) {
      if (user && (url.pathname === '/login' || url.pathname === '/login/challenge')) {
        return reply.redirect(nextPath(url.search), 302);
      }
      const decision = checkAccess({
        pathname: url.pathname,
        search: url.search,
        user,
        stage: config.stage,
        billingBypass: cookies[config.billingBypassCookie] !== undefined,
      });
      refusal = refusalInPlace(decision);
      if (!decision.allowed && !refusal)
        return reply.redirect(keepPreviewOffer(decision.redirect, url), 302);
    }

    const live = await liveRegistry(
      registry,
      request,
      'the remote registry cannot be read; its remotes are shown as unavailable',
    );
    const styleNonce = newStyleNonce();
    const userId = user?.id ?? null;
    const remotes = live
      ? resolveRegistry(live, userId, config.remotesOrigin, previewOf(request, config, userId))
      : null;
    // A signed-in page whose route declares its frame, rendered by a remote the registry names:
    // the frame in the first paint and the scripts after it (bootFrame.ts), and the tab's title.
    const route = matchRoute(url.pathname)?.route;
    const template = await readTemplate();
    const frame =
      user &&
      !refusal &&
      !apiUnreachable &&
      route &&
      remotes?.microFrontends[route.app] &&
      ROOT_ELEMENT.test(template)
        ? bootFrame(route, styleNonce)
        : null;
    applyPagePolicy(request, reply, {
      styleNonce,
      remoteOrigins: remoteOrigins(live, config.remotesOrigin),
      flagsmithApi: config.flagsmithApi,
      https: cameOverHttps(request),
      stripe: config.stripe,
      scriptHashes: frame ? [BOOT_SCRIPT_HASH] : [],
    });
    const clientConfig: ClientConfig = {
      stage: config.stage,
      ssoCookie: config.ssoCookie,
      flagsmith: { api: config.flagsmithApi, environmentKey: config.flagsmithEnvironmentKey },
      guestPortalUrl: config.guestPortalUrl,
      billingBypass: cookies[config.billingBypassCookie] !== undefined,
      user,
      remotes,
      remotesRecheckMs: config.remotesRecheckMs,
      monitoringSampleRate: config.monitoringSampleRate,
      styleNonce,
      apiUnreachable,
      confirmSignOut:
        url.pathname === LOGOUT_PATH &&
        sessionState.state !== 'signed-out' &&
        !navigationFromThisOrigin(request),
    };
    let html = template.replace(
      CONFIG_ELEMENT,
      () =>
        `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${scriptJson(clientConfig)}</script>`,
    );
    if (frame) {
      html = scriptsAfterFirstPaint(html)
        .replace(ROOT_ELEMENT, () => `<div id="root">${frame.markup}</div>`)
        .replace(TITLE_ELEMENT, () => frame.title)
        .replace('</head>', () => `${frame.style}</head>`);
    }
    const status = apiUnreachable
      ? 503
      : (refusal?.status ?? (url.pathname === ERROR_PATHS.notFound ? 404 : 200));
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  };
}
