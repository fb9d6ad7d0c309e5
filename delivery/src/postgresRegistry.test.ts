/** @jest-environment node */
// The registry in PostgreSQL (docs/adr/0022) on a real server (TEST_DATABASE_URL; a database of
// this file's own, dropped at the end): a shell server's copy follows a change written by another
// process at its notification, long before its periodic read; a change nobody announced is read at
// the next period; a lost LISTEN connection comes back; the tables missing or the server away make
// it not ready; one process at a time runs the rollout driver's round; two writers of one remote
// wait for each other rather than deadlock; a registry file imports into it unchanged.
import path from 'node:path';
import type { RolloutHealth } from '@hostdash/shared-auth';
import { DRIVER, ROLLOUT_ROUND, runRolloutRound } from './rolloutDriver';
import {
  describeOnServer,
  eventually,
  fakeBuild,
  scratchDatabase,
  temporaryDir,
  type ScratchDatabase,
} from './testing';
import { Client } from 'pg';
import { abort, deploy, type DeliveryContext } from './operations';
import {
  LISTENER_APPLICATION_NAME,
  PostgresRegistryStore,
  REGISTRY_CHANNEL,
} from './postgresRegistry';
import { FileRegistryStore, RegistryUnavailableError, type RegistryStore } from './registryStore';
import { FolderStore } from './store';

const V1 = '0.1.0+11111111';
const V2 = '0.1.0+22222222';
const V3 = '0.1.0+33333333';
/** Long enough that only a notification explains a change seen within a few seconds. */
const NEVER_MS = 600_000;

const quiet = { info: () => undefined, warn: () => undefined };

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (_details: object, message: string) => lines.push(message),
      warn: (_details: object, message: string) => lines.push(message),
    },
  };
}

describeOnServer('the registry in PostgreSQL', () => {
  let database: ScratchDatabase;
  const opened: RegistryStore[] = [];
  const open = (store: PostgresRegistryStore) => {
    opened.push(store);
    return store;
  };
  const writer = () => open(new PostgresRegistryStore({ url: database.url }));
  const watcher = (refreshMs: number, log = quiet) =>
    open(new PostgresRegistryStore({ url: database.url, watch: { refreshMs, log } }));
  const builds = {
    v1: fakeBuild({ name: 'listings', version: V1 }),
    v2: fakeBuild({ name: 'listings', version: V2 }),
    v3: fakeBuild({ name: 'listings', version: V3 }),
  };
  const contextFor = (registry: RegistryStore, by = 'dana'): DeliveryContext => ({
    registry,
    store: new FolderStore(storeDir),
    by,
  });
  let storeDir: string;
  /** The live version a store says (undefined while a watching store has not loaded yet). */
  const liveIn = async (registry: RegistryStore) =>
    (await registry.read().catch(() => null))?.remotes.find((remote) => remote.name === 'listings')
      ?.version;

  beforeAll(async () => {
    database = await scratchDatabase('registry');
  });
  beforeEach(async () => {
    await database.empty();
    storeDir = temporaryDir('store');
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("sees another process's change at its notification, long before the periodic read", async () => {
    const shell = watcher(NEVER_MS);
    await eventually(() => shell.listening, 5_000, 'the shell server listens');
    const deployer = contextFor(writer());
    await deploy(deployer, 'listings', builds.v1);
    await eventually(async () => (await liveIn(shell)) === V1, 3_000, 'V1 seen');

    const started = Date.now();
    await deploy(deployer, 'listings', builds.v2);
    await eventually(async () => (await liveIn(shell)) === V2, 3_000, 'V2 seen by notification');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reads a change nobody announced at the next period, and gets its LISTEN connection back', async () => {
    const shell = watcher(300);
    await eventually(() => shell.listening, 5_000, 'the shell server listens');
    const deployer = contextFor(writer());
    await deploy(deployer, 'listings', builds.v1);
    await deploy(deployer, 'listings', builds.v2);
    await eventually(async () => (await liveIn(shell)) === V2, 3_000, 'V2 seen');

    // Written behind the store's back: no NOTIFY.
    await database.sql(
      `update remote_live set version = $1, manifest = $2, revision = revision + 1 where name = 'listings'`,
      [V1, `listings/${V1}/mf-manifest.json`],
    );
    await eventually(async () => (await liveIn(shell)) === V1, 3_000, 'V1 read by the period');

    // The LISTEN connection is killed: the store connects again by itself.
    const [before] = await database.sql(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    expect(before).toBeDefined();
    await database.sql('select pg_terminate_backend($1)', [before?.pid]);
    await eventually(() => !shell.listening, 3_000, 'the store notices the lost connection');
    await eventually(() => shell.listening, 5_000, 'the store listens again');
    const [after] = await database.sql(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    expect(after?.pid).not.toBe(before?.pid);
  });

  it('after reconnecting, hears notifications again', async () => {
    const shell = watcher(NEVER_MS);
    await eventually(() => shell.listening, 5_000, 'the shell server listens');
    await database.sql(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    await eventually(() => !shell.listening, 3_000, 'the connection is lost');
    await eventually(() => shell.listening, 5_000, 'the store listens again');
    const deployer = contextFor(writer());
    await deploy(deployer, 'listings', builds.v3);
    await eventually(async () => (await liveIn(shell)) === V3, 3_000, 'V3 seen by notification');
  });

  it('NOTIFYs the remote changed on the registry channel', async () => {
    const { Client } = await import('pg');
    const listener = new Client({ connectionString: database.url });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) =>
      payloads.push(`${message.channel}:${message.payload}`),
    );
    await listener.query(`listen ${REGISTRY_CHANNEL}`);
    await deploy(contextFor(writer()), 'listings', builds.v1);
    await eventually(() => payloads.length > 0, 3_000, 'a notification');
    await listener.end();
    expect(payloads).toEqual([`${REGISTRY_CHANNEL}:listings`]);
  });

  it('is not ready until the API has migrated, and says why once in the log', async () => {
    const bare = await scratchDatabase('bare', false);
    try {
      const { lines, log } = recordingLog();
      const shell = open(
        new PostgresRegistryStore({ url: bare.url, watch: { refreshMs: NEVER_MS, log } }),
      );
      await eventually(() => lines.length > 0, 5_000, 'a log line');
      expect(await shell.readiness()).toEqual({
        ready: false,
        reason: "the registry's tables do not exist yet (the API's migrations create them)",
      });
      await expect(shell.read()).rejects.toBeInstanceOf(RegistryUnavailableError);
      expect(lines).toEqual([
        "the remote registry's tables are not in the database yet: waiting for the API's migrations; not ready until they exist",
      ]);
      // The deploy command says the same in words.
      await expect(
        deploy(contextFor(new PostgresRegistryStore({ url: bare.url })), 'listings', builds.v1),
      ).rejects.toThrow(/tables are not in the database yet: start the API once/);

      await bare.migrate();
      await eventually(async () => (await shell.readiness()).ready, 5_000, 'ready once migrated');
      expect(lines.at(-1)).toMatch(/^the remote registry is read from PostgreSQL /);
      await shell.close();
    } finally {
      await bare.drop();
    }
  });

  it('is not ready while its database does not answer', async () => {
    const address = new URL(database.url);
    address.port = '1'; // nothing listens there
    const shell = open(
      new PostgresRegistryStore({
        url: address.toString(),
        watch: { refreshMs: NEVER_MS, log: quiet },
      }),
    );
    const readiness = await shell.readiness();
    expect(readiness.ready).toBe(false);
    expect(readiness.reason).toMatch(/^the registry's database is unreachable: .*ECONNREFUSED/);
    // Where it is, never who with which password.
    expect(shell.location).toBe(`PostgreSQL 127.0.0.1:1${address.pathname}`);
  });

  it('lets one process at a time run a rollout round: one abort, never two', async () => {
    const deployer = contextFor(writer());
    await deploy(deployer, 'listings', builds.v1);
    await deploy(deployer, 'listings', builds.v2, { canary: { percent: 10, users: [] } });
    const unhealthy: RolloutHealth = {
      verdict: 'unhealthy',
      reason: 'error rate 4.1 % vs 0.2 %, 312 sessions',
      at: new Date().toISOString(),
      candidate: {
        sessions: 40,
        errorRate: 0.041,
        loadFailureRate: 0,
        apiFailureRate: 0,
        apiRefusalRate: 0,
        lcpP75: 1,
        inpP75: 1,
      },
      live: {
        sessions: 300,
        errorRate: 0.002,
        loadFailureRate: 0,
        apiFailureRate: 0,
        apiRefusalRate: 0,
        lcpP75: 1,
        inpP75: 1,
      },
    };
    // Both shell servers' rounds begin together; each asks for the verdict while the other holds on.
    let asked = 0;
    let bothAsked: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (bothAsked = resolve));
    const verdicts = async () => {
      asked += 1;
      if (asked === 2) bothAsked();
      await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 500))]);
      return unhealthy;
    };
    const shells = [writer(), writer()];
    const rounds = await Promise.all(
      shells.map((registry) =>
        registry.exclusive(ROLLOUT_ROUND, () =>
          runRolloutRound({ ...contextFor(registry), by: DRIVER }, verdicts, { minuteMs: 60_000 }),
        ),
      ),
    );
    expect(rounds.filter((round) => round === null)).toHaveLength(1);
    // Without the lock too (two rounds that overlap anyway): the revision lets one abort through.
    await deploy(deployer, 'listings', builds.v3, { canary: { percent: 10, users: [] } });
    asked = 0;
    await Promise.all(
      shells.map((registry) =>
        runRolloutRound({ ...contextFor(registry), by: DRIVER }, verdicts, { minuteMs: 60_000 }),
      ),
    );
    const history = (await writer().read()).remotes[0]?.history ?? [];
    expect(
      history.filter((entry) => entry.action === 'abort').map((entry) => entry.version),
    ).toEqual([V2, V3]);
  });

  it('writes the releases a change names in one order, so two writers wait rather than deadlock', async () => {
    const deployer = contextFor(writer());
    await deploy(deployer, 'listings', builds.v1);
    await deploy(deployer, 'listings', builds.v3, { canary: { percent: 10, users: [] } });
    // Another writer (a recorded verdict names live, then canary) holds V1's row and will want V3's.
    const other = new Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      const lock = `select 1 from remote_versions where remote = 'listings' and version = $1
        for no key update`;
      await other.query(lock, [V1]);
      // The abort names V3 first (its history entry), then the live V1.
      const aborted = abort(contextFor(writer()), 'listings', { reason: 'by hand' });
      await eventually(
        async () =>
          (
            await database.sql(
              `select 1 from pg_stat_activity where application_name = 'hostdash-registry'
                 and datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).length === 1,
        5_000,
        'the abort waits for the row the other writer holds',
      );
      // Had the abort taken V3's row before waiting, this would wait on it: a deadlock.
      await other.query(lock, [V3]);
      await other.query('commit');
      await expect(aborted).resolves.toMatchObject({ changed: true });
    } finally {
      await other.end();
    }
    const history = (await writer().read()).remotes[0]?.history ?? [];
    expect(history.at(-1)).toMatchObject({ action: 'abort', version: V3 });
  });

  it('imports a registry file into an empty database unchanged, once', async () => {
    const file = new FileRegistryStore(path.join(temporaryDir('registry'), 'remotes.json'));
    const fromFile = contextFor(file, 'alice');
    await deploy(fromFile, 'listings', builds.v1);
    await deploy(fromFile, 'listings', builds.v2);
    await deploy(fromFile, 'listings', builds.v3, {
      strategy: 'linear10-every-5m',
      canary: { percent: 0, users: ['7'] },
    });
    await deploy(fromFile, 'reservations', fakeBuild({ name: 'reservations', version: V1 }));
    const registry = open(new PostgresRegistryStore({ url: database.url }));
    expect(await registry.importRegistry(await file.read())).toBe(2);
    expect(await registry.read()).toEqual(await file.read());
    await expect(registry.importRegistry(await file.read())).rejects.toThrow(
      /already names remotes: nothing was imported/,
    );
  });
});
