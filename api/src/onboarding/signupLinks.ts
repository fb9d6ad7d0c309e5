// Sign-up links (issue 15): Hostdash staff make one for a prospective host, who opens
// `/connect/{pms}?token=…` and finds their name, email and company filled in. The token is kept
// only as its SHA-256; a link works once, for 14 days, and makes a new account for the address it
// was made for, no other. Nothing here logs or returns the token, except the one answer to the
// staff member who made it.
import type { Sql } from '../db/database';
import { hashToken } from '../auth/tokens';
import { ApiError } from '../http/errors';
import type { PmsName } from '../pms/pms';

export const SIGNUP_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface SignupLinkByToken {
  id: string;
  email: string;
  name: string;
  company: string;
  pms: PmsName;
  expires_at: string;
  state: 'usable' | 'used' | 'expired';
}

export async function signupLinkByToken(
  sql: Sql,
  token: string,
): Promise<SignupLinkByToken | null> {
  const [row] = await sql.query<SignupLinkByToken>(
    `select id::text as id, email, name, company, pms, expires_at,
       case when used_at is not null then 'used' when expires_at <= now() then 'expired'
            else 'usable' end as state
     from signup_links where token_hash = $1`,
    [hashToken(token)],
  );
  return row ?? null;
}

export const SIGNUP_LINK_ERRORS = {
  expired: () =>
    new ApiError(
      410,
      'signup_link_expired',
      'This sign-up link has expired (a link works for 14 days). You can still create an account here, or ask us for a new link.',
    ),
  used: () =>
    new ApiError(
      410,
      'signup_link_used',
      'This sign-up link has already been used. Sign in with the password you chose, or create an account.',
    ),
  /** The link proves one address (it was mailed there): it makes no account for another. */
  otherEmail: () =>
    new ApiError(
      400,
      'signup_link_email_mismatch',
      'This sign-up link was made for another email address: it can only create the account for the address it was sent to.',
      {},
      { field: 'email', in: 'body', rule: 'signup_link' },
    ),
} as const;

/** The link if it can still be used; else 410 saying why. */
export function usableSignupLink(link: SignupLinkByToken): SignupLinkByToken {
  if (link.state === 'expired') throw SIGNUP_LINK_ERRORS.expired();
  if (link.state === 'used') throw SIGNUP_LINK_ERRORS.used();
  return link;
}

/** The mail that carries a sign-up link to the host it was made for. */
export function signupMail(
  input: { name: string; company: string; pmsLabel: string; invitedBy: string },
  link: string,
): { subject: string; body: string } {
  return {
    subject: `Your Hostdash account for ${input.company}`,
    body: [
      `Hello ${input.name},`,
      '',
      `${input.invitedBy} has prepared a Hostdash account for ${input.company}. Open this link to`,
      `choose a password and connect ${input.pmsLabel}: your listings and reservations come in by`,
      'themselves, and every new reservation is screened.',
      '',
      link,
      '',
      'The link works once, for 14 days.',
    ].join('\n'),
  };
}
