/** @jest-environment node */
// The operations run against both registry stores (docs/adr/0022): the file, and PostgreSQL when
// TEST_DATABASE_URL offers a server (a database of this file's own, dropped at the end).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  describeOnServer,
  fakeBuild,
  racedBy,
  scratchDatabase,
  temporaryDir,
  verdict,
  type ScratchDatabase,
} from './testing';
import {
  abort,
  deploy,
  formatStatus,
  promote,
  recordHealth,
  rollback,
  rollbackTarget,
  startCanary,
  VersionChangedError,
  type DeliveryContext,
} from './operations';
import { PostgresRegistryStore } from './postgresRegistry';
import { FileRegistryStore, RegistryConflictError, type RegistryStore } from './registryStore';
import { FolderStore } from './store';

const V1 = '0.1.0+11111111';
const V2 = '0.1.0+22222222';
const V3 = '0.2.0+33333333';
type Kind = 'file' | 'PostgreSQL';

/** Every operation's tests, on a registry of `kind`: the same tests for both stores. */
function operationsWith(kind: Kind) {
  let database: ScratchDatabase | undefined;
  const opened: RegistryStore[] = [];
  beforeAll(async () => {
    if (kind === 'PostgreSQL') database = await scratchDatabase('operations');
  });
  afterAll(async () => {
    await Promise.all(opened.map((registry) => registry.close()));
    await database?.drop();
  });

  /** A registry of one test's own: a new file, or the database emptied. */
  async function freshRegistry(): Promise<RegistryStore> {
    if (!database)
      return new FileRegistryStore(path.join(temporaryDir('registry'), 'remotes.json'));
    // The stores of the test before are done with: their connections are not kept open.
    await Promise.all(opened.splice(0).map((registry) => registry.close()));
    await database.empty();
    return anotherStore();
  }

  /** One more store on the same registry (another process's, as far as the registry can tell). */
  function anotherStore(registry?: RegistryStore): RegistryStore {
    if (!database) return new FileRegistryStore((registry as FileRegistryStore).file);
    const store = new PostgresRegistryStore({ url: database.url });
    opened.push(store);
    return store;
  }

  const remoteIn = async (registry: RegistryStore, name = 'listings') =>
    (await registry.read({ missingIsEmpty: true })).remotes.find((remote) => remote.name === name);

  async function setup() {
    const storeDir = temporaryDir('store');
    let clock = Date.parse('2025-03-01T10:00:00Z');
    const context: DeliveryContext = {
      registry: await freshRegistry(),
      store: new FolderStore(storeDir),
      by: 'alice',
      now: () => new Date((clock += 60_000)),
    };
    const builds = {
      v1: fakeBuild({ name: 'listings', version: V1 }),
      v2: fakeBuild({ name: 'listings', version: V2 }),
      v3: fakeBuild({ name: 'listings', version: V3 }),
    };
    const live = () => remoteIn(context.registry);
    return { context, storeDir, builds, live };
  }

  describe('deploying a remote', () => {
    it('publishes the build under <remote>/<version>/ and makes it live, with its history', async () => {
      const { context, storeDir, builds, live } = await setup();
      const first = await deploy(context, 'listings', builds.v1);
      expect(first).toMatchObject({ changed: true, published: true, version: V1 });
      expect(readFileSync(path.join(storeDir, 'listings', V1, 'nested', 'note.txt'), 'utf8')).toBe(
        'kept as built',
      );
      expect(await live()).toMatchObject({
        version: V1,
        manifest: `listings/${V1}/mf-manifest.json`,
        history: [
          { action: 'deploy', version: V1, previous: null, by: 'alice', commit: 'abc123def456' },
        ],
      });

      await deploy(context, 'listings', builds.v2);
      expect(await live()).toMatchObject({
        version: V2,
        manifest: `listings/${V2}/mf-manifest.json`,
      });
      expect((await live())?.history?.at(-1)).toMatchObject({
        action: 'deploy',
        version: V2,
        previous: V1,
      });
    });

    it('never overwrites a published version: the same version switches to the files already there', async () => {
      const { context, storeDir, builds } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2);
      // A rebuild of V1 with different files: the published V1 stays as it was.
      writeFileSync(path.join(builds.v1, 'remoteEntry.js'), 'changed');
      const again = await deploy(context, 'listings', builds.v1);
      expect(again).toMatchObject({ changed: true, published: false });
      expect(readFileSync(path.join(storeDir, 'listings', V1, 'remoteEntry.js'), 'utf8')).toContain(
        V1,
      );
      expect((await deploy(context, 'listings', builds.v1)).message).toMatch(/already live/);
    });

    it('refuses a build of another remote and a folder without a release version', async () => {
      const { context } = await setup();
      const reservations = fakeBuild({ name: 'reservations', version: V1 });
      await expect(deploy(context, 'listings', reservations)).rejects.toThrow(
        /build of reservations/,
      );
      const empty = temporaryDir('empty');
      await expect(deploy(context, 'listings', empty)).rejects.toThrow(
        /missing: build the remote first/,
      );
      writeFileSync(path.join(empty, 'mf-manifest.json'), '{"name":"listings","metaData":{}}');
      await expect(deploy(context, 'listings', empty)).rejects.toThrow(/no release version/);
    });

    it('with ifNew (npm start), deploys a first or a new build and leaves a rollback alone', async () => {
      const { context, builds, live } = await setup();
      expect((await deploy(context, 'listings', builds.v1, { ifNew: true })).changed).toBe(true);
      await deploy(context, 'listings', builds.v2, { ifNew: true });
      await rollback(context, 'listings');
      expect((await live())?.version).toBe(V1);
      const skipped = await deploy(context, 'listings', builds.v2, { ifNew: true });
      expect(skipped.changed).toBe(false);
      expect((await live())?.version).toBe(V1);

      // A registry pointed at a dev server by hand is not replaced by the workspace build.
      const byHand = { ...context, registry: await freshRegistry() };
      await byHand.registry.importRegistry({
        remotes: [{ name: 'listings', manifest: 'http://localhost:3011/mf-manifest.json' }],
      });
      expect((await deploy(byHand, 'listings', builds.v3, { ifNew: true })).message).toBe(
        'listings points at http://localhost:3011/mf-manifest.json, set by hand; left as it is',
      );
    });
  });

  describe('the integrity of each release (docs/adr/0019)', () => {
    const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

    it('is computed from the remoteEntry.js deployed, kept with the canary, promote and history, and restored by a rollback', async () => {
      const { context, storeDir, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      const v1 = sri(`/* listings ${V1} */`);
      expect(await live()).toMatchObject({
        integrity: v1,
        contract: '^1.0.0',
        history: [{ version: V1, integrity: v1, contract: '^1.0.0' }],
      });

      await deploy(context, 'listings', builds.v2, { canary: { percent: 10, users: [] } });
      const v2 = sri(`/* listings ${V2} */`);
      expect((await live())?.canary).toMatchObject({ version: V2, integrity: v2 });
      expect((await live())?.integrity).toBe(v1);
      await promote(context, 'listings');
      expect(await live()).toMatchObject({ version: V2, integrity: v2 });

      // The store's copy changes under the registry: a rollback takes what was recorded at deploy,
      // not what the file says now (the page then refuses the altered entry).
      writeFileSync(path.join(storeDir, 'listings', V1, 'remoteEntry.js'), 'altered');
      await rollback(context, 'listings');
      expect(await live()).toMatchObject({ version: V1, integrity: v1, contract: '^1.0.0' });
    });

    it('fills in what a registry written before integrity was kept does not know, from the store', async () => {
      const { context: deployed, builds } = await setup();
      await deploy(deployed, 'listings', builds.v1);
      await deploy(deployed, 'listings', builds.v2);
      // As ADR 5 wrote it: no integrity anywhere.
      const registry = structuredClone(await deployed.registry.read());
      const [remote] = registry.remotes;
      delete remote!.integrity;
      remote!.history = remote!.history!.map(({ integrity: _integrity, ...entry }) => entry);
      const context = { ...deployed, registry: await freshRegistry() };
      await context.registry.importRegistry(registry);

      await rollback(context, 'listings');
      expect(await remoteIn(context.registry)).toMatchObject({
        version: V1,
        integrity: sri(`/* listings ${V1} */`),
      });
      await startCanary(context, 'listings', V2, { percent: 5, users: [] });
      expect((await remoteIn(context.registry))?.canary?.integrity).toBe(
        sri(`/* listings ${V2} */`),
      );
    });
  });

  describe('rolling back', () => {
    it('goes back one deploy at a time instead of swinging between two versions', async () => {
      const { context, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2);
      await deploy(context, 'listings', builds.v3);
      expect((await rollback(context, 'listings')).message).toBe(
        `listings is back on ${V2} (was ${V3})`,
      );
      expect((await live())?.manifest).toBe(`listings/${V2}/mf-manifest.json`);
      await rollback(context, 'listings');
      expect((await live())?.version).toBe(V1);
      await expect(rollback(context, 'listings')).rejects.toThrow(/no earlier version/);
      await rollback(context, 'listings', { to: V3 });
      expect((await live())?.version).toBe(V3);
    });

    it('refuses a version whose files are gone, or one never deployed', async () => {
      const { context, storeDir, builds } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2);
      rmSync(path.join(storeDir, 'listings', V1), { recursive: true });
      await expect(rollback(context, 'listings')).rejects.toThrow(/gone from/);
      await expect(rollback(context, 'listings', { to: '9.9.9+99999999' })).rejects.toThrow(
        /never deployed/,
      );
      await expect(rollback(context, 'reservations')).rejects.toThrow(/not in the registry/);
    });
  });

  describe('a canary', () => {
    it('sends a share and named users to the candidate; promote makes it live for everyone', async () => {
      const { context, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      const started = await deploy(context, 'listings', builds.v2, {
        canary: { percent: 10, users: ['7'] },
      });
      expect(started.message).toMatch(
        /candidate for 10% of users and 1 named user; everyone else stays on/,
      );
      expect(await live()).toMatchObject({
        version: V1,
        canary: { version: V2, percent: 10, users: ['7'], by: 'alice' },
      });
      await expect(deploy(context, 'listings', builds.v3)).rejects.toThrow(/canary .* is running/);
      await expect(rollback(context, 'listings')).rejects.toThrow(/canary .* is running/);

      await promote(context, 'listings');
      const promoted = await live();
      expect(promoted).toMatchObject({
        version: V2,
        manifest: `listings/${V2}/mf-manifest.json`,
      });
      expect(promoted?.canary).toBeUndefined();
      expect(promoted?.history?.at(-1)).toMatchObject({
        action: 'promote',
        version: V2,
        previous: V1,
      });
      // A promoted release that goes bad rolls back like a deployed one.
      await rollback(context, 'listings');
      expect((await live())?.version).toBe(V1);
    });

    it('abort ends it and keeps everyone on the live version', async () => {
      const { context, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2, { canary: { percent: 50, users: [] } });
      await abort(context, 'listings');
      expect(await live()).toMatchObject({ version: V1 });
      expect((await live())?.canary).toBeUndefined();
      await expect(abort(context, 'listings')).rejects.toThrow(/no canary to abort/);
      await expect(promote(context, 'listings')).rejects.toThrow(/no canary to promote/);
    });

    it('needs a live version, another version and a share or users', async () => {
      const { context, builds } = await setup();
      await expect(
        deploy(context, 'listings', builds.v1, { canary: { percent: 10, users: [] } }),
      ).rejects.toThrow(/no live version yet/);
      await deploy(context, 'listings', builds.v1);
      await expect(
        deploy(context, 'listings', builds.v1, { canary: { percent: 10, users: [] } }),
      ).rejects.toThrow(/already live/);
      await expect(
        deploy(context, 'listings', builds.v2, { canary: { percent: 0, users: [] } }),
      ).rejects.toThrow(/needs a share/);
      await expect(
        deploy(context, 'listings', builds.v2, { canary: { percent: 101, users: [] } }),
      ).rejects.toThrow(/0 to 100/);
    });
  });

  describe('a canary of a version already in the store', () => {
    it('starts from a published version, records the commit it was built from, and needs one', async () => {
      const { context, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2, { canary: { percent: 10, users: [] } });
      await abort(context, 'listings');
      const started = await startCanary(context, 'listings', V2, { percent: 30, users: ['4'] });
      expect(started.message).toBe(
        `listings ${V2} is the candidate for 30% of users and 1 named user; everyone else stays on ${V1}`,
      );
      expect(await live()).toMatchObject({
        version: V1,
        canary: { version: V2, manifest: `listings/${V2}/mf-manifest.json`, percent: 30 },
      });
      expect(started.recorded).toMatchObject({
        action: 'canary',
        version: V2,
        previous: V1,
        commit: 'abc123def456',
      });
      await abort(context, 'listings');
      await expect(
        startCanary(context, 'listings', V3, { percent: 10, users: [] }),
      ).rejects.toThrow(/not published/);
      await expect(
        startCanary(context, 'listings', V1, { percent: 10, users: [] }),
      ).rejects.toThrow(/already live/);
      await expect(startCanary(context, 'listings', V2, { percent: 0, users: [] })).rejects.toThrow(
        /needs a share/,
      );
    });

    it('rolls back to an aborted candidate with the commit it was built from', async () => {
      const { context, builds } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2, { canary: { percent: 10, users: [] } });
      // The abort is V2's last entry, and it names no commit.
      await abort(context, 'listings');
      const rolled = await rollback(context, 'listings', { to: V2 });
      expect(rolled.recorded).toMatchObject({
        action: 'rollback',
        version: V2,
        previous: V1,
        commit: 'abc123def456',
      });
    });
  });

  describe('a change confirmed against what the caller saw', () => {
    it('is refused when the registry moved meanwhile, and records who made it', async () => {
      const { context, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2);
      await deploy(context, 'listings', builds.v3, { canary: { percent: 10, users: [] } });
      await expect(
        promote(context, 'listings', { expected: { canary: V2 } }),
      ).rejects.toBeInstanceOf(VersionChangedError);
      await expect(
        abort(context, 'listings', { expected: { live: V1, canary: V3 } }),
      ).rejects.toBeInstanceOf(VersionChangedError);
      const admin = { ...context, by: 'ada@x', actor: { id: '9', email: 'ada@x' } };
      await promote(admin, 'listings', { expected: { live: V2, canary: V3 } });
      expect((await live())?.history?.at(-1)).toMatchObject({
        action: 'promote',
        version: V3,
        previous: V2,
        by: 'ada@x',
        actor: { id: '9', email: 'ada@x' },
      });
      expect(rollbackTarget((await live())!)).toBe(V2);
      await expect(
        rollback(context, 'listings', { to: V1, expected: { live: V2 } }),
      ).rejects.toThrow(/now live on/);
      expect((await live())?.version).toBe(V3);
    });

    it('lists the versions a folder store has, newest first', async () => {
      const { context, builds } = await setup();
      await deploy(context, 'listings', builds.v1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await deploy(context, 'listings', builds.v2);
      expect(await context.store.versions?.('listings')).toEqual([V2, V1]);
      expect(await context.store.versions?.('reservations')).toEqual([]);
    });
  });

  describe('status', () => {
    it('shows what is live, the canary and the history with who, when and which commit', async () => {
      const { context, builds } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2, {
        canary: { percent: 25, users: ['7', '9'] },
      });
      const text = formatStatus(await context.registry.read());
      expect(text).toContain(`listings: live ${V1}`);
      expect(text).toContain(
        `canary ${V2} for 25% of users and 2 named users (7, 9), since 2025-03-01 10:02:00Z by alice`,
      );
      expect(text).toMatch(
        new RegExp(
          `2025-03-01 10:01:00Z {2}deploy {3}${V1.replace('+', '\\+')} {2}by alice {2}commit abc123def456`,
        ),
      );
      expect(formatStatus({ remotes: [] })).toBe('The registry names no remotes.');
    });
  });

  describe('two changes of one remote at once', () => {
    /** A folder store whose `has` waits until both deploys have read the registry. */
    function meetingStore(storeDir: string) {
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothRead = new Promise<void>((resolve) => (release = resolve));
      return new (class extends FolderStore {
        override async has(remote: string, version: string) {
          arrived += 1;
          if (arrived === 2) release();
          await bothRead;
          return super.has(remote, version);
        }
      })(storeDir);
    }

    it('writes one and refuses the other with a RegistryConflictError that names the winner', async () => {
      const { context, storeDir, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      const store = meetingStore(storeDir);
      // Two deploying processes, each with its own view of the registry.
      const first = { ...context, store, by: 'alice' };
      const second = { ...context, store, registry: anotherStore(context.registry), by: 'bob' };
      const results = await Promise.allSettled([
        deploy(first, 'listings', builds.v2),
        deploy(second, 'listings', builds.v3),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason] : [],
      );
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(RegistryConflictError);
      const winner = (await live())!;
      expect(lost[0].message).toBe(
        `listings was changed by someone else while this change was being made (deploy of ${winner.version} by ${winner.version === V2 ? 'alice' : 'bob'} at ${winner.history?.at(-1)?.at}); this change was not made. Look at what is live now and try again.`,
      );
      // Nothing of the loser's change is in the registry: the winner's deploy follows V1's.
      expect(winner.history?.map((entry) => [entry.action, entry.version, entry.by])).toEqual([
        ['deploy', V1, 'alice'],
        ['deploy', winner.version, winner.version === V2 ? 'alice' : 'bob'],
      ]);
      // The loser looks again and retries: its deploy is made.
      const retry =
        winner.version === V2
          ? deploy(second, 'listings', builds.v3)
          : deploy(first, 'listings', builds.v2);
      await expect(retry).resolves.toMatchObject({ changed: true });
    });

    it('makes a promote again when only a health verdict was recorded meanwhile', async () => {
      const { context, builds, live } = await setup();
      await deploy(context, 'listings', builds.v1);
      await deploy(context, 'listings', builds.v2, { canary: { percent: 10, users: [] } });
      // The rollout driver, another process, records a verdict between the promote's read and write.
      const driver = { ...context, registry: anotherStore(context.registry), by: 'health check' };
      let raced = false;
      const person: DeliveryContext = {
        ...context,
        registry: racedBy(context.registry, async () => {
          raced = true;
          await recordHealth(
            driver,
            'listings',
            verdict('healthy', 'error rate 0.2 % vs 0.2 %, 40 sessions'),
            { canary: V2 },
          );
        }),
      };
      await expect(promote(person, 'listings')).resolves.toMatchObject({ changed: true });
      expect(raced).toBe(true);
      expect(await live()).toMatchObject({ version: V2 });
      expect((await live())?.history?.at(-1)).toMatchObject({ action: 'promote', by: 'alice' });
    });
  });
}

describe('with the registry in a file', () => operationsWith('file'));
// The same tests on PostgreSQL; without TEST_DATABASE_URL they are listed as skipped, saying why.
describeOnServer('with the registry in PostgreSQL', () => operationsWith('PostgreSQL'));
