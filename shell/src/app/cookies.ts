import { parseCookies } from '@hostdash/shared-auth';

/** Reads a cookie the page may see (never the session: that one is HttpOnly). */
export function readCookie(name: string): string | undefined {
  return parseCookies(typeof document === 'undefined' ? undefined : document.cookie)[name];
}
