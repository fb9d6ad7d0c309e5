// Addresses that carry a one-time token in their path: an invite's and a password reset's page,
// and the API calls those pages make. Whoever reads a log line with one could use it, so the log
// names them with the token replaced.
const TOKEN_IN_PATH = [
  /^(\/accept-invite\/)[^/?#]+/,
  /^(\/account\/reset\/)[^/?#]+/,
  /^((?:\/api)?\/user\/accounts\/(?:acceptInvite|signupLinkTokenLookup)\/)[^/?#]+/,
];

/** `url` as a log may say it: `/accept-invite/[token]`. */
export function withoutTokens(url: string): string {
  for (const pattern of TOKEN_IN_PATH) {
    if (pattern.test(url)) return url.replace(pattern, '$1[token]');
  }
  return url;
}
