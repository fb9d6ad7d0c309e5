// What leaves the browser about a page, shaped so that nothing personal does (issue 17): a route is
// its template from the access table ('/reservation/:id', never the id or a query value); an API
// path loses its ids, tokens and query; an error message loses emails, addresses' queries, long
// numbers and token-like strings; a user is a hash of their id, never the id.
import { matchRoute } from '@hostdash/shared-auth';

export const UNKNOWN_ROUTE = '(unknown)';
const MESSAGE_MAX = 300;
const PATH_MAX = 200;

/** The access table's pattern for a page address: `/reservation/:id`, or `(unknown)`. */
export function routeTemplate(pathname: string): string {
  return matchRoute(pathname)?.route.path ?? UNKNOWN_ROUTE;
}

/** A path segment that names one thing rather than a kind of thing. */
const ID_SEGMENT =
  /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{20,}|.*@.*)$/i;

/** An API path as a template: `/reservation/get/1234?x=1` → `/reservation/get/:id`. */
export function apiPathTemplate(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is not an id we can recognise: it goes as :id all the same.
        return ':id';
      }
      return ID_SEGMENT.test(decoded) ? ':id' : segment;
    })
    .join('/')
    .slice(0, PATH_MAX);
}

// In this order: an address's query may hold an email, and is dropped whole first.
const SCRUBBERS: [RegExp, string][] = [
  [/(https?:\/\/[^\s?#"']*)[?#][^\s"']*/g, '$1'],
  [/[^\s@"'<>(),]+@[^\s@"'<>(),]+\.[^\s@"'<>(),]+/g, '[email]'],
  [/\b[A-Za-z0-9_-]{24,}\b/g, '[token]'],
  [/\d{5,}/g, '[number]'],
];

/** An error's message with nothing personal in it, at most 300 characters. */
export function scrubMessage(message: string): string {
  let scrubbed = message;
  for (const [pattern, replacement] of SCRUBBERS) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed.slice(0, MESSAGE_MAX);
}

/** What went wrong (an Error's message, or whatever was thrown), scrubbed like any message. */
export const errorMessage = (reason: unknown): string =>
  scrubMessage(reason instanceof Error ? reason.message : String(reason));

/** The SHA-256 of a user id (hex), so a user's events group together without naming them. */
export async function hashUserId(id: string): Promise<string> {
  const bytes = new TextEncoder().encode(`hostdash-telemetry:${id}`);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
