// The /api proxy: the browser never sees the session. It lives in an HttpOnly cookie that this
// proxy sets on sign-in, turns into the Authorization header on every call, and clears on logout.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_RESPONSE_MESSAGE, parseCookies } from '@hostdash/shared-auth';
import type { ShellConfig } from './config';
import { clearSessionCookie, sessionCookie } from './cookies';

// Calls whose successful answer carries a new session in `sessionId`.
const SIGN_IN_PATHS = new Set(['/login', '/user/auth/challenge']);
// Hop-by-hop and origin-specific headers that must not be forwarded.
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
]);
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'content-length',
  'content-encoding',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
]);

// The browser got an answer, but from the proxy: the API itself did not answer. Same words as the
// shared client uses when nothing comes back at all (spec section 8).
export const API_UNAVAILABLE = {
  error: 'no_response',
  message: NO_RESPONSE_MESSAGE,
};

/**
 * A request is refused unless the browser says it came from this origin: Sec-Fetch-Site
 * same-origin (or none, typed by the user), else an Origin equal to ours. Reads too: some calls
 * of the spec change things with GET (rotateImage, logout), and the dashboard never needs the API
 * from another site.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (!origin) return false; // not a browser cross-site request (curl, server-side callers)
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  try {
    // Compared as URL hosts, so a default port written out ("localhost:80") still matches.
    return new URL(origin).host !== new URL(`http://${String(host)}`).host;
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

export function registerApiProxy(app: FastifyInstance, config: ShellConfig): void {
  app.register(async (proxy) => {
    // Bodies are forwarded as bytes: the API validates them, not the proxy.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    proxy.all('/api/*', async (request, reply) => {
      if (isCrossSite(request)) {
        return reply.code(403).send({
          error: 'cross_site_request',
          message: 'This request was refused because it did not come from the Hostdash dashboard.',
        });
      }
      const apiPath = request.url.slice('/api'.length) || '/';
      const pathname = apiPath.split('?')[0] ?? '/';
      const session = parseCookies(request.headers.cookie)[config.sessionCookie];

      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (DROPPED_REQUEST_HEADERS.has(name) || value === undefined) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      if (session) headers.set('authorization', session);
      headers.set('x-forwarded-for', request.ip);

      // Signing out always ends the browser's session, even when the API cannot be told.
      if (pathname === '/logout') reply.header('set-cookie', clearSessionCookie(config));

      let upstream: Response;
      try {
        upstream = await fetch(`${config.apiUrl}${apiPath}`, {
          method: request.method,
          headers,
          body:
            request.method === 'GET' || request.method === 'HEAD' || !request.body
              ? undefined
              : new Uint8Array(request.body as Buffer),
          redirect: 'manual',
        });
      } catch (error) {
        request.log.error({ err: error, path: pathname }, 'API request failed: no answer');
        return reply.code(502).send(API_UNAVAILABLE);
      }

      if (upstream.status === 401 && session && pathname !== '/logout')
        reply.header('set-cookie', clearSessionCookie(config));

      const contentType = upstream.headers.get('content-type') ?? '';
      if (
        contentType.includes('application/json') &&
        (SIGN_IN_PATHS.has(pathname) || pathname === '/loadAuth')
      ) {
        return sendJsonWithoutSession(upstream, pathname, reply, config);
      }

      reply.code(upstream.status);
      upstream.headers.forEach((value, name) => {
        if (!DROPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
      });
      if (!upstream.body) return reply.send();
      return reply.send(Readable.fromWeb(upstream.body as WebReadableStream));
    });
  });
}

async function sendJsonWithoutSession(
  upstream: Response,
  pathname: string,
  reply: FastifyReply,
  config: ShellConfig,
): Promise<FastifyReply> {
  const body = (await upstream.json()) as Record<string, unknown> | null;
  if (upstream.ok && SIGN_IN_PATHS.has(pathname) && body && typeof body.sessionId === 'string') {
    reply.header('set-cookie', sessionCookie(config, body.sessionId));
  }
  reply.header('cache-control', 'no-store');
  return reply.code(upstream.status).send(stripSessionId(body));
}
