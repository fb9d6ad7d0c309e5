// Addresses that carry a one-time token in their path: an invite's and a password reset's page,
// the API calls those pages make, and a guest's check-in page (/guest/{token}; its API calls carry
// the token in the X-Guest-Token header, which no log line holds); or in their query: a sign-up
// link (`/connect/{pms}?token=`), an OAuth callback's `code` and `state`. Whoever reads a log line
// with one could use it, so the log names them with the token replaced.
const TOKEN_IN_PATH = [
  /^(\/accept-invite\/)[^/?#]+/,
  /^(\/account\/reset\/)[^/?#]+/,
  // A guest's page; not the API's own /guest/portal calls (the proxy logs their path without /api).
  /^(\/guest\/)(?!portal(?:[/?#]|$))[^/?#]+/,
  /^((?:\/api)?\/user\/accounts\/(?:acceptInvite|signupLinkTokenLookup)\/)[^/?#]+/,
];

const TOKEN_IN_QUERY = /([?&](?:token|code|state)=)[^&#]*/g;

/** `url` as a log may say it: `/accept-invite/[token]`, `/connect/hostaway?token=[token]`. */
export function withoutTokens(url: string): string {
  const query = url.replace(TOKEN_IN_QUERY, '$1[token]');
  for (const pattern of TOKEN_IN_PATH) {
    if (pattern.test(query)) return query.replace(pattern, '$1[token]');
  }
  return query;
}
