// Accounts at scale, for the scale tests and `npm run bench`: tens of thousands of listings and
// reservations, each table written by one set-based insert over generate_series (seconds, where a
// row at a time would take minutes). Every value follows from the row number n, so the same call
// writes the same data, and the tests can count what to expect with SQL.
import { SCREENING_ACTOR } from '../protect/protectLog';
import { screenAccounts } from '../protect/screening';
import type { Database, Sql } from './database';

export interface ScaleAccount {
  accountId: string;
  /** The account's owner: no usable password, so a caller makes it a session (createSession). */
  ownerId: string;
}

export const SCALE_OWNER_EMAIL = 'atlas@hostdash.test';

/** A new host account (with a billing customer) and its owner. */
export async function createScaleAccount(sql: Sql): Promise<ScaleAccount> {
  const [account] = await sql.query<{ id: string }>(
    `insert into accounts (name, stripe_customer_id) values ('Atlas Mega Stays', 'cus_scale_atlas') returning id::text as id`,
  );
  if (!account) throw new Error('The scale account was not created.');
  const [owner] = await sql.query<{ id: string }>(
    `insert into users (account_id, name, email, subtype, password_hash)
     values ($1::bigint, 'Ada Atlas', $2, 'owner', 'not-a-hash') returning id::text as id`,
    [account.id, SCALE_OWNER_EMAIL],
  );
  if (!owner) throw new Error('The scale account owner was not created.');
  return { accountId: account.id, ownerId: owner.id };
}

/**
 * A varied portfolio: `buildings` buildings (atlas-tower-a …) and `listings` listings whose
 * nicknames, streets, cities, statuses (1 in 20 archived, 1 in 10 inactive), PMS and custom fields
 * vary with n. 5 of every 7 listings sit in a building: n % 7 picks atlas-tower-a … -g, and only
 * the first `buildings` exist. Listing `zanzibarAt` (31337 unless a smaller portfolio names
 * another) alone is at 'Travessa do Zanzibar 7'.
 */
export async function seedScaleListings(
  sql: Sql,
  accountId: string,
  {
    listings,
    buildings,
    zanzibarAt = 31337,
  }: { listings: number; buildings: number; zanzibarAt?: number },
): Promise<void> {
  await sql.query(
    `insert into buildings (account_id, name, slug, address, city, country)
     select $1::bigint, 'Atlas Tower ' || chr(64 + n), 'atlas-tower-' || lower(chr(64 + n)), n || '00 Atlas Avenue', 'Porto', 'PT'
     from generate_series(1, $2::int) as n`,
    [accountId, buildings],
  );
  await sql.query(
    `insert into listings (account_id, building_id, nickname, address, city, country, status, pms, timezone, bedrooms,
                           check_in_time, check_out_time, custom_fields, created_at, updated_at)
     select $1::bigint, b.id,
            (array['Harbour', 'Garden', 'Sunset', 'Old Town', 'River', 'Skyline', 'Beach', 'Forest', 'Castle', 'Market'])[1 + n % 10]
              || ' ' || (array['Loft', 'Studio', 'Suite', 'Flat', 'House', 'Penthouse'])[1 + (n / 10) % 6] || ' ' || n,
            case when n = $3::int then 'Travessa do Zanzibar 7'
                 else (n % 997 + 1) || ' ' || (array['Rua das Flores', 'Avenida da Liberdade', 'Rua Augusta', 'Harbour Road', 'Main Street',
                                                    'Calle Mayor', 'Rue de la Paix', 'King Street', 'Ocean Drive', 'Via Roma',
                                                    'Strandvejen', 'Market Lane', 'Bay Road'])[1 + n % 13] end,
            (array['Porto', 'Lisbon', 'Faro', 'Madrid', 'Barcelona', 'Paris', 'Rome', 'Miami', 'Austin', 'Copenhagen'])[1 + (n / 3) % 10],
            'PT',
            case when n % 20 = 0 then 'archived' when n % 10 = 5 then 'inactive' else 'active' end,
            (array['guesty', 'hostaway', 'cloudbeds', 'beds24', 'smartbnb', 'rentalsunited'])[1 + (n / 7) % 6],
            'Europe/Lisbon', n % 5,
            case when n % 3 = 0 then time '16:00' else time '15:00' end, time '11:00',
            case when n % 4 = 0 then jsonb_build_object('wifi_network', 'Atlas-' || n) else '{}'::jsonb end,
            now() - (n % 1000) * interval '1 hour', now() - (n % 500) * interval '1 hour'
     from generate_series(1, $2::int) as n
     left join buildings b on b.account_id = $1::bigint and b.slug = 'atlas-tower-' || lower(chr(65 + n % 7))`,
    [accountId, listings, zanzibarAt],
  );
  await sql.query('analyze listings');
}

/**
 * Plain listings outside any building, 'Atlas <Harbour|Garden|Sunset|River> n' at 'n Atlas
 * Avenue': a quarter of them match "harbour", which makes a search's total easy to predict.
 */
export async function seedAvenueListings(
  sql: Sql,
  accountId: string,
  count: number,
): Promise<void> {
  await sql.query(
    `insert into listings (account_id, nickname, address, city, country, pms, timezone, bedrooms)
     select $1::bigint, 'Atlas ' || (array['Harbour', 'Garden', 'Sunset', 'River'])[1 + n % 4] || ' ' || n,
            n || ' Atlas Avenue', (array['Porto', 'Lisbon', 'Faro', 'Madrid', 'Paris'])[1 + n % 5], 'PT', 'guesty',
            'Europe/Lisbon', n % 4
     from generate_series(1, $2::int) as n`,
    [accountId, count],
  );
  await sql.query('analyze listings');
}

/**
 * `count` reservations spread over the account's listings (reservation n on its (1 + n % L)-th
 * listing by id), then screened set-based by the same statement as everything else; returns how
 * many were screened. Every kind of signal, spread by n: statuses, verifications, card checks,
 * local guests, party messages (1 in 17), same-day bookings, one-night stays and large parties.
 * Check-ins run from 200 days ago to 200 days ahead; reservation `quillfeatherAt` (77777 unless
 * fewer reservations name another) alone is Zebedee Quillfeather's. Screens every reservation of
 * the account: call it once per account.
 */
export async function seedScaleReservations(
  db: Database,
  accountId: string,
  count: number,
  { quillfeatherAt = 77777 }: { quillfeatherAt?: number } = {},
): Promise<number> {
  await db.query(
    `with ranked as (
       select l.id, l.city, row_number() over (order by l.id) as k
       from listings l where l.account_id = $1::bigint
     ),
     portfolio as (select count(*) as listings from ranked)
     insert into reservations (account_id, listing_id, guest_name, guest_email, guests_count, check_in_date, check_out_date,
                               status, source, verification_status, card_check, guest_city, guest_message, created_at)
     select $1::bigint, l.id,
            case when n = $3::int then 'Zebedee Quillfeather' else 'Guest ' || n end, 'guest' || n || '@example.com',
            1 + n % 8, d.check_in, d.check_in + 1 + n % 6,
            (array['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CANCELLED', 'INQUIRY'])[1 + n % 6],
            (array['airbnb', 'booking.com', 'vrbo', 'direct'])[1 + n % 4],
            (array['pending', 'incomplete', 'review', 'verified', 'verified', 'declined'])[1 + (n / 7) % 6],
            case when n % 13 = 0 then 'failed' else 'passed' end,
            case when n % 11 = 0 then l.city else 'Berlin' end,
            case when n % 17 = 0 then 'Birthday party for my friends!' end,
            case when n % 19 = 0 then d.check_in::timestamptz + interval '1 hour'
                 else d.check_in::timestamptz - (1 + n % 90) * interval '1 day' end
     from generate_series(1, $2::int) as n
     cross join portfolio p
     -- an equality with a value of the left side alone: a merge or hash join, not 100,000 × L rows
     join ranked l on l.k = 1 + n % p.listings
     cross join lateral (select current_date + (n % 401) - 200 as check_in) d`,
    [accountId, count, quillfeatherAt],
  );
  // One screening of the whole account, no log entries: an import, not 100,000 events.
  const screened = await db.transaction((tx) =>
    screenAccounts(tx, [accountId], { log: 'none', actor: SCREENING_ACTOR, trigger: 'import' }),
  );
  await db.query('analyze reservations');
  return screened;
}
