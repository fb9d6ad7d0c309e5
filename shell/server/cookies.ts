// The session cookie: HttpOnly, SameSite=Lax, path /, 12 hours (configurable), Secure behind HTTPS.
import type { ShellConfig } from './config';

type CookieConfig = Pick<ShellConfig, 'sessionCookie' | 'sessionTtlMs' | 'secureCookies'>;

function attributes(config: CookieConfig, maxAgeSeconds: number): string {
  return [
    `Path=/`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(config.secureCookies ? ['Secure'] : []),
  ].join('; ');
}

export function sessionCookie(config: CookieConfig, sessionId: string): string {
  return `${config.sessionCookie}=${encodeURIComponent(sessionId)}; ${attributes(config, Math.floor(config.sessionTtlMs / 1000))}`;
}

export function clearSessionCookie(config: CookieConfig): string {
  return `${config.sessionCookie}=; ${attributes(config, 0)}`;
}
