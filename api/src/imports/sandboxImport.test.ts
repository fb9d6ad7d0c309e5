// The two halves of onboarding meet: a Hostaway sandbox connection, with the sandbox's documented
// demo credentials, imported by the real worker into the real database — every listing and
// reservation once, again none twice, and the connection's counts as the sandbox's portfolio.
import { adapterFor } from '../pms/registry';
import { sandboxCredentials } from '../pms/sandbox';
import { silentLog } from '../testing/logs';
import { startTestApi, type TestApi } from '../testing/testApi';
import { enqueueImport, saveConnection } from './importTasks';
import { runNextImport } from './importWorker';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const TODAY = '2026-11-25';

it('imports a sandbox Hostaway portfolio once, and a second import duplicates nothing', async () => {
  const [account] = await api.db.query<{ id: string }>(
    `insert into accounts (name) values ('Sandbox Stays') returning id::text as id`,
  );
  const accountId = account!.id;
  await saveConnection(
    api.db,
    {
      accountId,
      pms: 'hostaway',
      credentials: sandboxCredentials('hostaway'),
    },
    api.vault,
  );
  const options = {
    db: api.db,
    adapters: () => adapterFor('hostaway', { sandbox: true, today: () => TODAY }),
    log: silentLog,
    vault: api.vault,
    today: () => TODAY,
  };
  const count = async () => {
    const [row] = await api.db.query<{ listings: number; reservations: number }>(
      `select (select count(*)::int from listings where account_id = $1::bigint) as listings,
              (select count(*)::int from reservations where account_id = $1::bigint) as reservations`,
      [accountId],
    );
    return row!;
  };

  await enqueueImport(api.db, { accountId, pms: 'hostaway', createdBy: '1' });
  const first = await runNextImport(options);
  expect(first?.task.state).toBe('succeeded');
  const imported = await count();
  expect(imported.listings).toBeGreaterThanOrEqual(20);
  expect(imported.reservations).toBeGreaterThan(imported.listings);
  expect(first?.task.progress.listings).toEqual({
    done: imported.listings,
    total: imported.listings,
  });

  await enqueueImport(api.db, { accountId, pms: 'hostaway', createdBy: '1' });
  expect((await runNextImport(options))?.task.state).toBe('succeeded');
  expect(await count()).toEqual(imported);

  const [connection] = await api.db.query<{ status: string; listings_count: number }>(
    `select status, listings_count from pms_connections where account_id = $1::bigint`,
    [accountId],
  );
  expect(connection).toEqual({ status: 'connected', listings_count: imported.listings });
  const [unscreened] = await api.db.query<{ n: number }>(
    `select count(*)::int as n from reservations where account_id = $1::bigint and screened_at is null`,
    [accountId],
  );
  expect(unscreened!.n).toBe(0);
});
