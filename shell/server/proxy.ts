// The /api proxy: the browser never sees the session. It lives in an HttpOnly cookie that this
// proxy sets on sign-in, turns into the Authorization header on every call, and clears on logout.
// Whatever arrives (an odd cookie, a HEAD, an API that answers nonsense or not at all), the proxy
// answers with a status of its own or the API's, never an internal error.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { context, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_RESPONSE_MESSAGE } from '@hostdash/shared-auth';
import { clientGone, dropReply } from './clientAborts';
import type { ShellConfig } from './config';
import { clearSessionCookie, sessionCookie } from './cookies';
import type { RegistryStore } from '@hostdash/delivery';
import type { UserLoader } from './page';
import { previewOf, servedRemotes } from './registry';
import { signStamp, stampKey, TELEMETRY_STAMP_HEADER, telemetryUserHash } from './telemetryStamp';
import { withoutTokens } from './tokenPaths';

// Calls whose successful answer carries a new session in `sessionId` (a sign-up signs the new
// owner in, as /login does).
const SIGN_IN_PATHS = new Set(['/login', '/user/auth/challenge', '/user/accounts/signup']);
/** Accepting a team invite signs the new teammate in, as /login does (the token is the rest). */
const ACCEPT_INVITE_PREFIX = '/user/accounts/acceptInvite/';
const signsIn = (pathname: string): boolean =>
  SIGN_IN_PATHS.has(pathname) || pathname.startsWith(ACCEPT_INVITE_PREFIX);
const LOGOUT_PATH = '/logout';
// Hop-by-hop and origin-specific headers that must not be forwarded, and forwarding headers a
// client may have made up: this proxy says who the client is itself (X-Forwarded-For).
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'cookie',
  'authorization',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  // The hop to the API is local: it answers plain and this server compresses for the browser.
  'accept-encoding',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  // Only this server vouches for a telemetry batch (telemetryStamp.ts).
  TELEMETRY_STAMP_HEADER,
]);
// What of the API's answer reaches the browser: what a client reads. Not the API's hop-by-hop or
// framing headers, its cookies, nor any security header (this server sets its own).
const PASSED_RESPONSE_HEADERS = new Set([
  'content-type',
  'content-disposition',
  'content-language',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'vary',
  'location',
  'allow',
  'www-authenticate',
  'accept-ranges',
  'content-range',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]);

/** 10 MB (the API's limit for a guest's photo) and room for it to answer 413 itself. */
export const GUEST_IMAGE_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024;

// The browser got an answer, but from the proxy: the API itself did not answer. Same words as the
// shared client uses when nothing comes back at all (spec section 8).
export const API_UNAVAILABLE = {
  error: 'no_response',
  message: NO_RESPONSE_MESSAGE,
};

/**
 * A request is refused unless the browser says it came from this origin: Sec-Fetch-Site
 * same-origin (or none, typed by the user), else an Origin equal to ours. Reads too: some calls
 * of the spec change things with GET (rotateImage), and the dashboard never needs the API from
 * another site. "Ours" is the Host header, or X-Forwarded-Host only from a trusted proxy
 * (`request.host`, TRUSTED_PROXIES): a client cannot name the host it is compared with.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (!origin) return false; // not a browser cross-site request (curl, server-side callers)
  try {
    // Compared as URL hosts, so a default port written out ("localhost:80") still matches.
    return new URL(origin).host !== new URL(`http://${request.host}`).host;
  } catch {
    return true;
  }
}

function stripSessionId(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { sessionId: _sessionId, ...rest } = body as Record<string, unknown>;
  if (rest.user && typeof rest.user === 'object') {
    const { sessionId: _userSessionId, ...user } = rest.user as Record<string, unknown>;
    rest.user = user;
  }
  return rest;
}

// The W3C trace context (issue 17). Inside a traced request the fetch instrumentation
// (server/tracing.ts) sends the API the proxy's own call as the parent; the browser's header, a
// step up the same trace, would be a second, conflicting one. Untraced, it is passed on as it came.
const TRACE_HEADERS = new Set(['traceparent', 'tracestate']);

/** The request's headers the API gets; one a fetch cannot carry is left out, never thrown. */
function forwardedHeaders(request: FastifyRequest, session: string | undefined): Headers {
  const headers = new Headers();
  const traced = trace.getSpanContext(context.active()) !== undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (DROPPED_REQUEST_HEADERS.has(name) || value === undefined) continue;
    if (traced && TRACE_HEADERS.has(name)) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      request.log.debug({ header: name }, 'a request header the API cannot get was left out');
    }
  }
  if (session) headers.set('authorization', session);
  // The browser's address (request.ip: from a trusted proxy's X-Forwarded-For, else the socket).
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

function passHeaders(upstream: Response, reply: FastifyReply): void {
  upstream.headers.forEach((value, name) => {
    if (PASSED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
  });
}

/** The telemetry collector: its batches get this server's stamp when a signed-in user sent them. */
const TELEMETRY_PATH = '/telemetry';

/**
 * The stamp for a telemetry batch (issue 30, finding 2): the user signed in on the cookie that came
 * with it, and what the registry serves them. None without DELIVERY_TOKEN, without a signed-in
 * user, or when the registry cannot be read: the batch still goes, vouched for by no one.
 */
function telemetryStamper(config: ShellConfig, users: UserLoader, registry: RegistryStore) {
  const key = config.deliveryToken ? stampKey(config.deliveryToken) : null;
  return async (
    request: FastifyRequest,
    session: string | undefined,
  ): Promise<string | undefined> => {
    if (!key || !session || !Buffer.isBuffer(request.body)) return undefined;
    const user = await users.loadUser(session, request);
    if (!user) return undefined;
    const live = await registry.read().catch(() => null);
    if (!live) return undefined;
    const preview = previewOf(request, config, user.id);
    const claims = {
      user: telemetryUserHash(user.id),
      remotes: servedRemotes(live, user.id, preview),
    };
    return signStamp(key, claims, request.body);
  };
}

export function registerApiProxy(
  app: FastifyInstance,
  config: ShellConfig,
  { users, registry }: { users: UserLoader; registry: RegistryStore },
): void {
  const stampTelemetry = telemetryStamper(config, users, registry);
  app.register(async (proxy) => {
    // Bodies are forwarded as bytes: the API validates them, not the proxy.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isCrossSite(request)) {
        return reply.code(403).send({
          error: 'cross_site_request',
          message: 'This request was refused because it did not come from the Hostdash dashboard.',
        });
      }
      const apiPath = request.url.slice('/api'.length) || '/';
      const pathname = apiPath.split('?')[0] ?? '/';
      // A value no session can have is no session, and the browser forgets it.
      const { cookie, id: session } = request.session;
      if (cookie !== undefined && !session)
        reply.header('set-cookie', clearSessionCookie(config, request));

      // Signing out is a POST (refused cross-site above, like every call), so no other page can
      // sign anyone out with a link or an image. The API's own sign-out stays GET /logout
      // (spec section 7): the proxy makes that call for the browser.
      let method = request.method;
      if (pathname === LOGOUT_PATH) {
        if (request.method !== 'POST') {
          return reply
            .code(405)
            .header('allow', 'POST')
            .send({ error: 'method_not_allowed', message: 'Sign out with POST /api/logout.' });
        }
        method = 'GET';
        // Signing out always ends the browser's session, even when the API cannot be told.
        reply.header('set-cookie', clearSessionCookie(config, request));
      }
      const withoutBody = method === 'GET' || method === 'HEAD';
      const headers = forwardedHeaders(request, session);
      if (pathname === TELEMETRY_PATH && method === 'POST') {
        const stamp = await stampTelemetry(request, session);
        if (stamp) headers.set(TELEMETRY_STAMP_HEADER, stamp);
      }

      // An API that accepts the connection and then says nothing (paused, overloaded, stuck on a
      // lock) must not hold the browser's call for ever: after API_TIMEOUT_MS without the start of
      // an answer, 504. Once the answer has begun, its body takes as long as it takes.
      const waiting = new AbortController();
      const timer = setTimeout(() => waiting.abort(), config.apiTimeoutMs);
      let upstream: Response;
      try {
        upstream = await fetch(`${config.apiUrl}${apiPath}`, {
          method,
          headers,
          body: withoutBody || !request.body ? undefined : new Uint8Array(request.body as Buffer),
          redirect: 'manual',
          signal: waiting.signal,
        });
      } catch (error) {
        if (waiting.signal.aborted) {
          request.log.error(
            { path: withoutTokens(pathname), waitedMs: config.apiTimeoutMs },
            'API request failed: no answer in time',
          );
          return reply.code(504).send({ ...API_UNAVAILABLE, error: 'timeout' });
        }
        request.log.error(
          { err: error, path: withoutTokens(pathname) },
          'API request failed: no answer',
        );
        return reply.code(502).send(API_UNAVAILABLE);
      } finally {
        clearTimeout(timer);
      }

      // The browser left while the API answered (a tab closed after its beacon): nobody to answer.
      if (clientGone(request)) {
        await upstream.body?.cancel().catch(() => undefined);
        return dropReply(request, reply, { path: withoutTokens(pathname) });
      }

      if (upstream.status === 401 && session && pathname !== LOGOUT_PATH)
        reply.header('set-cookie', clearSessionCookie(config, request));

      const contentType = upstream.headers.get('content-type') ?? '';
      if (
        request.method !== 'HEAD' &&
        contentType.includes('application/json') &&
        (signsIn(pathname) || pathname === '/loadAuth')
      ) {
        return sendJsonWithoutSession(request, upstream, pathname, reply, config);
      }

      reply.code(upstream.status);
      passHeaders(upstream, reply);
      // A HEAD is answered like the GET, without its body.
      if (!upstream.body || request.method === 'HEAD') return reply.send();
      return reply.send(Readable.fromWeb(upstream.body as WebReadableStream));
    };

    proxy.all('/api/*', forward);
    // A guest's photo is the one body bigger than fastify's 1 MiB default: the API refuses one
    // over 10 MB itself (413 image_too_large, in words the guest reads), so the proxy lets a little
    // more through, and answers a body beyond that in the same shape.
    proxy.post('/api/guest/portal/image/:kind', { bodyLimit: GUEST_IMAGE_BODY_LIMIT }, forward);
    proxy.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
      // Anything else goes on to the server's own handler, as before.
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      return reply.code(413).send({
        error: 'body_too_large',
        message: 'This file is too large to send. Choose one under 10 MB.',
      });
    });
  });
}

async function sendJsonWithoutSession(
  request: FastifyRequest,
  upstream: Response,
  pathname: string,
  reply: FastifyReply,
  config: ShellConfig,
): Promise<FastifyReply> {
  let body: Record<string, unknown> | null;
  try {
    body = (await upstream.json()) as Record<string, unknown> | null;
  } catch (error) {
    request.log.error(
      { err: error, path: withoutTokens(pathname) },
      'API answered JSON that does not parse',
    );
    return reply.code(502).send(API_UNAVAILABLE);
  }
  if (upstream.ok && signsIn(pathname) && body && typeof body.sessionId === 'string') {
    reply.header('set-cookie', sessionCookie(config, request, body.sessionId));
  }
  passHeaders(upstream, reply);
  reply.header('cache-control', 'no-store');
  return reply.code(upstream.status).send(stripSessionId(body));
}
