import path from 'node:path';
import { FolderStorage } from '@hostdash/storage';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { testSecrets } from '../testing/secrets';
import { TEMPLATE_FILES } from '../testing/templateEnv';
import {
  databaseUrlOf,
  dropDatabase,
  onServer,
  openTestDatabase,
  TEST_DATABASE_URL_ENV,
  uniqueDatabaseName,
  type TestDatabase,
} from '../testing/testDatabase';
import { openPostgres, type Database } from './database';
import { listMigrations, migrate } from './migrate';
import { seedIfEmpty } from './seed';

// The run's engine (PGlite, or PostgreSQL with HOSTDASH_TEST_ENGINE=postgres): a copy of the
// migrated and seeded template.
let testDatabase: TestDatabase;
let db: Database;
beforeAll(async () => {
  testDatabase = await openTestDatabase();
  db = testDatabase.db;
});
afterAll(() => testDatabase.dispose());

describe('migrations', () => {
  it('are versioned files applied once, in order, and recorded', async () => {
    const files = listMigrations();
    expect(files[0]?.name).toBe('0001_init.sql');
    expect(files.map((file) => file.version)).toEqual(
      [...files.map((file) => file.version)].sort(),
    );
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ version: string }>(
      'select version from schema_migrations order by version',
    );
    expect(recorded.map((row) => row.version)).toEqual(files.map((file) => file.version));
  });
});

describe('seed', () => {
  it('runs only on a database without users', async () => {
    expect(
      await seedIfEmpty(db, new FolderStorage(path.join(testDatabase.dir, TEMPLATE_FILES))),
    ).toBeNull();
  });

  it('holds the demo accounts the product and the e2e journeys rely on', async () => {
    const [first] = await db.query(
      'select id::text as id, stripe_customer_id from accounts order by id limit 1',
    );
    expect(first).toEqual({ id: '1', stripe_customer_id: 'cus_demo_olivia' });
    const users = await db.query<{
      email: string;
      type: string;
      subtype: string;
      is_active: boolean;
      account_id: string;
      totp: boolean;
      stripe: string | null;
    }>(
      `select u.email, u.type, u.subtype, u.is_active, u.account_id::text as account_id, u.totp_secret is not null as totp, a.stripe_customer_id as stripe
       from users u join accounts a on a.id = u.account_id order by u.id`,
    );
    const byEmail = Object.fromEntries(users.map((user) => [user.email, user]));
    expect(byEmail['owner@hostdash.test']).toMatchObject({
      type: 'user',
      subtype: 'owner',
      account_id: '1',
    });
    expect(byEmail['manager@hostdash.test']).toMatchObject({ subtype: 'manager', account_id: '1' });
    expect(byEmail['vendor@hostdash.test']).toMatchObject({ subtype: 'vendor', account_id: '1' });
    expect(byEmail['newhost@hostdash.test']).toMatchObject({ subtype: 'owner', stripe: null });
    expect(byEmail['admin@hostdash.test']).toMatchObject({ type: 'admin', subtype: 'admin' });
    expect(byEmail['inactive@hostdash.test']).toMatchObject({ is_active: false });
    expect(byEmail['secure@hostdash.test']).toMatchObject({
      subtype: 'owner',
      totp: true,
      stripe: expect.any(String),
    });

    const grants = await db.query(
      `select b.id::text as id, b.slug from vendor_grants g join buildings b on b.id = g.building_id join users u on u.id = g.user_id
       where u.email = 'vendor@hostdash.test' order by lower(b.name)`,
    );
    expect(grants).toEqual([
      { id: '1', slug: 'marina-lofts' },
      { id: '8', slug: 'wynwood-studios' },
    ]);
  });

  it('spreads realistic listings and reservations around today', async () => {
    const [listings] = await db.query<{
      total: number;
      buildings: number;
      loose: number;
      statuses: number;
      pms: number;
    }>(
      `select count(*)::int as total, count(distinct building_id)::int as buildings, count(*) filter (where building_id is null)::int as loose,
              count(distinct status)::int as statuses, count(distinct pms)::int as pms
       from listings where account_id = 1`,
    );
    expect(listings).toEqual({
      total: 120,
      buildings: 8,
      loose: 8,
      statuses: 3,
      pms: expect.any(Number),
    });
    expect(listings?.pms).toBeGreaterThanOrEqual(4);

    const [reservations] = await db.query<{
      total: number;
      earliest: number;
      latest: number;
      confirmed: number;
      sources: number;
    }>(
      `select count(*)::int as total, min(check_in_date - current_date) as earliest, max(check_in_date - current_date) as latest,
              count(*) filter (where status = 'CONFIRMED')::int as confirmed, count(distinct source)::int as sources
       from reservations where account_id = 1`,
    );
    expect(reservations?.total).toBeGreaterThan(2500);
    expect(reservations?.earliest).toBeLessThanOrEqual(-170);
    expect(reservations?.latest).toBeGreaterThanOrEqual(80);
    expect((reservations?.confirmed ?? 0) / (reservations?.total ?? 1)).toBeGreaterThan(0.75);
    expect(reservations?.sources).toBe(4);
  });

  it('gives listings house times and, on some, custom fields', async () => {
    const [details] = await db.query<{
      usual_check_in: number;
      usual_check_out: number;
      with_fields: number;
      versions: number[];
    }>(
      `select count(*) filter (where check_in_time in ('15:00', '16:00'))::int * 100 / count(*)::int as usual_check_in,
              count(*) filter (where check_out_time in ('10:00', '11:00'))::int * 100 / count(*)::int as usual_check_out,
              count(*) filter (where custom_fields <> '{}'::jsonb)::int as with_fields,
              array_agg(distinct version) as versions
       from listings`,
    );
    expect(details?.usual_check_in).toBeGreaterThanOrEqual(80);
    expect(details?.usual_check_out).toBeGreaterThanOrEqual(80);
    expect(details?.with_fields).toBeGreaterThan(20);
    expect(details?.versions).toEqual([1]);
    const [marina] = await db.query<{ custom_fields: Record<string, string> }>(
      `select custom_fields from listings where building_id = 1 and custom_fields ? 'wifi_network' order by id limit 1`,
    );
    expect(marina?.custom_fields.wifi_network).toBe('Marina-Guest');
  });
});

describe('the SQL layer', () => {
  it('returns ids as strings, dates as YYYY-MM-DD and timestamps as ISO strings', async () => {
    const [row] = await db.query(
      `select 9007199254740993::bigint as big, date '2026-03-01' as day, timestamptz '2026-03-01 10:00:00+02' as at`,
    );
    expect(row).toEqual({
      big: '9007199254740993',
      day: '2026-03-01',
      at: '2026-03-01T08:00:00.000Z',
    });
  });

  it('rolls a transaction back when its work throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          `insert into mail_outbox (to_address, subject, body) values ('rollback@hostdash.test', 's', 'b')`,
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(
      await db.query(`select 1 from mail_outbox where to_address = 'rollback@hostdash.test'`),
    ).toEqual([]);
  });
});

// A PostgreSQL server, only when one is offered (TEST_DATABASE_URL; CI's .ci/run starts one): an
// empty database of its own there, from the first migration, whatever engine the run is on.
const serverUrl = process.env[TEST_DATABASE_URL_ENV];
const withServer = serverUrl ? describe : describe.skip;
withServer('on a PostgreSQL server (TEST_DATABASE_URL)', () => {
  it('migrates an empty database, seeds it, and serves the same API', async () => {
    const name = uniqueDatabaseName('hd_test_empty');
    await onServer(serverUrl as string, `create database ${name}`);
    const databaseUrl = databaseUrlOf(serverUrl as string, name);
    const server = openPostgres(databaseUrl);
    const storage = new FolderStorage(path.join(testDatabase.dir, 'server-files'));
    try {
      expect(await migrate(server)).toEqual(listMigrations().map((file) => file.name));
      expect(await seedIfEmpty(server, storage)).not.toBeNull();
      const app = buildApp({
        db: server,
        storage,
        // A server needs the key file that seals secrets (SECRETS_KEY_FILE).
        config: { ...loadConfig({}), databaseUrl, secrets: testSecrets(testDatabase.dir) },
        logger: false,
      });
      const login = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { email: 'owner@hostdash.test', password: 'hostdash-demo' },
      });
      expect(login.statusCode).toBe(200);
      const { sessionId } = login.json<{ sessionId: string }>();
      const listings = await app.inject({
        method: 'GET',
        url: '/listing/load?size=3&search=garrett',
        headers: { authorization: sessionId },
      });
      expect(listings.json()).toMatchObject({ total: 14, size: 3, from: 0 });
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/loadAuth',
            headers: { authorization: sessionId },
          })
        ).json(),
      ).toMatchObject({ id: '1' });
      await app.close();
    } finally {
      await server.close();
      await dropDatabase(serverUrl as string, name);
    }
  });
});
