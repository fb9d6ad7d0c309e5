// Sign-up links (issue 15): Hostdash staff make one for a prospective host, and since issue 30 an
// open sign-up mails one to the address it was given (proving it is theirs). Either opens
// `/connect/{pms}?token=…` with the name, email and company filled in. The token is kept only as
// its SHA-256; a link works once, for 14 days (48 hours when an open sign-up mailed it), and makes a new account for the address it was made
// for, no other. Nothing here logs or returns the token, except the one answer to the staff member
// who made one.
import type { Sql } from '../db/database';
import { hashToken, newToken } from '../auth/tokens';
import { ApiError } from '../http/errors';
import type { PmsName } from '../pms/pms';

/** A staff-made link: 14 days (a host may read their mail days after the call). */
export const SIGNUP_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** A link an open sign-up mails to prove the address (issue 32): 48 hours. */
export const SELF_SIGNUP_LINK_TTL_MS = 48 * 60 * 60 * 1000;

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

/** A new link, written in the caller's transaction; its token leaves only in the answer. */
export async function insertSignupLink(
  tx: Sql,
  link: { email: string; name: string; company: string; pms: PmsName; createdBy: string | null },
  ttlMs: number = SIGNUP_LINK_TTL_MS,
): Promise<{ id: string; expires_at: string; token: string }> {
  const token = newToken();
  const [row] = await tx.query<{ id: string; expires_at: string }>(
    `insert into signup_links (email, name, company, pms, token_hash, created_by, expires_at)
     values ($1, $2, $3, $4, $5, $6::bigint, now() + $7::float8 * interval '1 millisecond')
     returning id::text as id, expires_at`,
    [link.email, link.name, link.company, link.pms, hashToken(token), link.createdBy, ttlMs],
  );
  if (!row) throw new Error('The sign-up link was not made.');
  return { ...row, token };
}

/** Where a link takes its host: the connect page of its system, with the token. */
export const signupLinkUrl = (shellOrigin: string, pms: PmsName, token: string): string =>
  `${shellOrigin}/connect/${pms}?token=${token}`;
