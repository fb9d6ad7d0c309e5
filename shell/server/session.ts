// The request's cookies and session, parsed once per request (an onRequest hook) and read by every
// route as `request.session` and `request.cookies`: the page, /remotes.json, /health, the /api
// proxy and the delivery console no longer each parse the Cookie header by hand.
import type { FastifyInstance } from 'fastify';
import { parseCookies } from '@hostdash/shared-auth';
import type { ShellConfig } from './config';
import { validSession } from './cookies';

export interface RequestSession {
  /** The session cookie as the browser sent it; undefined when there is none. */
  cookie: string | undefined;
  /** Its value when it can be a session the API issued (`validSession`); undefined otherwise. */
  id: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Every cookie of the request, by name. */
    cookies: Readonly<Record<string, string>>;
    /** The session cookie of the request (SESSION_COOKIE). */
    session: RequestSession;
  }
}

const NO_SESSION: RequestSession = Object.freeze({ cookie: undefined, id: undefined });

export function registerSession(
  app: FastifyInstance,
  config: Pick<ShellConfig, 'sessionCookie'>,
): void {
  // Set by the hook below before any handler runs; Fastify wants a null placeholder, not an object.
  app.decorateRequest('cookies', null as unknown as Readonly<Record<string, string>>);
  app.decorateRequest('session', null as unknown as RequestSession);
  app.addHook('onRequest', async (request) => {
    const cookies = parseCookies(request.headers.cookie);
    const cookie = cookies[config.sessionCookie];
    request.cookies = cookies;
    request.session = cookie === undefined ? NO_SESSION : { cookie, id: validSession(cookie) };
  });
}
