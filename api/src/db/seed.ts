// Demo data for a database with no users: deterministic (a seeded PRNG), dated relative to the day
// it runs, and written with one set-based insert per table (rows travel as one JSON parameter).
import type { ObjectStorage } from '@hostdash/storage';
import { hashPassword } from '../auth/passwords';
import { identityKey } from '../images/identityImages';
import { renderSamplePool, type SampleImage } from '../images/sampleImages';
import type { Pms } from '../listings/pms';
import type { Database, Sql } from './database';
import { seededRandom, type Random } from './random';
import { writeBillingData } from './seedBilling';
import { writeProtectData, type ProtectSeedSummary } from './seedProtect';
import { writeSignIns } from './seedSignIns';
import { writeTeamData } from './seedTeams';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  GUEST_HOMES,
  GUEST_MESSAGES,
  HART_BUILDINGS,
  HART_HOUSES,
  HOUSE_CHECK_IN_TIMES,
  HOUSE_CHECK_OUT_TIMES,
  HOUSE_CUSTOM_FIELDS,
  LAST_NAMES,
  NOTIFICATIONS,
  OTHER_HOUSES,
  PARTY_MESSAGES,
  PHONE_FORMATS,
  USERS,
  type SeedBuilding,
  type SeedHouse,
} from './seedData';

const SEED = 20_240_601;
// House times and custom fields come from a second generator, so adding them left every other
// seeded value (nicknames, reservations …) as it was.
const DETAILS_SEED = 20_250_301;
// Screening inputs (guest home, card check, party messages, last-minute and weekend stays, large
// parties) come from a third, for the same reason.
const PROTECT_SEED = 20_250_615;
const SEED_LOCK_KEY = 7_218_004_002;
// Reservations span the past six months and the coming three.
const FIRST_DAY = -182;
const LAST_DAY = 91;

export interface SeedSummary {
  accounts: number;
  users: number;
  buildings: number;
  listings: number;
  reservations: number;
  notifications: number;
  protect: ProtectSeedSummary;
  invoices: number;
  /** Past sessions (the sign-in history). */
  sign_ins: number;
}

type ListingStatus = 'active' | 'inactive' | 'archived';

interface PlannedListing {
  account: string;
  building: string | null;
  nickname: string;
  address: string;
  city: string;
  country: string;
  status: ListingStatus;
  pms: Pms;
  timezone: string;
  bedrooms: number;
  check_in_time: string;
  check_out_time: string;
  custom_fields: Record<string, string>;
  created_hours_ago: number;
  updated_hours_ago: number;
}

interface PlannedReservation {
  account: string;
  listing: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string;
  guests_count: number;
  check_in: number; // days from today
  check_out: number;
  status: 'CONFIRMED' | 'CANCELLED' | 'INQUIRY';
  source: 'airbnb' | 'booking.com' | 'vrbo' | 'direct';
  verification_status: 'pending' | 'incomplete' | 'review' | 'verified' | 'declined';
  guest_message: string | null;
  booked_hours_before: number;
  guest_city: string | null;
  guest_country: string | null;
  card_check: 'passed' | 'failed' | 'not_run';
  /** Booked on the day of check-in (only stays that have started: a future day cannot be). */
  same_day: boolean;
  /** The hour of that day it was booked. */
  booked_hour: number;
  /** Cut to one night when it starts on a Friday or Saturday (the weekday is known only in SQL). */
  short_weekend: boolean;
}

interface DemoPlan {
  listings: PlannedListing[];
  reservations: PlannedReservation[];
}

/**
 * Seeds the demo data if the database has no users yet; returns what it wrote, or null. The sample
 * identity images go to `storage`, before the rows that name them.
 */
export async function seedIfEmpty(
  db: Database,
  storage: ObjectStorage,
): Promise<SeedSummary | null> {
  if (await hasUsers(db)) return null;
  // Hashing is the slow part (scrypt): done before the transaction, in parallel.
  // So is rendering the sample identity images (sharp).
  const [passwordHashes, samples, teamPasswordHash] = await Promise.all([
    Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD))),
    renderSamplePool(),
    // One hash for all the team accounts' people (seedTeams.ts): scrypt is the slow part.
    hashPassword(DEMO_PASSWORD),
  ]);
  const plan = planDemoData(
    seededRandom(SEED),
    seededRandom(DETAILS_SEED),
    seededRandom(PROTECT_SEED),
  );
  // Content-addressed: putting them again (another instance seeding at once) changes nothing.
  await Promise.all(
    samples.map((sample) =>
      storage.put(identityKey(sample.sha256), sample.bytes, { contentType: sample.content_type }),
    ),
  );
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [SEED_LOCK_KEY]);
    if (await hasUsers(tx)) return null; // another instance seeded while we waited
    return writeDemoData(tx, plan, passwordHashes, samples, teamPasswordHash);
  });
}

async function hasUsers(sql: Sql): Promise<boolean> {
  const [row] = await sql.query<{ has_users: boolean }>(
    'select exists (select 1 from users) as has_users',
  );
  return row?.has_users === true;
}

function planDemoData(random: Random, details: Random, protect: Random): DemoPlan {
  const listings: PlannedListing[] = [];
  for (const building of HART_BUILDINGS) {
    for (let unit = 0; unit < building.units; unit += 1) {
      const label = `${1 + Math.floor(unit / 4)}${'ABCD'[unit % 4]}`;
      const bedrooms = random.weighted([
        [0, 15],
        [1, 40],
        [2, 30],
        [3, 15],
      ] as const);
      const created = random.int(30 * 24, 700 * 24);
      listings.push({
        account: 'hart',
        building: building.slug,
        nickname: `${building.name} ${label} - ${random.pick(building.views)} ${bedrooms === 0 ? 'Studio' : `${bedrooms}BR`}`,
        address: `${building.street}, Apt ${label}`,
        city: building.city,
        country: building.country,
        status: listingStatus(random),
        pms: random.chance(0.1)
          ? random.pick(['beds24', 'hostfully', 'cloudbeds'] as const)
          : building.pms,
        timezone: building.timezone,
        bedrooms,
        ...buildingUnitDetails(details, building, label),
        created_hours_ago: created,
        updated_hours_ago: random.int(1, created),
      });
    }
  }
  const house = (account: string, spec: SeedHouse, status: ListingStatus): PlannedListing => {
    const created = random.int(20 * 24, 600 * 24);
    return {
      account,
      building: null,
      ...spec,
      ...houseDetails(details),
      status,
      created_hours_ago: created,
      updated_hours_ago: random.int(1, created),
    };
  };
  for (const spec of HART_HOUSES) listings.push(house('hart', spec, listingStatus(random)));
  for (const [account, specs] of Object.entries(OTHER_HOUSES)) {
    for (const spec of specs)
      listings.push(house(account, spec, account === 'becker' ? 'inactive' : 'active'));
  }

  const reservations: PlannedReservation[] = [];
  for (const listing of listings) {
    // A listing stops taking bookings when it is switched off; a deactivated host's too.
    const lastDay =
      listing.account === 'becker'
        ? -40
        : listing.status === 'archived'
          ? -90
          : listing.status === 'inactive'
            ? -15
            : LAST_DAY;
    const firstDay = listing.account === 'okafor' ? -20 : FIRST_DAY;
    let day = firstDay + random.int(0, 6);
    while (day <= lastDay) {
      const nights = random.weighted([
        [1, 6],
        [2, 16],
        [3, 22],
        [4, 16],
        [5, 12],
        [6, 6],
        [7, 10],
        [10, 5],
        [14, 4],
        [21, 3],
      ] as const);
      reservations.push(
        addScreeningInputs(protect, listing, planReservation(random, listing, day, nights)),
      );
      day +=
        nights +
        random.weighted([
          [0, 14],
          [1, 12],
          [2, 14],
          [3, 12],
          [4, 10],
          [5, 9],
          [7, 10],
          [10, 9],
          [14, 6],
          [21, 4],
        ] as const);
    }
  }
  return { listings, reservations };
}

/** A unit mostly keeps its building's times and carries most of its custom fields. */
function buildingUnitDetails(
  details: Random,
  building: SeedBuilding,
  unit: string,
): Pick<PlannedListing, 'check_in_time' | 'check_out_time' | 'custom_fields'> {
  const space = String(details.int(1, 60));
  const custom_fields: Record<string, string> = {};
  if (details.chance(0.7)) {
    for (const [key, template] of Object.entries(building.customFields)) {
      if (details.chance(0.85))
        custom_fields[key] = template.replace('{unit}', unit).replace('{space}', space);
    }
  }
  return {
    check_in_time: details.chance(0.9) ? building.checkIn : '15:00',
    check_out_time: details.chance(0.9) ? building.checkOut : '10:00',
    custom_fields,
  };
}

function houseDetails(
  details: Random,
): Pick<PlannedListing, 'check_in_time' | 'check_out_time' | 'custom_fields'> {
  const custom_fields: Record<string, string> = {};
  if (details.chance(0.5)) {
    for (const [key, value] of HOUSE_CUSTOM_FIELDS)
      if (details.chance(0.4)) custom_fields[key] = value;
  }
  return {
    check_in_time: details.weighted(HOUSE_CHECK_IN_TIMES),
    check_out_time: details.weighted(HOUSE_CHECK_OUT_TIMES),
    custom_fields,
  };
}

function listingStatus(random: Random): ListingStatus {
  return random.weighted([
    ['active', 88],
    ['inactive', 8],
    ['archived', 4],
  ] as const);
}

function planReservation(
  random: Random,
  listing: PlannedListing,
  checkIn: number,
  nights: number,
): PlannedReservation {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const local = `${first}.${last}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');
  const status = random.weighted(
    checkIn < 0
      ? ([
          ['CONFIRMED', 88],
          ['CANCELLED', 10],
          ['INQUIRY', 2],
        ] as const)
      : ([
          ['CONFIRMED', 80],
          ['CANCELLED', 8],
          ['INQUIRY', 12],
        ] as const),
  );
  return {
    account: listing.account,
    listing: listing.nickname,
    guest_name: `${first} ${last}`,
    guest_email: `${local}${random.chance(0.3) ? random.int(1, 99) : ''}@${random.pick(EMAIL_DOMAINS)}`,
    guest_phone: random.weighted(PHONE_FORMATS).replace(/#/g, () => String(random.int(0, 9))),
    guests_count: random.int(1, Math.max(2, listing.bedrooms * 2)),
    check_in: checkIn,
    check_out: checkIn + nights,
    status,
    source: random.weighted([
      ['airbnb', 50],
      ['booking.com', 25],
      ['vrbo', 12],
      ['direct', 13],
    ] as const),
    verification_status: verificationStatus(random, checkIn, status),
    guest_message: random.weighted(GUEST_MESSAGES),
    booked_hours_before: random.int(20, 120 * 24),
    guest_city: null,
    guest_country: null,
    card_check: 'passed',
    same_day: false,
    booked_hour: 12,
    short_weekend: false,
  };
}

/**
 * What screening looks at beyond the booking itself, drawn from its own generator: where the guest
 * lives, the card check, and (more often among coming stays, so that the risks page has work) a
 * party message, a last-minute booking, a one-night weekend or a large party.
 */
function addScreeningInputs(
  protect: Random,
  listing: PlannedListing,
  reservation: PlannedReservation,
): PlannedReservation {
  const coming = reservation.check_in >= 0;
  const home = protect.next();
  let guest_city: string | null = null;
  let guest_country: string | null = null;
  if (home < (coming ? 0.09 : 0.05)) {
    guest_city = listing.city;
    guest_country = listing.country;
  } else if (home >= 0.2) {
    const [city, country] = protect.pick(GUEST_HOMES.filter(([city]) => city !== listing.city));
    guest_city = city;
    guest_country = country;
  }
  const card_check =
    reservation.status === 'INQUIRY' || (reservation.source === 'direct' && protect.chance(0.5))
      ? 'not_run'
      : protect.chance(coming ? 0.06 : 0.025)
        ? 'failed'
        : protect.chance(0.04)
          ? 'not_run'
          : 'passed';
  const partyMessage = protect.chance(coming ? 0.06 : 0.025) ? protect.pick(PARTY_MESSAGES) : null;
  const sameDay =
    reservation.check_in <= 0 && protect.chance(reservation.check_in === 0 ? 0.3 : 0.03);
  const bookedHour = protect.int(6, 20);
  const shortWeekend = protect.chance(coming ? 0.15 : 0.06);
  // Some coming stays waiting for an ID review pile up signals: the reviews a host must do first.
  const hot = coming && reservation.verification_status === 'review' && protect.chance(0.25);
  const largeParty = hot || protect.chance(coming ? 0.06 : 0.03);
  return {
    ...reservation,
    guest_city,
    guest_country,
    card_check: hot && reservation.status === 'CONFIRMED' ? 'failed' : card_check,
    guest_message: (hot ? protect.pick(PARTY_MESSAGES) : partyMessage) ?? reservation.guest_message,
    same_day: sameDay,
    booked_hour: bookedHour,
    short_weekend: shortWeekend,
    guests_count: largeParty
      ? Math.max(listing.bedrooms, 1) * 2 + 2 + protect.int(0, 3)
      : reservation.guests_count,
  };
}

function verificationStatus(
  random: Random,
  checkIn: number,
  status: PlannedReservation['status'],
): PlannedReservation['verification_status'] {
  if (status !== 'CONFIRMED') {
    return random.weighted([
      ['pending', 50],
      ['incomplete', 35],
      ['declined', 15],
    ] as const);
  }
  if (checkIn <= 0) {
    return random.weighted([
      ['verified', 86],
      ['declined', 3],
      ['review', 3],
      ['incomplete', 5],
      ['pending', 3],
    ] as const);
  }
  if (checkIn <= 7) {
    return random.weighted([
      ['verified', 55],
      ['incomplete', 20],
      ['pending', 15],
      ['review', 7],
      ['declined', 3],
    ] as const);
  }
  return random.weighted([
    ['pending', 45],
    ['incomplete', 20],
    ['verified', 30],
    ['review', 4],
    ['declined', 1],
  ] as const);
}

function arrivalsNotice(plan: DemoPlan): {
  title: string;
  body: string;
  hoursAgo: number;
  link: string;
} {
  const unverified = plan.reservations.filter(
    (reservation) =>
      reservation.account === 'hart' &&
      reservation.check_in === 1 &&
      reservation.status === 'CONFIRMED' &&
      reservation.verification_status !== 'verified',
  ).length;
  const title =
    unverified === 0
      ? 'Every guest arriving tomorrow is verified'
      : unverified === 1
        ? '1 guest arriving tomorrow still needs to verify'
        : `${unverified} guests arriving tomorrow still need to verify`;
  return {
    title,
    body: 'Door codes are held back until each guest completes verification. Risks shows who has not yet.',
    hoursAgo: 1,
    link: '/risks',
  };
}

async function writeDemoData(
  tx: Sql,
  plan: DemoPlan,
  passwordHashes: string[],
  samples: SampleImage[],
  teamPasswordHash: string,
): Promise<SeedSummary> {
  const accountIds = new Map<string, string>();
  for (const account of ACCOUNTS) {
    const [row] = await tx.query<{ id: string }>(
      `insert into accounts (name, stripe_customer_id, created_at) values ($1, $2, now() - $3::int * interval '1 day') returning id::text as id`,
      [account.name, account.stripeCustomerId, account.createdDaysAgo],
    );
    if (row) accountIds.set(account.key, row.id);
  }
  const accountId = (key: string): string => {
    const id = accountIds.get(key);
    if (!id) throw new Error(`seed: unknown account ${key}`);
    return id;
  };

  // The demo's TOTP secret (public: the README gives it) goes in as a string; the start seals it
  // right after the seed (src/db/prepare.ts).
  const users = await tx.query<{ id: string; email: string }>(
    `insert into users (account_id, name, email, type, subtype, is_active, password_hash, totp_secret, created_at)
     select (e->>'account_id')::bigint, e->>'name', e->>'email', e->>'type', e->>'subtype', (e->>'is_active')::boolean,
            e->>'password_hash', to_jsonb(e->>'totp_secret'), now() - (e->>'created_days_ago')::int * interval '1 day'
     from jsonb_array_elements($1::jsonb) with ordinality as r(e, n)
     order by n
     returning id::text as id, email`,
    [
      JSON.stringify(
        USERS.map((user, index) => ({
          account_id: accountId(user.account),
          name: user.name,
          email: user.email,
          type: user.type,
          subtype: user.subtype,
          is_active: user.isActive,
          password_hash: passwordHashes[index],
          totp_secret: user.totpSecret,
          created_days_ago: user.createdDaysAgo,
        })),
      ),
    ],
  );
  const userIds = new Map(users.map((user) => [user.email, user.id]));

  const buildings = await tx.query(
    `insert into buildings (account_id, name, slug, address, city, country, created_at)
     select $1::bigint, e->>'name', e->>'slug', e->>'street', e->>'city', e->>'country', now() - (700 - n::int) * interval '1 day'
     from jsonb_array_elements($2::jsonb) with ordinality as r(e, n)
     order by n
     returning id`,
    [accountId('hart'), JSON.stringify(HART_BUILDINGS)],
  );

  const listings = await tx.query(
    `insert into listings (account_id, building_id, nickname, address, city, country, status, pms, timezone, bedrooms,
                           check_in_time, check_out_time, custom_fields, created_at, updated_at)
     select (e->>'account_id')::bigint, b.id, e->>'nickname', e->>'address', e->>'city', e->>'country', e->>'status', e->>'pms',
            e->>'timezone', (e->>'bedrooms')::int, (e->>'check_in_time')::time, (e->>'check_out_time')::time, e->'custom_fields',
            now() - (e->>'created_hours_ago')::int * interval '1 hour', now() - (e->>'updated_hours_ago')::int * interval '1 hour'
     from jsonb_array_elements($1::jsonb) with ordinality as r(e, n)
     left join buildings b on b.account_id = (e->>'account_id')::bigint and b.slug = e->>'building'
     order by n
     returning id`,
    [
      JSON.stringify(
        plan.listings.map(({ account, ...listing }) => ({
          ...listing,
          account_id: accountId(account),
        })),
      ),
    ],
  );

  // A same-day booking is made on the check-in day, before now; a weekend stay marked short is cut
  // to one night when its first day (known only here) is a Friday or Saturday.
  const reservations = await tx.query(
    `insert into reservations (account_id, listing_id, guest_name, guest_email, guest_phone, guests_count, check_in_date, check_out_date,
                               status, source, verification_status, guest_message, guest_city, guest_country, card_check,
                               created_at, updated_at)
     select l.account_id, l.id, e->>'guest_name', e->>'guest_email', e->>'guest_phone', (e->>'guests_count')::int,
            d.check_in,
            case when (e->>'short_weekend')::boolean and extract(isodow from d.check_in) in (5, 6) then d.check_in + 1
                 else current_date + (e->>'check_out')::int end,
            e->>'status', e->>'source', e->>'verification_status', e->>'guest_message', e->>'guest_city', e->>'guest_country',
            e->>'card_check', d.booked, d.booked
     from jsonb_array_elements($1::jsonb) with ordinality as r(e, n)
     join listings l on l.account_id = (e->>'account_id')::bigint and l.nickname = e->>'listing'
     cross join lateral (
       select current_date + (e->>'check_in')::int as check_in,
              case when (e->>'same_day')::boolean
                   then least(now() - (now() - current_date::timestamptz) / 2,
                              (current_date + (e->>'check_in')::int)::timestamptz + (e->>'booked_hour')::int * interval '1 hour')
                   else least(now() - interval '1 hour',
                              (current_date + (e->>'check_in')::int)::timestamptz - (e->>'booked_hours_before')::int * interval '1 hour')
              end as booked
     ) d
     order by n
     returning id`,
    [
      JSON.stringify(
        plan.reservations.map(({ account, ...reservation }) => ({
          ...reservation,
          account_id: accountId(account),
        })),
      ),
    ],
  );

  // Diego works the front desks of two Miami buildings; by name, Marina Lofts comes first (his
  // landing page), Wynwood Studios second.
  await tx.query(
    `insert into vendor_grants (user_id, building_id)
     select $1::bigint, id from buildings where account_id = $2::bigint and slug in ('marina-lofts', 'wynwood-studios')`,
    [userIds.get('vendor@hostdash.test'), accountId('hart')],
  );

  const notifications = Object.entries(NOTIFICATIONS).flatMap(([email, items]) =>
    [...items, ...(email === 'owner@hostdash.test' ? [arrivalsNotice(plan)] : [])].map((item) => ({
      user_id: userIds.get(email),
      title: item.title,
      body: item.body,
      hours_ago: item.hoursAgo,
      link: item.link?.replace(':hart', accountId('hart')) ?? null,
    })),
  );
  await tx.query(
    `insert into notifications (user_id, title, body, link, created_at)
     select (e->>'user_id')::bigint, e->>'title', e->>'body', e->>'link', now() - (e->>'hours_ago')::int * interval '1 hour'
     from jsonb_array_elements($1::jsonb) with ordinality as r(e, n)
     order by n`,
    [JSON.stringify(notifications)],
  );

  const protect = await writeProtectData(tx, {
    accountIds: [...accountIds.values()],
    hartAccountId: accountId('hart'),
    ownerUserId: userIds.get('owner@hostdash.test') ?? '',
    samples,
  });
  // After screening: the demo invoices count screened stays.
  const invoices = await writeBillingData(tx, accountId('hart'));
  const signIns = await writeSignIns(tx);
  // Last: the admin area's accounts and people, after every id above is taken.
  const teams = await writeTeamData(tx, accountId('staff'), teamPasswordHash);

  return {
    accounts: accountIds.size + teams.accounts,
    users: users.length + teams.users,
    buildings: buildings.length,
    listings: listings.length,
    reservations: reservations.length,
    notifications: notifications.length,
    protect,
    invoices,
    sign_ins: signIns,
  };
}
