// The session cookie: HttpOnly, SameSite=Lax, path /, 12 hours (configurable), and Secure whenever
// the request came over HTTPS: directly, or through a trusted proxy that says so
// (X-Forwarded-Proto, TRUSTED_PROXIES). Plain http (localhost) still works without it.
import type { FastifyRequest } from 'fastify';
import type { ShellConfig } from './config';

type CookieConfig = Pick<ShellConfig, 'sessionCookie' | 'sessionTtlMs' | 'secureCookies'>;

/**
 * The value of a session the API could have issued: printable ASCII without spaces, bounded. Any
 * other cookie value (`%E2%82%AC` decodes to "€", which no header can carry) is no session.
 */
const SESSION_VALUE = /^[\x21-\x7e]{1,512}$/;

export function validSession(value: string | undefined): string | undefined {
  return value !== undefined && SESSION_VALUE.test(value) ? value : undefined;
}

/** `request.protocol` is https for a TLS socket, or a trusted proxy's X-Forwarded-Proto. */
export function cameOverHttps(request: Pick<FastifyRequest, 'protocol'>): boolean {
  return request.protocol === 'https';
}

function attributes(config: CookieConfig, maxAgeSeconds: number, secure: boolean): string {
  return [
    `Path=/`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure || config.secureCookies ? ['Secure'] : []),
  ].join('; ');
}

export function sessionCookie(
  config: CookieConfig,
  request: Pick<FastifyRequest, 'protocol'>,
  sessionId: string,
): string {
  return `${config.sessionCookie}=${encodeURIComponent(sessionId)}; ${attributes(config, Math.floor(config.sessionTtlMs / 1000), cameOverHttps(request))}`;
}

export function clearSessionCookie(
  config: CookieConfig,
  request: Pick<FastifyRequest, 'protocol'>,
): string {
  return `${config.sessionCookie}=; ${attributes(config, 0, cameOverHttps(request))}`;
}
