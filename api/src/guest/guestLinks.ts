// Guest links (issue 16): one live link per reservation, `GUEST_PORTAL_URL` + a token. The token is
// 32 random bytes (base64url, 43 characters), looked up by its sha256 and kept sealed with the PMS
// vault so the host can be shown the link again. It travels only in the `X-Guest-Token` header of
// the guest page's calls (never in a path or query, so no access log holds it), and it opens one
// reservation's portal until the end of its check-out day; a cancelled stay's link stops working.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/database';
import { ApiError } from '../http/errors';
import { SealedSecretError, type SecretVault } from '../secrets/vault';
import { isoSql } from '../reservations/reservationQueries';
import type { GuestLanguage } from '../i18n/guestLanguages';

export const GUEST_TOKEN_HEADER = 'x-guest-token';
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const linkInvalid = (): ApiError =>
  new ApiError(
    404,
    'guest_link_invalid',
    'This check-in link is not valid. Ask your host for a new one.',
  );
export const linkExpired = (): ApiError =>
  new ApiError(410, 'guest_link_expired', 'This check-in link has expired.');

const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The end of the check-out day where the listing is (reservation r, listing l). */
const EXPIRES_AT_SQL = `((r.check_out_date + 1)::timestamp at time zone l.timezone)`;
/** The link no longer opens the portal (reservation r, listing l). */
const EXPIRED_SQL = `(r.status = 'CANCELLED' or now() >= ${EXPIRES_AT_SQL})`;

/** The stay a guest link opens, as the portal needs it. */
export interface GuestStay {
  reservation_id: string;
  account_id: string;
  listing_name: string;
  city: string | null;
  check_in: string;
  check_out: string;
  guest_first_name: string | null;
  host_name: string;
  expires_at: string;
  completed_at: string | null;
  /** The listing's language for its guests, and the one the guest chose (null: none yet). */
  listing_language: GuestLanguage;
  chosen_language: GuestLanguage | null;
}

const STAY_COLUMNS = `r.id::text as reservation_id, r.account_id::text as account_id,
  l.nickname as listing_name, nullif(btrim(l.city), '') as city,
  r.check_in_date::text as check_in, r.check_out_date::text as check_out,
  nullif(split_part(btrim(r.guest_name), ' ', 1), '') as guest_first_name, a.name as host_name,
  ${isoSql(EXPIRES_AT_SQL)} as expires_at, ${isoSql('g.completed_at')} as completed_at,
  l.guest_language as listing_language, g.language as chosen_language`;

const STAY_FROM = `guest_links g
  join reservations r on r.id = g.reservation_id
  join listings l on l.id = r.listing_id
  join accounts a on a.id = r.account_id`;

/**
 * The stay of the request's guest link: 404 `guest_link_invalid` when the header is missing,
 * malformed or names no live link; 410 `guest_link_expired` past the check-out day or when the
 * stay was cancelled. Neither says anything else about the reservation. `lock` locks the link's
 * row for the caller's transaction (completing the portal once).
 */
export async function guestStay(
  sql: Sql,
  request: FastifyRequest,
  options: { lock?: boolean } = {},
): Promise<GuestStay> {
  const token = request.headers[GUEST_TOKEN_HEADER];
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw linkInvalid();
  const [row] = await sql.query<GuestStay & { expired: boolean }>(
    `select ${STAY_COLUMNS}, ${EXPIRED_SQL} as expired
     from ${STAY_FROM} where g.token_sha256 = $1 ${options.lock ? 'for update of g' : ''}`,
    [tokenHash(token)],
  );
  if (!row) throw linkInvalid();
  if (row.expired) throw linkExpired();
  const { expired: _expired, ...stay } = row;
  return stay;
}

/** A reservation's link as the host sees it (before the portal's progress is counted). */
export interface HostLink {
  token: string;
  expires_at: string;
  expired: boolean;
  completed_at: string | null;
}

async function writeToken(
  tx: Sql,
  vault: SecretVault,
  reservationId: string,
  userId: string | null,
  mode: 'first' | 'renew',
): Promise<void> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const sealed = JSON.stringify(vault.seal({ token }));
  await tx.query(
    mode === 'first'
      ? `insert into guest_links (reservation_id, token_sha256, token_sealed, created_by)
         values ($1::bigint, $2, $3::jsonb, $4::bigint)
         on conflict (reservation_id) do nothing`
      : `insert into guest_links (reservation_id, token_sha256, token_sealed, created_by)
         values ($1::bigint, $2, $3::jsonb, $4::bigint)
         on conflict (reservation_id) do update set
           token_sha256 = excluded.token_sha256, token_sealed = excluded.token_sealed,
           renewed_at = now(), renewed_by = excluded.created_by`,
    [reservationId, tokenHash(token), sealed, userId],
  );
}

/**
 * The reservation's link, made on first ask (`renew`: a new token, the old one then finds
 * nothing). The caller checked the reservation is the host's. A sealed token the vault cannot open
 * any more (its key was replaced) is renewed: the host could not be shown it.
 */
export async function hostLink(
  tx: Sql,
  vault: SecretVault,
  reservationId: string,
  /** Who asks (null: Hostdash itself, e.g. the guest's invite mail). */
  userId: string | null,
  renew = false,
): Promise<HostLink> {
  await writeToken(tx, vault, reservationId, userId, renew ? 'renew' : 'first');
  const read = async () => {
    const [row] = await tx.query<Omit<HostLink, 'token'> & { token_sealed: unknown }>(
      `select g.token_sealed, ${isoSql(EXPIRES_AT_SQL)} as expires_at, ${EXPIRED_SQL} as expired,
              ${isoSql('g.completed_at')} as completed_at
       from guest_links g join reservations r on r.id = g.reservation_id
       join listings l on l.id = r.listing_id
       where g.reservation_id = $1::bigint`,
      [reservationId],
    );
    if (!row) throw new Error('The guest link was not written.');
    return row;
  };
  let row = await read();
  let token: string | undefined;
  try {
    token = vault.open(row.token_sealed).token;
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
  }
  if (token === undefined) {
    await writeToken(tx, vault, reservationId, userId, 'renew');
    row = await read();
    token = vault.open(row.token_sealed).token;
  }
  if (token === undefined) throw new Error('A sealed guest link holds no token.');
  const { token_sealed: _sealed, ...link } = row;
  return { token, ...link };
}
