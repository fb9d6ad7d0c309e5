/** @jest-environment node */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fakeBuild, temporaryDir } from '../testSupport';
import {
  abort,
  deploy,
  formatStatus,
  promote,
  rollback,
  rollbackTarget,
  startCanary,
  VersionChangedError,
  type DeliveryContext,
} from './operations';
import { readRegistryFile, writeRegistryFile } from './registryFile';
import { FolderStore } from './store';

const V1 = '0.1.0+11111111';
const V2 = '0.1.0+22222222';
const V3 = '0.2.0+33333333';

function setup() {
  const storeDir = temporaryDir('store');
  let clock = Date.parse('2025-03-01T10:00:00Z');
  const context: DeliveryContext = {
    registryFile: path.join(temporaryDir('registry'), 'remotes.json'),
    store: new FolderStore(storeDir),
    by: 'alice',
    now: () => new Date((clock += 60_000)),
  };
  const builds = {
    v1: fakeBuild({ name: 'listings', version: V1 }),
    v2: fakeBuild({ name: 'listings', version: V2 }),
    v3: fakeBuild({ name: 'listings', version: V3 }),
  };
  const live = async () =>
    (await readRegistryFile(context.registryFile)).remotes.find(
      (remote) => remote.name === 'listings',
    );
  return { context, storeDir, builds, live };
}

describe('deploying a remote', () => {
  it('publishes the build under <remote>/<version>/ and makes it live, with its history', async () => {
    const { context, storeDir, builds, live } = setup();
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
    const { context, storeDir, builds } = setup();
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
    const { context } = setup();
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
    const { context, builds, live } = setup();
    expect((await deploy(context, 'listings', builds.v1, { ifNew: true })).changed).toBe(true);
    await deploy(context, 'listings', builds.v2, { ifNew: true });
    await rollback(context, 'listings');
    expect((await live())?.version).toBe(V1);
    const skipped = await deploy(context, 'listings', builds.v2, { ifNew: true });
    expect(skipped.changed).toBe(false);
    expect((await live())?.version).toBe(V1);

    // A registry pointed at a dev server by hand is not replaced by the workspace build.
    await writeRegistryFile(context.registryFile, {
      remotes: [{ name: 'listings', manifest: 'http://localhost:3011/mf-manifest.json' }],
    });
    expect((await deploy(context, 'listings', builds.v3, { ifNew: true })).message).toBe(
      'listings points at http://localhost:3011/mf-manifest.json, set by hand; left as it is',
    );
  });
});

describe('rolling back', () => {
  it('goes back one deploy at a time instead of swinging between two versions', async () => {
    const { context, builds, live } = setup();
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
    const { context, storeDir, builds } = setup();
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
    const { context, builds, live } = setup();
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
    expect(promoted).toMatchObject({ version: V2, manifest: `listings/${V2}/mf-manifest.json` });
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
    const { context, builds, live } = setup();
    await deploy(context, 'listings', builds.v1);
    await deploy(context, 'listings', builds.v2, { canary: { percent: 50, users: [] } });
    await abort(context, 'listings');
    expect(await live()).toMatchObject({ version: V1 });
    expect((await live())?.canary).toBeUndefined();
    await expect(abort(context, 'listings')).rejects.toThrow(/no canary to abort/);
    await expect(promote(context, 'listings')).rejects.toThrow(/no canary to promote/);
  });

  it('needs a live version, another version and a share or users', async () => {
    const { context, builds } = setup();
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
    const { context, builds, live } = setup();
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
    await expect(startCanary(context, 'listings', V3, { percent: 10, users: [] })).rejects.toThrow(
      /not published/,
    );
    await expect(startCanary(context, 'listings', V1, { percent: 10, users: [] })).rejects.toThrow(
      /already live/,
    );
    await expect(startCanary(context, 'listings', V2, { percent: 0, users: [] })).rejects.toThrow(
      /needs a share/,
    );
  });
});

describe('a change confirmed against what the caller saw', () => {
  it('is refused when the registry moved meanwhile, and records who made it', async () => {
    const { context, builds, live } = setup();
    await deploy(context, 'listings', builds.v1);
    await deploy(context, 'listings', builds.v2);
    await deploy(context, 'listings', builds.v3, { canary: { percent: 10, users: [] } });
    await expect(promote(context, 'listings', { expected: { canary: V2 } })).rejects.toBeInstanceOf(
      VersionChangedError,
    );
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
    await expect(rollback(context, 'listings', { to: V1, expected: { live: V2 } })).rejects.toThrow(
      /now live on/,
    );
    expect((await live())?.version).toBe(V3);
  });

  it('lists the versions a folder store has, newest first', async () => {
    const { context, builds } = setup();
    await deploy(context, 'listings', builds.v1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await deploy(context, 'listings', builds.v2);
    expect(await context.store.versions?.('listings')).toEqual([V2, V1]);
    expect(await context.store.versions?.('reservations')).toEqual([]);
  });
});

describe('status', () => {
  it('shows what is live, the canary and the history with who, when and which commit', async () => {
    const { context, builds } = setup();
    await deploy(context, 'listings', builds.v1);
    await deploy(context, 'listings', builds.v2, { canary: { percent: 25, users: ['7', '9'] } });
    const text = formatStatus(await readRegistryFile(context.registryFile));
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
