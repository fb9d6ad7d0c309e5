// More people for the admin area (issue 14): three more hosts' accounts with their teams, and more
// Hostdash staff, so that the user list, its search and its sorts have dozens of rows to work on.
// Written after everything else, so the first demo accounts and users keep their ids and data.
// Fixed rows (no generator); sign-ins are dated relative to the day the seed runs.
import type { Sql } from './database';
import { DEMO_TOTP_SECRET } from './seedData';

interface TeamAccount {
  key: string;
  name: string;
  stripeCustomerId: string | null;
  createdDaysAgo: number;
}

export const TEAM_ACCOUNTS: TeamAccount[] = [
  {
    key: 'nordlys',
    name: 'Nordlys Cabins',
    stripeCustomerId: 'cus_demo_ingrid',
    createdDaysAgo: 460,
  },
  {
    key: 'serena',
    name: 'Casa Serena Villas',
    stripeCustomerId: 'cus_demo_lucia',
    createdDaysAgo: 260,
  },
  { key: 'harbour', name: 'Harbourline Apartments', stripeCustomerId: null, createdDaysAgo: 95 },
];

type TeamUser = [
  /** A key of TEAM_ACCOUNTS, or `staff` (Hostdash, account 2). */
  account: string,
  name: string,
  email: string,
  type: 'user' | 'admin' | 'channel',
  subtype: string,
  isActive: boolean,
  totp: boolean,
  createdDaysAgo: number,
  /** Days since the last sign-in; null: never signed in. */
  lastSignInDaysAgo: number | null,
];

// prettier-ignore
export const TEAM_USERS: TeamUser[] = [
  ['staff', 'Jonas Weber', 'jonas.weber@hostdash.test', 'channel', 'admin', true, false, 820, 0],
  ['staff', 'Aiko Tanaka', 'aiko.tanaka@hostdash.test', 'channel', 'admin', true, false, 400, 3],
  ['staff', 'Rafael Souza', 'rafael.souza@hostdash.test', 'admin', 'admin', true, true, 610, 1],
  ['staff', 'Emma Lind', 'emma.lind@hostdash.test', 'channel', 'admin', false, false, 900, 210],
  ['nordlys', 'Ingrid Nilsen', 'ingrid@nordlyscabins.test', 'user', 'owner', true, true, 460, 0],
  ['nordlys', 'Lars Berg', 'lars.berg@nordlyscabins.test', 'user', 'manager', true, false, 430, 2],
  ['nordlys', 'Sofie Dahl', 'sofie.dahl@nordlyscabins.test', 'user', 'manager', true, false, 300, 6],
  ['nordlys', 'Mette Solberg', 'mette.solberg@nordlyscabins.test', 'user', 'admin', true, true, 410, 1],
  ['nordlys', 'Henrik Lund', 'henrik.lund@nordlyscabins.test', 'user', 'vendor', true, false, 280, 4],
  ['nordlys', 'Kari Moe', 'kari.moe@nordlyscabins.test', 'user', 'vendor', true, false, 150, 12],
  ['nordlys', 'Ola Haugen', 'ola.haugen@nordlyscabins.test', 'user', 'vendor', false, false, 390, 95],
  ['nordlys', 'Eirik Strand', 'eirik.strand@nordlyscabins.test', 'user', 'manager', true, false, 60, 20],
  ['nordlys', 'Nora Vik', 'nora.vik@nordlyscabins.test', 'user', 'vendor', true, false, 35, 9],
  ['nordlys', 'Jon Bakke', 'jon.bakke@nordlyscabins.test', 'user', 'manager', true, false, 5, null],
  ['serena', 'Lucía Moreno', 'lucia@casaserena.test', 'user', 'owner', true, false, 260, 1],
  ['serena', 'Pablo Ruiz', 'pablo.ruiz@casaserena.test', 'user', 'admin', true, true, 250, 0],
  ['serena', 'Carmen Ortega', 'carmen.ortega@casaserena.test', 'user', 'manager', true, false, 240, 3],
  ['serena', 'Javier Navarro', 'javier.navarro@casaserena.test', 'user', 'vendor', true, false, 200, 5],
  ['serena', 'Elena Castro', 'elena.castro@casaserena.test', 'user', 'vendor', true, false, 180, 30],
  ['serena', 'Diego Romero', 'diego.romero@casaserena.test', 'user', 'manager', false, false, 230, 120],
  ['serena', 'Marta Gil', 'marta.gil@casaserena.test', 'user', 'vendor', true, false, 90, 2],
  ['serena', 'Sergio Molina', 'sergio.molina@casaserena.test', 'user', 'manager', true, false, 75, 14],
  ['serena', 'Ana Delgado', 'ana.delgado@casaserena.test', 'user', 'vendor', true, false, 40, 7],
  ['serena', 'Raúl Iglesias', 'raul.iglesias@casaserena.test', 'user', 'manager', true, false, 12, null],
  ['harbour', 'Charlotte Price', 'charlotte@harbourline.test', 'user', 'owner', true, false, 95, 0],
  ['harbour', 'George Hughes', 'george.hughes@harbourline.test', 'user', 'owner', true, false, 94, 8],
  ['harbour', 'Amelia Ward', 'amelia.ward@harbourline.test', 'user', 'manager', true, false, 90, 1],
  ['harbour', 'Oliver Bennett', 'oliver.bennett@harbourline.test', 'user', 'vendor', true, false, 80, 3],
  ['harbour', 'Isla Cooper', 'isla.cooper@harbourline.test', 'user', 'vendor', true, true, 70, 4],
  ['harbour', 'Harry Evans', 'harry.evans@harbourline.test', 'user', 'manager', false, false, 85, 60],
  ['harbour', 'Freya Turner', 'freya.turner@harbourline.test', 'user', 'vendor', true, false, 30, 11],
  ['harbour', 'Jack Morris', 'jack.morris@harbourline.test', 'user', 'manager', true, false, 20, 2],
  ['harbour', 'Poppy Clarke', 'poppy.clarke@harbourline.test', 'user', 'vendor', true, false, 2, null],
];

export interface TeamSeedSummary {
  accounts: number;
  users: number;
}

/**
 * Writes the team accounts and their people (all with the demo password, `passwordHash`), each
 * sign-in as a session that ended the same day (its token hash is no SHA-256: nothing can use it).
 */
export async function writeTeamData(
  tx: Sql,
  staffAccountId: string,
  passwordHash: string,
): Promise<TeamSeedSummary> {
  const accountIds = new Map<string, string>([['staff', staffAccountId]]);
  for (const account of TEAM_ACCOUNTS) {
    const [row] = await tx.query<{ id: string }>(
      `insert into accounts (name, stripe_customer_id, created_at) values ($1, $2, now() - $3::int * interval '1 day') returning id::text as id`,
      [account.name, account.stripeCustomerId, account.createdDaysAgo],
    );
    if (row) accountIds.set(account.key, row.id);
  }
  const rows = TEAM_USERS.map(
    ([account, name, email, type, subtype, isActive, totp, createdDaysAgo, lastSignIn]) => {
      const accountId = accountIds.get(account);
      if (!accountId) throw new Error(`seed: unknown account ${account}`);
      return {
        account_id: accountId,
        name,
        email,
        type,
        subtype,
        is_active: isActive,
        totp_secret: totp ? DEMO_TOTP_SECRET : null,
        created_days_ago: createdDaysAgo,
        last_sign_in_days_ago: lastSignIn,
      };
    },
  );
  const users = await tx.query<{ id: string }>(
    `insert into users (account_id, name, email, type, subtype, is_active, password_hash, totp_secret, created_at)
     select (e->>'account_id')::bigint, e->>'name', e->>'email', e->>'type', e->>'subtype', (e->>'is_active')::boolean,
            $2, to_jsonb(e->>'totp_secret'), now() - (e->>'created_days_ago')::int * interval '1 day'
     from jsonb_array_elements($1::jsonb) with ordinality as r(e, n)
     order by n
     returning id::text as id`,
    [JSON.stringify(rows), passwordHash],
  );
  // The hour of each sign-in varies with the row, so that no two read the same.
  await tx.query(
    `insert into sessions (token_hash, user_id, created_at, expires_at, revoked_at, revoked_reason)
     select 'seed-' || u.email, u.id, t.at, t.at + interval '14 days', least(t.at + interval '2 hours', now()), 'signed_out'
     from jsonb_array_elements($1::jsonb) with ordinality as r(e, n)
     join users u on u.email = e->>'email'
     cross join lateral (
       select date_trunc('hour', now()) - (e->>'last_sign_in_days_ago')::int * interval '1 day'
              - (1 + n::int % 9) * interval '1 hour' as at
     ) t
     where e->>'last_sign_in_days_ago' is not null`,
    [JSON.stringify(rows)],
  );
  return { accounts: TEAM_ACCOUNTS.length, users: users.length };
}
