// Issue 30, finding 1: `next` values that took a signed-in user to another site, as written after
// `next=` in the address. Each passed the check as written; the URL parser then resolved it to
// `//evil.com` (or the path still held it, encoded), which the server sent as its Location. Every
// layer that reads `next` (shared-auth's rule, the shell server, the sign-in page, the browser
// journey) is tested against these lists.

/** The outside test's four: Chromium followed each to evil.com. */
export const REPORTED_OFF_SITE_NEXTS = [
  '/.//evil.com',
  '/%2e%2e//evil.com',
  '/x/..//evil.com',
  '/./%2Fevil.com',
] as const;

/** The same, with the dot segments and slashes hidden one or two encodings deeper. */
export const OFF_SITE_NEXTS = [
  ...REPORTED_OFF_SITE_NEXTS,
  '/%252e%252e%252f%252fevil.com',
  '/x/%252e%252e/%252Fevil.com',
  '/%25252F%25252Fevil.com',
] as const;
