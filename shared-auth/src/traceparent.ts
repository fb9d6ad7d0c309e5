// Trace context for API calls (issue 17): every call that stays on the page's origin carries a
// new sampled W3C traceparent, which the shell's proxy and the API continue. Shared by both API
// clients (apiClient.ts, fetchClient.ts).

/** W3C trace context (https://www.w3.org/TR/trace-context/): version 00, sampled (flags 01). */
export const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-01$/;

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/**
 * A `traceparent` for one call: a new trace id and span id, sampled, so that the shell server's
 * proxy and the API continue it and one call is one trace (issue 17). No web tracing SDK: the
 * browser's part of the trace is this id. An all-zero id is invalid and drawn again. Sent on
 * every call that stays on the page's origin (leavesPage).
 */
export function newTraceparent(): string {
  for (;;) {
    const value = `00-${randomHex(16)}-${randomHex(8)}-01`;
    if (TRACEPARENT.test(value)) return value;
  }
}

/**
 * Whether a call leaves the page's origin (in a browser; a server-side caller has no page). There
 * the traceparent is not sent: a header of its own would make every such call a CORS preflight,
 * and an API on another origin need not allow it. The dashboard's calls go to its own /api.
 */
export function leavesPage(baseURL: string | undefined, path: string): boolean {
  const page = (globalThis as { location?: { href?: string; origin?: string } }).location;
  if (!page?.href || !page.origin) return false;
  const target = /^[a-z][a-z\d+.-]*:/i.test(path) ? path : (baseURL ?? '');
  try {
    return new URL(target, page.href).origin !== page.origin;
  } catch {
    return true;
  }
}
