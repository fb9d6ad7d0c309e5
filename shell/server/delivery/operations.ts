// The deploy command's operations on the registry and the store: deploy (to everyone or as a
// canary), rollback, promote, abort, status. Each one reads the registry, changes one remote and
// writes it back atomically under the lock, so the next page load gets the change; nothing is
// rebuilt or restarted. The CLI (`npm run remotes`) and the shell server's delivery console
// (/admin-api/remotes) both call these functions.
import { readBuild, type BuildInfo } from './build';
import {
  HISTORY_LIMIT,
  readRegistryFile,
  withRegistryLock,
  writeRegistryFile,
  type Actor,
  type HistoryAction,
  type HistoryEntry,
  type RegistryFile,
  type RegistryRemote,
} from './registryFile';
import type { RemoteStore } from './store';

export interface DeliveryContext {
  registryFile: string;
  store: RemoteStore;
  /** Who is deploying ($USER or the git author; the admin's email from the console). */
  by: string;
  /** The signed-in admin, when the change comes from the delivery console. */
  actor?: Actor;
  now?: () => Date;
}

/**
 * What the caller saw before asking for the change (the console's confirmation names it): the
 * live version and the canary's candidate (null: none). Checked under the registry's lock, so a
 * change made meanwhile is refused with `VersionChangedError` instead of being acted on blindly.
 */
export interface Expected {
  live?: string | null;
  canary?: string | null;
}

export interface CanaryOptions {
  /** Share of users (0–100) by their stable bucket. */
  percent: number;
  /** User ids that always get the candidate. */
  users: string[];
}

export interface DeployOptions {
  canary?: CanaryOptions;
  /**
   * Only if the remote has no live version yet or this build was never published (what `npm start`
   * does with the workspace builds): a rollback, a canary or an entry set by hand (no version,
   * e.g. a dev server) is left alone.
   */
  ifNew?: boolean;
}

export interface Outcome {
  remote: string;
  /** What happened, for people. */
  message: string;
  changed: boolean;
  version?: string;
  published?: boolean;
  /** The history entry the change recorded (who, when, from which version). */
  recorded?: HistoryEntry;
}

export class DeliveryError extends Error {}

/** The remote is not in the registry. */
export class UnknownRemoteError extends DeliveryError {}

/** The registry moved since the caller looked (see `Expected`). */
export class VersionChangedError extends DeliveryError {}

function stamp(context: DeliveryContext): { at: string; by: string; actor?: Actor } {
  return {
    at: (context.now?.() ?? new Date()).toISOString(),
    by: context.by,
    ...(context.actor ? { actor: context.actor } : {}),
  };
}

function checkExpected(remote: RegistryRemote, expected: Expected | undefined): void {
  if (!expected) return;
  const live = remote.version ?? null;
  const canary = remote.canary?.version ?? null;
  if (expected.live !== undefined && expected.live !== live) {
    throw new VersionChangedError(
      `${remote.name} is now live on ${live ?? 'no version'}, not ${expected.live ?? 'no version'}: look again before you confirm`,
    );
  }
  if (expected.canary !== undefined && expected.canary !== canary) {
    throw new VersionChangedError(
      `${remote.name}'s canary is now ${canary ?? 'none'}, not ${expected.canary ?? 'none'}: look again before you confirm`,
    );
  }
}

function record(
  remote: RegistryRemote,
  context: DeliveryContext,
  change: {
    action: HistoryAction;
    version: string;
    manifest: string;
    previous: string | null;
    commit?: string;
  },
): void {
  const entry: HistoryEntry = {
    action: change.action,
    version: change.version,
    manifest: change.manifest,
    previous: change.previous,
    ...stamp(context),
    ...(change.commit ? { commit: change.commit } : {}),
  };
  remote.history = [...(remote.history ?? []), entry].slice(-HISTORY_LIMIT);
}

function find(registry: RegistryFile, name: string): RegistryRemote {
  const remote = registry.remotes.find((candidate) => candidate.name === name);
  if (!remote) throw new UnknownRemoteError(`${name} is not in the registry: deploy it first`);
  return remote;
}

function refuseDuringCanary(remote: RegistryRemote, doing: string): void {
  if (remote.canary) {
    throw new DeliveryError(
      `a canary of ${remote.name} (${remote.canary.version}) is running: promote or abort it before you ${doing}`,
    );
  }
}

/** Runs one change on the registry under its lock; writes it back only if something changed. */
async function change(
  context: DeliveryContext,
  work: (registry: RegistryFile) => Promise<Outcome>,
): Promise<Outcome> {
  return withRegistryLock(context.registryFile, async () => {
    const registry = await readRegistryFile(context.registryFile, { missingIsEmpty: true });
    const outcome = await work(registry);
    if (!outcome.changed) return outcome;
    await writeRegistryFile(context.registryFile, registry);
    const remote = registry.remotes.find((candidate) => candidate.name === outcome.remote);
    const recorded = remote?.history?.at(-1);
    return recorded ? { ...outcome, recorded } : outcome;
  });
}

function checkCanaryOptions(canary: CanaryOptions): void {
  if (!Number.isInteger(canary.percent) || canary.percent < 0 || canary.percent > 100) {
    throw new DeliveryError('the canary share must be a whole percentage from 0 to 100');
  }
  if (canary.percent === 0 && canary.users.length === 0) {
    throw new DeliveryError(
      'a canary needs a share of users (--canary <percent>) or named users (--users)',
    );
  }
}

/** Makes `version` the candidate of a canary of a remote that has a live version. */
function beginCanary(
  remote: RegistryRemote,
  context: DeliveryContext,
  release: { version: string; manifest: string; commit?: string },
  canary: CanaryOptions,
): void {
  const { at, by, actor } = stamp(context);
  remote.canary = {
    version: release.version,
    manifest: release.manifest,
    percent: canary.percent,
    users: canary.users,
    since: at,
    by,
    ...(actor ? { actor } : {}),
  };
  record(remote, context, {
    action: 'canary',
    version: release.version,
    manifest: release.manifest,
    previous: remote.version ?? null,
    commit: release.commit,
  });
}

function describeCanary({ percent, users }: CanaryOptions): string {
  const named = users.length ? `${users.length} named user${users.length === 1 ? '' : 's'}` : '';
  if (percent && named) return `${percent}% of users and ${named}`;
  return named || `${percent}% of users`;
}

/**
 * Publishes a build under `<remote>/<version>/` (unless that version is published already: same
 * version, same files) and makes it live, or the candidate of a canary.
 */
export async function deploy(
  context: DeliveryContext,
  remoteName: string,
  buildDir: string,
  options: DeployOptions = {},
): Promise<Outcome> {
  const build: BuildInfo = await readBuild(buildDir);
  if (build.name !== remoteName) {
    throw new DeliveryError(`${buildDir} is a build of ${build.name}, not of ${remoteName}`);
  }
  const { canary } = options;
  if (canary) checkCanaryOptions(canary);
  const { store } = context;
  const version = build.version;
  return change(context, async (registry) => {
    let remote = registry.remotes.find((candidate) => candidate.name === remoteName);
    const wasPublished = await store.has(remoteName, version);
    if (options.ifNew && remote && !remote.version) {
      return {
        remote: remoteName,
        version,
        changed: false,
        message: `${remoteName} points at ${remote.manifest}, set by hand; left as it is`,
      };
    }
    if (options.ifNew && remote && wasPublished) {
      return {
        remote: remoteName,
        version,
        changed: false,
        message: `${remoteName} ${version} was published before; ${remote.version} stays live`,
      };
    }
    if (remote) refuseDuringCanary(remote, 'deploy');
    if (canary && !remote) {
      throw new DeliveryError(`${remoteName} has no live version yet: deploy it to everyone first`);
    }
    if (!canary && remote?.version === version) {
      return {
        remote: remoteName,
        version,
        changed: false,
        message: `${remoteName} ${version} is already live`,
      };
    }
    if (canary && remote?.version === version) {
      throw new DeliveryError(
        `${remoteName} ${version} is already live: a canary needs another version`,
      );
    }

    if (!wasPublished) await store.publish(remoteName, version, buildDir);
    const manifest = store.manifestFor(remoteName, version);
    const published = wasPublished ? 'already published' : `published to ${store.location}`;

    if (canary && remote) {
      beginCanary(remote, context, { version, manifest, commit: build.commit }, canary);
      return {
        remote: remoteName,
        version,
        changed: true,
        published: !wasPublished,
        message: `${remoteName} ${version} (${published}) is the candidate for ${describeCanary(canary)}; everyone else stays on ${remote.version}`,
      };
    }

    if (!remote) {
      remote = { name: remoteName, manifest };
      registry.remotes.push(remote);
    }
    const previous = remote.version ?? null;
    remote.version = version;
    remote.manifest = manifest;
    record(remote, context, {
      action: 'deploy',
      version,
      manifest,
      previous,
      commit: build.commit,
    });
    return {
      remote: remoteName,
      version,
      changed: true,
      published: !wasPublished,
      message: `${remoteName} ${version} (${published}) is live${previous ? ` (was ${previous})` : ''}`,
    };
  });
}

/**
 * Switches back to the version that was live before the current one was deployed (or promoted),
 * or to `to`. Repeated rollbacks walk further back instead of swinging between two versions.
 */
export async function rollback(
  context: DeliveryContext,
  remoteName: string,
  options: { to?: string; expected?: Expected } = {},
): Promise<Outcome> {
  return change(context, async (registry) => {
    const remote = find(registry, remoteName);
    checkExpected(remote, options.expected);
    refuseDuringCanary(remote, 'roll back');
    const history = remote.history ?? [];
    const current = remote.version;
    const target = options.to ?? rollbackTarget(remote);
    if (!target) throw new DeliveryError(`${remoteName} has no earlier version to roll back to`);
    if (target === current) throw new DeliveryError(`${remoteName} ${target} is already live`);
    const known = history.findLast((entry) => entry.version === target);
    if (!known) throw new DeliveryError(`${remoteName} ${target} was never deployed here`);
    if (!(await context.store.has(remoteName, target))) {
      throw new DeliveryError(
        `the files of ${remoteName} ${target} are gone from ${context.store.location}`,
      );
    }
    remote.version = target;
    remote.manifest = known.manifest;
    record(remote, context, {
      action: 'rollback',
      version: target,
      manifest: known.manifest,
      previous: current ?? null,
      commit: known.commit,
    });
    return {
      remote: remoteName,
      version: target,
      changed: true,
      message: `${remoteName} is back on ${target} (was ${current ?? 'unversioned'})`,
    };
  });
}

/**
 * Where a plain `rollback` goes: the version that was live before the current one was deployed
 * or promoted (null: none).
 */
export function rollbackTarget(remote: RegistryRemote): string | null {
  const madeLive = (remote.history ?? []).findLast(
    (entry) =>
      entry.version === remote.version && (entry.action === 'deploy' || entry.action === 'promote'),
  );
  return madeLive?.previous ?? null;
}

/**
 * Starts a canary of a version already in the store (deployed before, or published by a
 * `deploy --canary` that was aborted): what the console offers, as `deploy --canary` does for a
 * new build.
 */
export async function startCanary(
  context: DeliveryContext,
  remoteName: string,
  version: string,
  canary: CanaryOptions,
  options: { expected?: Expected } = {},
): Promise<Outcome> {
  checkCanaryOptions(canary);
  return change(context, async (registry) => {
    const remote = find(registry, remoteName);
    checkExpected(remote, options.expected);
    refuseDuringCanary(remote, 'start another');
    if (remote.version === version) {
      throw new DeliveryError(
        `${remoteName} ${version} is already live: a canary needs another version`,
      );
    }
    if (!(await context.store.has(remoteName, version))) {
      throw new DeliveryError(
        `${remoteName} ${version} is not published in ${context.store.location}: deploy it with --canary`,
      );
    }
    const manifest = context.store.manifestFor(remoteName, version);
    // An abort records no commit: the entry that does is the one the build was deployed with.
    const commit = (remote.history ?? []).findLast(
      (entry) => entry.version === version && entry.commit,
    )?.commit;
    beginCanary(remote, context, { version, manifest, commit }, canary);
    return {
      remote: remoteName,
      version,
      changed: true,
      message: `${remoteName} ${version} is the candidate for ${describeCanary(canary)}; everyone else stays on ${remote.version ?? remote.manifest}`,
    };
  });
}

/** The candidate becomes the live version for everyone. */
export async function promote(
  context: DeliveryContext,
  remoteName: string,
  options: { expected?: Expected } = {},
): Promise<Outcome> {
  return change(context, async (registry) => {
    const remote = find(registry, remoteName);
    checkExpected(remote, options.expected);
    const { canary } = remote;
    if (!canary) throw new DeliveryError(`${remoteName} has no canary to promote`);
    const previous = remote.version ?? null;
    const commit = (remote.history ?? []).findLast(
      (entry) => entry.version === canary.version,
    )?.commit;
    remote.version = canary.version;
    remote.manifest = canary.manifest;
    delete remote.canary;
    record(remote, context, {
      action: 'promote',
      version: canary.version,
      manifest: canary.manifest,
      previous,
      commit,
    });
    return {
      remote: remoteName,
      version: canary.version,
      changed: true,
      message: `${remoteName} ${canary.version} is live for everyone (was ${previous ?? 'unversioned'})`,
    };
  });
}

/** Ends a canary: everyone is on the live version again. */
export async function abort(
  context: DeliveryContext,
  remoteName: string,
  options: { expected?: Expected } = {},
): Promise<Outcome> {
  return change(context, async (registry) => {
    const remote = find(registry, remoteName);
    checkExpected(remote, options.expected);
    const { canary } = remote;
    if (!canary) throw new DeliveryError(`${remoteName} has no canary to abort`);
    delete remote.canary;
    record(remote, context, {
      action: 'abort',
      version: canary.version,
      manifest: canary.manifest,
      previous: remote.version ?? null,
    });
    return {
      remote: remoteName,
      version: remote.version,
      changed: true,
      message: `${remoteName} canary ${canary.version} aborted; everyone is on ${remote.version ?? remote.manifest}`,
    };
  });
}

function when(iso: string | undefined): string {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '?';
}

/** What is live, the canary and the history of each remote, newest first, for people. */
export function formatStatus(registry: RegistryFile, only?: string): string {
  const remotes = registry.remotes.filter((remote) => !only || remote.name === only);
  if (remotes.length === 0)
    return only ? `${only} is not in the registry.` : 'The registry names no remotes.';
  return remotes
    .map((remote) => {
      const lines = [
        `${remote.name}: live ${remote.version ?? '(unversioned)'}  ${remote.manifest}`,
      ];
      if (remote.canary) {
        const { version, percent, users, since, by } = remote.canary;
        lines.push(
          `  canary ${version} for ${describeCanary({ percent, users })}${users.length ? ` (${users.join(', ')})` : ''}, since ${when(since)}${by ? ` by ${by}` : ''}`,
        );
      }
      const history = [...(remote.history ?? [])].reverse();
      if (history.length) lines.push('  history (newest first):');
      for (const entry of history.slice(0, 10)) {
        const was =
          entry.previous && entry.action !== 'canary' && entry.action !== 'abort'
            ? `  (was ${entry.previous})`
            : '';
        lines.push(
          `    ${when(entry.at)}  ${entry.action.padEnd(8)} ${entry.version}${was}  by ${entry.by || '?'}${entry.commit ? `  commit ${entry.commit}` : ''}`,
        );
      }
      if (history.length > 10) lines.push(`    … ${history.length - 10} earlier`);
      return lines.join('\n');
    })
    .join('\n\n');
}
