// The guest page's first GET /api/guest/portal (docs/adr/0035-guest-page-weight.md): the portal's
// first answer, asked for before anything else. The shell server writes this function's own source
// into the page's HTML (server/guestPage.ts), so the request leaves while the page's script is
// still on its way; the page's entry takes it from there (index.tsx), or makes it itself when the
// page came without it. It therefore uses nothing from outside itself: no import, no closure.

/** The page's global object, as far as this needs it (the server compiles this file too). */
interface PageGlobal {
  location: { pathname: string };
  localStorage?: { readonly length: number };
  [key: string]: unknown;
}

/** Where the page's HTML leaves the request for the entry. */
export const FIRST_PORTAL_KEY = 'hostdashFirstPortal';

/**
 * Starts the portal's first request for the guest link at this page's address, once, and leaves
 * it at `window[key]`. `pagePath` is GUEST_PAGE_PATH's source; `key` is FIRST_PORTAL_KEY.
 */
export function requestFirstPortal(pagePath: string, key: string): void {
  const page = globalThis as unknown as PageGlobal;
  const token = new RegExp(pagePath).exec(page.location.pathname)?.[1];
  if (!token || page[key]) return;
  const hex = (bytes: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('');
  const request = fetch('/api/guest/portal', {
    headers: {
      accept: 'application/json',
      'x-guest-token': token,
      // A trace of its own (W3C traceparent), as every call of the page sends one.
      traceparent: `00-${hex(16)}-${hex(8)}-01`,
    },
    credentials: 'same-origin',
  });
  // A failed request is the portal's to tell; until it reads it, nobody else may.
  request.catch(() => undefined);
  page[key] = request;
  // Until the page's code arrives the main thread has nothing to do, and two things the way to the
  // first screen needs cost most the first time a page asks: the browser's locale data (ICU),
  // opened by the first Intl formatter (about 12 ms on a laptop, four times that on a phone; the
  // portal formats the stay's dates), and the page's storage, opened by its first read (about
  // 3 ms; the federation runtime and the portal read it). Opened now, in a task of their own,
  // they are paid while the page waits for the network instead of before its first screen.
  setTimeout(() => {
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
    try {
      void page.localStorage?.length;
    } catch {
      // Storage refused (a private mode, a sandbox): the portal does without it too.
    }
  });
}

/** The portal's first request: the one the page's HTML started, else started now. */
export function firstPortalRequest(pagePath: string): Promise<Response> | undefined {
  requestFirstPortal(pagePath, FIRST_PORTAL_KEY);
  return (globalThis as unknown as PageGlobal)[FIRST_PORTAL_KEY] as Promise<Response> | undefined;
}
