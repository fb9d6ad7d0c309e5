// The protect part of the demo data, written set-based after the reservations: the sample identity
// images' rows (seed.ts put their bytes in the storage first) and which reservations point at them,
// every reservation screened (by the same statement the API uses), and a believable protect
// history (screenings, verification changes by Olivia Hart, released check-in messages, a
// tolerance change).
import type { SampleImage } from '../images/sampleImages';
import { SCREENING_ACTOR } from '../protect/protectLog';
import { screenAccounts } from '../protect/screening';
import type { Sql } from './database';
import { VERIFICATION_NOTES } from './seedData';

export interface ProtectSeedSummary {
  images: number;
  screened: number;
  log_entries: number;
  stargate_messages: number;
  stargate_deliveries: number;
}

export interface ProtectSeedInput {
  accountIds: string[];
  hartAccountId: string;
  ownerUserId: string;
  samples: SampleImage[];
}

/** The message relay's name in the log. */
const RELAY_ACTOR = 'Guest messages';

export async function writeProtectData(
  tx: Sql,
  { accountIds, hartAccountId, ownerUserId, samples }: ProtectSeedInput,
): Promise<ProtectSeedSummary> {
  await tx.query(
    `insert into identity_blobs (sha256, content_type, width, height)
     select e->>'sha256', e->>'content_type', (e->>'width')::int, (e->>'height')::int
     from jsonb_array_elements($1::jsonb) as e
     on conflict (sha256) do nothing`,
    [JSON.stringify(samples.map(({ bytes: _bytes, ...sample }) => sample))],
  );
  const pool = (kind: SampleImage['kind']): string[] =>
    samples.filter((sample) => sample.kind === kind).map((sample) => sample.sha256);

  // Guests who started verification uploaded an ID front; all but `incomplete` ones also the back
  // and a selfie (incomplete: half of them the back, none a selfie). Each kind picks from its pool
  // by a different stride, so the combinations vary.
  const images = await tx.query(
    `insert into reservation_images (reservation_id, kind, blob_sha256, updated_at)
     select r.id, k.kind, k.pool[1 + ((r.id * k.stride) % array_length(k.pool, 1))],
            least(now() - interval '30 minutes', r.created_at + interval '20 hours')
     from reservations r
     cross join (values ('id_front', $2::text[], 1), ('id_back', $3::text[], 3), ('selfie', $4::text[], 5)) as k(kind, pool, stride)
     where r.account_id = $1::bigint and r.verification_status <> 'pending'
       and (r.verification_status <> 'incomplete' or k.kind = 'id_front' or (k.kind = 'id_back' and r.id % 2 = 0))
     returning 1`,
    [hartAccountId, pool('id_front'), pool('id_back'), pool('selfie')],
  );

  const screened = await screenAccounts(tx, accountIds, {
    log: 'screened',
    actor: SCREENING_ACTOR,
    trigger: 'booking',
    screenedAtBooking: true,
  });

  // Olivia settled a third of the recent reviews by hand (review → verified or declined), with a
  // note most of the time; the reservation moved on by one version each time.
  const changes = await tx.query(
    `with changed as (
       select r.id, r.account_id, r.verification_status,
              least(now() - interval '5 minutes', r.created_at + interval '6 hours' + (r.id % 40) * interval '1 hour') as at,
              ($3::text[])[1 + (r.id % array_length($3::text[], 1))] as note
       from reservations r
       where r.account_id = $1::bigint and r.verification_status in ('verified', 'declined')
         and r.check_in_date >= current_date - 45 and r.id % 3 = 0
     ),
     logged as (
       insert into protect_log (account_id, reservation_id, at, event, actor_user_id, actor_name, supervised, note, details)
       select c.account_id, c.id, c.at, 'verification_changed', $2::bigint, u.name, true, nullif(c.note, ''),
              jsonb_build_object('from', 'review', 'to', c.verification_status)
       from changed c cross join users u where u.id = $2::bigint
       returning reservation_id, at
     )
     update reservations r set version = r.version + 1, updated_at = l.at
     from logged l where r.id = l.reservation_id
     returning 1`,
    [hartAccountId, ownerUserId, VERIFICATION_NOTES.map((note) => note ?? '')],
  );

  // Guest messages: Olivia wrote half her listings' check-in instructions with their door code (in
  // the portal's Markdown: the code in bold, a list) two months ago
  // (a listing's message reaches every stay not over, and later bookings). Each stay from two
  // months back on has its copy: released to verified guests the day before arrival (or right
  // after they verified, for late bookings), each release in the log as the relay writes it;
  // held for the guests still to verify. /stargate and the guests' portal pages show them.
  const messages = await tx.query<{ id: string }>(
    `insert into stargate_messages (account_id, listing_id, kind, title, body, created_by, created_by_name, created_at)
     select l.account_id, l.id, 'check_in_instructions', 'Check-in instructions and door code',
            'Welcome to ' || l.nickname || E'!\n\nCheck-in is from 4 pm. The keypad on the front door opens with **'
              || lpad(((l.id * 7919) % 10000)::text, 4, '0') || E'#**; the keys are on the kitchen table.\n\n'
              || E'- Wi-Fi: HostdashGuest, password welcome-' || l.id || E'\n- Check-out is by 11 am: leave the keys on the table and pull the door shut.',
            u.id, u.name, now() - interval '61 days'
     from listings l cross join users u
     where l.account_id = $1::bigint and u.id = $2::bigint and l.id % 2 = 0
       and exists (select 1 from reservations r
                   where r.listing_id = l.id and r.check_in_date >= current_date - 60)
     returning id::text as id`,
    [hartAccountId, ownerUserId],
  );
  const deliveries = await tx.query<{ id: string; state: string }>(
    `insert into stargate_deliveries (message_id, reservation_id, account_id, state, created_at, released_at)
     select m.id, r.id, r.account_id,
            case when r.verification_status = 'verified' then 'released' else 'held' end,
            greatest(m.created_at, r.created_at),
            case when r.verification_status = 'verified' then
              least(now() - interval '2 minutes',
                    greatest(r.created_at + interval '2 days' + (r.id % 40) * interval '1 hour',
                             (r.check_in_date - 1)::timestamptz + interval '10 hours'))
            end
     from stargate_messages m join reservations r on r.listing_id = m.listing_id
     where m.account_id = $1::bigint and r.status = 'CONFIRMED' and r.check_in_date >= current_date - 60
       and (r.verification_status = 'verified' or r.check_out_date >= current_date)
     returning id::text as id, state`,
    [hartAccountId],
  );
  const released = await tx.query(
    `insert into protect_log (account_id, reservation_id, at, event, actor_name, details)
     select d.account_id, d.reservation_id, d.released_at, 'message_released', $2,
            jsonb_build_object('message', m.title, 'kind', m.kind, 'message_id', m.id::text,
                               'delivery_id', d.id::text, 'automatic', true, 'reason', 'Guest verified')
     from stargate_deliveries d join stargate_messages m on m.id = d.message_id
     where d.account_id = $1::bigint and d.state = 'released'
     returning 1`,
    [hartAccountId, RELAY_ACTOR],
  );

  // Matches the owner's notification "Olivia Hart changed the risk tolerance from low to balanced".
  await tx.query(
    `insert into protect_log (account_id, at, event, actor_user_id, actor_name, supervised, details)
     select $1::bigint, now() - interval '6 hours', 'tolerance_changed', u.id, u.name, true,
            jsonb_build_object('from', 'low', 'to', 'balanced')
     from users u where u.id = $2::bigint`,
    [hartAccountId, ownerUserId],
  );

  return {
    images: images.length,
    screened,
    log_entries: screened + changes.length + released.length + 1,
    stargate_messages: messages.length,
    stargate_deliveries: deliveries.length,
  };
}
