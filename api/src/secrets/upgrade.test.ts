// An existing database keeps working (docs/adr/0028-secrets-at-rest.md): TOTP secrets an earlier
// version kept in clear text, and PMS credentials saved before sealing, are sealed by the first
// start after the upgrade (migration 0035, then the start's sealing), and they work as before;
// values sealed before key ids stay readable with the legacy key until a rotation.
import { createCipheriv, randomBytes } from 'node:crypto';
import { DEMO_TOTP_SECRET } from '../db/seedData';
import { prepareDatabase } from '../db/prepare';
import { totp } from '../auth/totp';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { keyUsage } from './reseal';
import { retireUnusedKeys, rotateKeys } from './rotation';
import { openVault, type SecretVault } from './vault';

const PLAIN_API_KEY = 'plain-api-key-from-before-sealing-7f3a91';
const OLD_SEALED_SECRET = 'sealed-before-key-ids-2c8e44';
const legacyKey = randomBytes(32);
let api: TestApi;
let vault: SecretVault;
let accountId = '';

/** A value as the vault sealed it before key ids (v1, one key, no id). */
function sealedBeforeKeyIds(fields: Record<string, string>) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', legacyKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** Puts the database back as it was before migration 0035: TOTP secrets in clear text. */
async function asBeforeMigration35(): Promise<void> {
  const users = await api.db.query<{ id: string; totp_secret: unknown }>(
    'select id::text as id, totp_secret from users where totp_secret is not null',
  );
  await api.db.exec(`
    alter table users drop constraint users_totp_secret_sealed;
    alter table users drop constraint users_totp_pending_secret_sealed;
    alter table users alter column totp_secret type text using null,
      alter column totp_pending_secret type text using null;
    alter table users add constraint users_totp_secret_check
      check (totp_secret ~ '^[A-Z2-7]{16,128}$');
    alter table users add constraint users_totp_pending_secret_check
      check (totp_pending_secret ~ '^[A-Z2-7]{16,128}$');
    delete from schema_migrations where version = '0035'`);
  for (const user of users)
    await api.db.query('update users set totp_secret = $2 where id = $1::bigint', [
      user.id,
      api.vault.open(user.totp_secret).secret,
    ]);
}

beforeAll(async () => {
  api = await startTestApi();
  // The legacy key as PMS_CREDENTIALS_KEY gave it, beside the key file.
  vault = openVault({ ...api.config.secrets, legacyKey }).vault;
}, 60_000);
afterAll(() => api.close());

it('seals what an earlier version kept in clear at the first start, and it works as before', async () => {
  await asBeforeMigration35();
  [{ id: accountId } = { id: '' }] = await api.db.query<{ id: string }>(
    `select account_id::text as id from users where email = 'owner@hostdash.test'`,
  );
  await api.db.query(
    `insert into pms_connections (account_id, pms, credentials) values
       ($1::bigint, 'hostaway', $2::jsonb), ($1::bigint, 'guesty', $3::jsonb)`,
    [
      accountId,
      JSON.stringify({ accountId: '40160', apiKey: PLAIN_API_KEY }),
      JSON.stringify(sealedBeforeKeyIds({ clientId: 'c', clientSecret: OLD_SEALED_SECRET })),
    ],
  );
  const [{ n: totpUsers } = { n: 0 }] = await api.db.query<{ n: number }>(
    'select count(*)::int as n from users where totp_secret is not null',
  );
  expect(totpUsers).toBeGreaterThan(0);

  const prepared = await prepareDatabase(api.db, {
    storage: api.storage,
    demoData: true,
    firstAdmin: null,
    vault,
  });
  expect(prepared.migrationsApplied).toEqual(['0035_sealed_totp_secrets.sql']);
  expect(prepared.secretsSealed).toBe(totpUsers + 1);

  // Nothing in clear is left: no TOTP secret, no API key, in any column of those tables.
  const raw = await api.db.query<{ row: string }>(
    `select t::text as row from users t union all select t::text from pms_connections t`,
  );
  const text = raw.map(({ row }) => row).join('\n');
  for (const secret of [DEMO_TOTP_SECRET, PLAIN_API_KEY, OLD_SEALED_SECRET])
    expect(text).not.toContain(secret);
  const usage = await keyUsage(api.db);
  expect(usage.filter((row) => row.keyId === null)).toEqual([]);
  expect(usage).toContainEqual({
    table: 'users',
    column: 'totp_secret',
    keyId: vault.activeKeyId(),
    rows: totpUsers,
  });
  // Sealed before key ids: left for a rotation, still readable with the legacy key.
  expect(usage).toContainEqual({
    table: 'pms_connections',
    column: 'credentials',
    keyId: 'legacy',
    rows: 1,
  });

  // The second step signs in with the secret it had, sealed now.
  const started = await api.post('/login', {
    email: 'secure@hostdash.test',
    password: DEMO_PASSWORD,
  });
  const signedIn = await api.post('/user/auth/challenge', {
    challengeToken: started.body.challengeToken,
    code: totp(DEMO_TOTP_SECRET),
  });
  expect(signedIn.status).toBe(200);
  const connections = await api.db.query<{ pms: string; credentials: unknown }>(
    'select pms, credentials from pms_connections where account_id = $1::bigint order by pms',
    [accountId],
  );
  expect(connections.map(({ pms, credentials }) => [pms, vault.open(credentials)])).toEqual([
    ['guesty', { clientId: 'c', clientSecret: OLD_SEALED_SECRET }],
    ['hostaway', { accountId: '40160', apiKey: PLAIN_API_KEY }],
  ]);

  // A second start finds nothing left to seal.
  const again = await prepareDatabase(api.db, {
    storage: api.storage,
    demoData: true,
    firstAdmin: null,
    vault,
  });
  expect(again).toMatchObject({ migrationsApplied: [], secretsSealed: 0 });
}, 60_000);

it('a rotation seals the values from before key ids under the new key; then PMS_CREDENTIALS_KEY can go', async () => {
  const settings = { ...api.config.secrets, legacyKey };
  const report = await rotateKeys(api.db, settings);
  expect(report.counts.every((count) => count.unreadable === 0)).toBe(true);
  const usage = await keyUsage(api.db);
  expect(usage.filter((row) => row.keyId !== report.addedKeyId)).toEqual([]);
  expect(await retireUnusedKeys(api.db, settings)).toMatchObject({
    unusedLegacyKey: 'PMS_CREDENTIALS_KEY',
  });
  // Without the legacy key, everything opens.
  const withoutLegacy = openVault(api.config.secrets).vault;
  const [guesty] = await api.db.query<{ credentials: unknown }>(
    `select credentials from pms_connections where account_id = $1::bigint and pms = 'guesty'`,
    [accountId],
  );
  expect(withoutLegacy.open(guesty!.credentials)).toEqual({
    clientId: 'c',
    clientSecret: OLD_SEALED_SECRET,
  });
}, 60_000);
