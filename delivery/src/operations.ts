// The deploy command's operations on the registry and the store: deploy (to everyone or as a
// canary), rollback, promote, abort, status. Each one changes one remote through the registry
// store (a file or PostgreSQL, ./registryStore), atomically: a change made meanwhile by another
// writer is refused with RegistryConflictError, never overwritten. The next page load gets the
// change; nothing is rebuilt or restarted. The CLI (`npm run remotes`), the shell server's delivery
// console (/admin-api/remotes) and the rollout driver all call these functions.
import type { RolloutHealth, RolloutStrategy } from '@hostdash/shared-auth';
import { readBuild, type BuildInfo } from './build';
import {
  HISTORY_LIMIT,
  type Actor,
  type HistoryAction,
  type HistoryEntry,
  type RegistryFile,
  type RegistryRemote,
  type ReleaseFacts,
} from './model';
import {
  lastChange,
  RegistryConflictError,
  sameChange,
  type ChangeStamp,
  type RegistryStore,
} from './registryStore';
import { entryIntegrity, type RemoteStore } from './store';
import { STRATEGIES } from './strategies';

export interface DeliveryContext {
  /** Where the registry is kept (the file, or PostgreSQL). */
  registry: RegistryStore;
  store: RemoteStore;
  /** Who is deploying ($USER or the git author; the admin's email from the console). */
  by: string;
  /** The signed-in admin, when the change comes from the delivery console. */
  actor?: Actor;
  now?: () => Date;
}

/**
 * What the caller saw before asking for the change (the console's confirmation names it): the
 * live version and the canary's candidate (null: none). Checked against the registry as it is when
 * the change is made, so a change made meanwhile is refused with `VersionChangedError` instead of
 * being acted on blindly.
 */
export interface Expected {
  live?: string | null;
  canary?: string | null;
  /** The step of the canary's strategy (the rollout driver's advance). */
  step?: number;
}

export interface CanaryOptions {
  /** Share of users (0–100) by their stable bucket. */
  percent: number;
  /** User ids that always get the candidate. */
  users: string[];
  /** Raised step by step by the rollout driver; `percent` is then its first step's share. */
  strategy?: RolloutStrategy;
}

export interface DeployOptions {
  canary?: CanaryOptions;
  /**
   * Only if the remote has no live version yet or this build was never published (what `npm start`
   * does with the workspace builds): a rollback, a canary or an entry set by hand (no version,
   * e.g. a dev server) is left alone.
   */
  ifNew?: boolean;
  /** `all-at-once` is a plain deploy; the others start a canary at their first step. */
  strategy?: RolloutStrategy;
  /**
   * Publish only (`deploy --preview`): nobody gets the version until someone starts its canary or
   * deploys it; meanwhile it can be previewed in one browser (docs/adr/0042).
   */
  preview?: boolean;
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
  const step = remote.canary?.rollout?.step;
  if (expected.step !== undefined && expected.step !== step) {
    throw new VersionChangedError(
      `${remote.name}'s rollout is now at step ${step === undefined ? 'none' : step + 1}, not ${expected.step + 1}: look again`,
    );
  }
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

/** The remote being changed (undefined until a first deploy adds it) and the entries recorded. */
interface Draft {
  remote: RegistryRemote | undefined;
  recorded: HistoryEntry[];
}

function record(
  draft: Draft & { remote: RegistryRemote },
  context: DeliveryContext,
  change: {
    action: HistoryAction;
    version: string;
    manifest: string;
    previous: string | null;
    commit?: string;
    percent?: number;
    reason?: string;
  } & ReleaseFacts,
): void {
  const entry: HistoryEntry = {
    action: change.action,
    version: change.version,
    manifest: change.manifest,
    previous: change.previous,
    ...stamp(context),
    ...(change.commit ? { commit: change.commit } : {}),
    ...(change.percent !== undefined ? { percent: change.percent } : {}),
    ...(change.reason ? { reason: change.reason } : {}),
    ...facts(change),
  };
  const { remote } = draft;
  remote.history = [...(remote.history ?? []), entry].slice(-HISTORY_LIMIT);
  draft.recorded.push(entry);
}

/** Only the facts that are known (the registry file has no undefined fields). */
function facts({ integrity, contract }: ReleaseFacts): ReleaseFacts {
  return { ...(integrity ? { integrity } : {}), ...(contract ? { contract } : {}) };
}

/** Sets a release's facts on the live remote or its canary, dropping the ones of the one before. */
function setFacts(target: ReleaseFacts, next: ReleaseFacts): void {
  delete target.integrity;
  delete target.contract;
  Object.assign(target, facts(next));
}

/**
 * What the registry knows of a published version (its last history entry that says), completed
 * by the store when it can tell: a registry written before integrity was kept (docs/adr/0019).
 */
async function knownFacts(
  context: DeliveryContext,
  remote: RegistryRemote,
  version: string,
): Promise<ReleaseFacts> {
  const history = remote.history ?? [];
  const integrity =
    history.findLast((entry) => entry.version === version && entry.integrity)?.integrity ??
    (await context.store.integrity?.(remote.name, version));
  const contract = history.findLast(
    (entry) => entry.version === version && entry.contract,
  )?.contract;
  return facts({ integrity, contract });
}

/**
 * The commit a version was built from: its last history entry that names one (an abort or a
 * rollout's advance does not; the deploy, canary, promote and rollback entries do).
 */
function deployedCommit(remote: RegistryRemote, version: string): string | undefined {
  return (remote.history ?? []).findLast((entry) => entry.version === version && entry.commit)
    ?.commit;
}

function find(draft: Draft, name: string): Draft & { remote: RegistryRemote } {
  const { remote } = draft;
  if (!remote) throw new UnknownRemoteError(`${name} is not in the registry: deploy it first`);
  return { ...draft, remote };
}

function refuseDuringCanary(remote: RegistryRemote, doing: string): void {
  if (remote.canary) {
    throw new DeliveryError(
      `a canary of ${remote.name} (${remote.canary.version}) is running: promote or abort it before you ${doing}`,
    );
  }
}

/** How often a change is made again after the rollout driver recorded a verdict meanwhile. */
const VERDICT_RETRIES = 3;

/**
 * Runs one change of one remote through the registry store, which writes it only if nobody
 * changed that remote meanwhile (else `RegistryConflictError`), and only if something changed.
 * A verdict the rollout driver recorded meanwhile (it adds no history entry) is no one else's
 * change: the change is worked out again on the remote as it is now, so a person's promote is
 * not refused because a health check ran, and is judged on the verdict just recorded.
 */
async function change(
  context: DeliveryContext,
  name: string,
  work: (draft: Draft) => Promise<Outcome>,
): Promise<Outcome> {
  for (let attempt = 0; ; attempt++) {
    let seen: ChangeStamp | undefined;
    try {
      return await changeOnce(context, name, (draft) => {
        seen = lastChange(draft.remote);
        return work(draft);
      });
    } catch (error) {
      // The conflict names the remote's last change as the write found it: the one this change
      // was worked out after, so only a verdict came in between.
      if (
        !(error instanceof RegistryConflictError) ||
        attempt === VERDICT_RETRIES ||
        !sameChange(error.winner, seen)
      )
        throw error;
    }
  }
}

async function changeOnce(
  context: DeliveryContext,
  name: string,
  work: (draft: Draft) => Promise<Outcome>,
): Promise<Outcome> {
  let outcome: Outcome | undefined;
  let recorded: HistoryEntry | undefined;
  await context.registry.update(name, async (current) => {
    const draft: Draft = { remote: current, recorded: [] };
    outcome = await work(draft);
    const { remote } = draft;
    if (!outcome.changed || !remote) return null;
    // A live version deployed before integrity was kept gets it now, if the store can tell.
    if (remote.version && !remote.integrity) {
      const integrity = await context.store.integrity?.(remote.name, remote.version);
      if (integrity) remote.integrity = integrity;
    }
    // A recorded verdict changes the registry without a history entry (recordHealth).
    recorded = draft.recorded.at(-1);
    return { remote, recorded: draft.recorded };
  });
  const done = outcome as Outcome;
  return recorded ? { ...done, recorded } : done;
}

function checkCanaryOptions(canary: CanaryOptions): void {
  if (canary.strategy && !STRATEGIES[canary.strategy].length) {
    throw new DeliveryError(`${canary.strategy} has no canary steps: deploy without --canary`);
  }
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
  draft: Draft & { remote: RegistryRemote },
  context: DeliveryContext,
  release: { version: string; manifest: string; commit?: string } & ReleaseFacts,
  canary: CanaryOptions,
): void {
  const { at, by, actor } = stamp(context);
  const { remote } = draft;
  remote.canary = {
    version: release.version,
    manifest: release.manifest,
    ...facts(release),
    percent: canary.percent,
    users: canary.users,
    since: at,
    by,
    ...(actor ? { actor } : {}),
    ...(canary.strategy ? { rollout: { strategy: canary.strategy, step: 0, stepSince: at } } : {}),
  };
  record(draft, context, {
    action: 'canary',
    version: release.version,
    manifest: release.manifest,
    previous: remote.version ?? null,
    commit: release.commit,
    percent: canary.percent,
    ...(canary.strategy ? { reason: `strategy ${canary.strategy}` } : {}),
    ...facts(release),
  });
}

function describeCanary({ percent, users, strategy }: CanaryOptions): string {
  const named = users.length ? `${users.length} named user${users.length === 1 ? '' : 's'}` : '';
  const share =
    percent && named ? `${percent}% of users and ${named}` : named || `${percent}% of users`;
  return strategy ? `${share} (${strategy}, raised while healthy)` : share;
}

/**
 * What `deploy` does with a strategy: `all-at-once` is a plain deploy; another starts a canary at
 * its first step's share (plus any named users).
 */
export function canaryForStrategy(
  strategy: RolloutStrategy | undefined,
  canary: CanaryOptions | undefined,
): CanaryOptions | undefined {
  if (!strategy) return canary;
  const first = STRATEGIES[strategy][0];
  if (!first) {
    if (canary) throw new DeliveryError('all-at-once deploys to everyone: leave out --canary');
    return undefined;
  }
  if (canary?.percent) {
    throw new DeliveryError(`${strategy} sets the share itself: leave out --canary <percent>`);
  }
  return { percent: first.percent, users: canary?.users ?? [], strategy };
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
  const canary = canaryForStrategy(options.strategy, options.canary);
  if (canary) checkCanaryOptions(canary);
  if (options.preview && (canary || options.ifNew)) {
    throw new DeliveryError(
      '--preview publishes only: leave out --canary, --strategy and --if-new',
    );
  }
  const { store } = context;
  const version = build.version;
  return change(context, remoteName, async (draft) => {
    let remote = draft.remote;
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
    if (options.preview) {
      if (!remote) {
        throw new DeliveryError(
          `${remoteName} has no live version yet: deploy it to everyone first, then preview the next`,
        );
      }
      if (remote.version === version) {
        throw new DeliveryError(`${remoteName} ${version} is live: everyone has it already`);
      }
      if (!wasPublished) await store.publish(remoteName, version, buildDir);
      return {
        remote: remoteName,
        version,
        changed: false,
        published: !wasPublished,
        message: `${remoteName} ${version} is ${wasPublished ? 'already published' : `published to ${store.location}`}; nobody gets it yet (live: ${remote.version ?? remote.manifest})`,
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
    // The integrity of what the store serves, or of the build it was published from (the same
    // bytes): the page refuses an entry that differs from it.
    const release = {
      version,
      manifest,
      commit: build.commit,
      ...facts({
        integrity:
          (await store.integrity?.(remoteName, version)) ?? (await entryIntegrity(buildDir)),
        contract: build.contract,
      }),
    };

    if (canary && remote) {
      beginCanary({ ...draft, remote }, context, release, canary);
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
      draft.remote = remote;
    }
    const previous = remote.version ?? null;
    remote.version = version;
    remote.manifest = manifest;
    setFacts(remote, release);
    record({ ...draft, remote }, context, {
      action: 'deploy',
      previous,
      ...release,
      ...(options.strategy ? { reason: `strategy ${options.strategy}` } : {}),
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
  return change(context, remoteName, async (draft) => {
    const found = find(draft, remoteName);
    const { remote } = found;
    checkExpected(remote, options.expected);
    refuseDuringCanary(remote, 'roll back');
    const history = remote.history ?? [];
    const current = remote.version;
    const target = options.to ?? rollbackTarget(remote);
    if (!target) throw new DeliveryError(`${remoteName} has no earlier version to roll back to`);
    if (target === current) throw new DeliveryError(`${remoteName} ${target} is already live`);
    // A preview is no deploy: a version only ever previewed was never live here.
    const known = history.findLast(
      (entry) => entry.version === target && entry.action !== 'preview',
    );
    if (!known) throw new DeliveryError(`${remoteName} ${target} was never deployed here`);
    if (!(await context.store.has(remoteName, target))) {
      throw new DeliveryError(
        `the files of ${remoteName} ${target} are gone from ${context.store.location}`,
      );
    }
    const targetFacts = await knownFacts(context, remote, target);
    remote.version = target;
    remote.manifest = known.manifest;
    setFacts(remote, targetFacts);
    record(found, context, {
      action: 'rollback',
      version: target,
      manifest: known.manifest,
      previous: current ?? null,
      commit: deployedCommit(remote, target),
      ...targetFacts,
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
  return change(context, remoteName, async (draft) => {
    const found = find(draft, remoteName);
    const { remote } = found;
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
    const commit = deployedCommit(remote, version);
    const known = await knownFacts(context, remote, version);
    beginCanary(found, context, { version, manifest, commit, ...known }, canary);
    return {
      remote: remoteName,
      version,
      changed: true,
      message: `${remoteName} ${version} is the candidate for ${describeCanary(canary)}; everyone else stays on ${remote.version ?? remote.manifest}`,
    };
  });
}

/** The health analysis judged the candidate unhealthy: promote it only with `force`. */
export class UnhealthyCandidateError extends DeliveryError {}

/**
 * The candidate becomes the live version for everyone. A candidate whose latest verdict is
 * unhealthy is refused unless `force` (`promote --force`).
 */
export async function promote(
  context: DeliveryContext,
  remoteName: string,
  options: { expected?: Expected; force?: boolean; reason?: string } = {},
): Promise<Outcome> {
  return change(context, remoteName, async (draft) => {
    const found = find(draft, remoteName);
    const { remote } = found;
    checkExpected(remote, options.expected);
    const { canary } = remote;
    if (!canary) throw new DeliveryError(`${remoteName} has no canary to promote`);
    if (canary.health?.verdict === 'unhealthy' && !options.force) {
      throw new UnhealthyCandidateError(
        `${remoteName} ${canary.version} is unhealthy (${canary.health.reason}): promote it anyway with --force`,
      );
    }
    const previous = remote.version ?? null;
    const commit = deployedCommit(remote, canary.version);
    remote.version = canary.version;
    remote.manifest = canary.manifest;
    setFacts(remote, canary);
    delete remote.canary;
    const unhealthy = canary.health?.verdict === 'unhealthy';
    record(found, context, {
      action: 'promote',
      version: canary.version,
      manifest: canary.manifest,
      previous,
      commit,
      ...(options.reason || unhealthy
        ? { reason: options.reason ?? `forced while unhealthy: ${canary.health?.reason}` }
        : {}),
      ...facts(canary),
    });
    return {
      remote: remoteName,
      version: canary.version,
      changed: true,
      message: `${remoteName} ${canary.version} is live for everyone (was ${previous ?? 'unversioned'})`,
    };
  });
}

/** Ends a canary: everyone is on the live version again (at their next page load). */
export async function abort(
  context: DeliveryContext,
  remoteName: string,
  options: { expected?: Expected; reason?: string } = {},
): Promise<Outcome> {
  return change(context, remoteName, async (draft) => {
    const found = find(draft, remoteName);
    const { remote } = found;
    checkExpected(remote, options.expected);
    const { canary } = remote;
    if (!canary) throw new DeliveryError(`${remoteName} has no canary to abort`);
    delete remote.canary;
    record(found, context, {
      action: 'abort',
      version: canary.version,
      manifest: canary.manifest,
      previous: remote.version ?? null,
      ...(options.reason ? { reason: options.reason } : {}),
    });
    return {
      remote: remoteName,
      version: remote.version,
      changed: true,
      message: `${remoteName} canary ${canary.version} ${options.reason ?? 'aborted'}; everyone is on ${remote.version ?? remote.manifest}`,
    };
  });
}

/** A published version someone may preview: what its release is, as the registry would serve it. */
export interface PreviewTarget extends ReleaseFacts {
  version: string;
  manifest: string;
  commit?: string;
}

/**
 * What a preview of `version` would load: a published version that is not the live one. Refused
 * (DeliveryError) for a remote the registry does not name, a version the store does not have, and
 * the live version (everyone has it).
 */
export async function previewTarget(
  context: Pick<DeliveryContext, 'registry' | 'store'>,
  remoteName: string,
  version: string,
): Promise<PreviewTarget> {
  const live = await context.registry.read({ missingIsEmpty: true });
  const remote = live.remotes.find((candidate) => candidate.name === remoteName);
  if (!remote)
    throw new UnknownRemoteError(`${remoteName} is not in the registry: deploy it first`);
  if (remote.version === version) {
    throw new DeliveryError(`${remoteName} ${version} is live: everyone has it already`);
  }
  if (!(await context.store.has(remoteName, version))) {
    throw new DeliveryError(
      `${remoteName} ${version} is not published in ${context.store.location}: publish it with deploy --preview`,
    );
  }
  return {
    version,
    manifest: context.store.manifestFor(remoteName, version),
    commit: deployedCommit(remote, version),
    ...(await knownFacts(context as DeliveryContext, remote, version)),
  };
}

/**
 * Records in the remote's history that someone previews `target` in their own browser (nothing
 * else changes: who gets what stays as it is). `reason` says for how long, in people's words.
 */
export async function recordPreview(
  context: DeliveryContext,
  remoteName: string,
  target: PreviewTarget,
  reason: string,
): Promise<Outcome> {
  return change(context, remoteName, async (draft) => {
    const found = find(draft, remoteName);
    record(found, context, {
      action: 'preview',
      version: target.version,
      manifest: target.manifest,
      previous: found.remote.version ?? null,
      commit: target.commit,
      reason,
      ...facts(target),
    });
    return {
      remote: remoteName,
      version: target.version,
      changed: true,
      message: `${remoteName} ${target.version} is previewed in ${context.by}'s browser only; everyone else stays on ${found.remote.version ?? found.remote.manifest}`,
    };
  });
}

/** The rollout driver raises a strategy's canary to its next step (users keep their version). */
export async function advance(
  context: DeliveryContext,
  remoteName: string,
  next: { expected: Expected; step: number; percent: number; reason: string },
): Promise<Outcome> {
  return change(context, remoteName, async (draft) => {
    const found = find(draft, remoteName);
    const { remote } = found;
    checkExpected(remote, next.expected);
    const { canary } = remote;
    if (!canary?.rollout) throw new DeliveryError(`${remoteName} has no rollout to advance`);
    canary.percent = next.percent;
    canary.rollout = { ...canary.rollout, step: next.step, stepSince: stamp(context).at };
    record(found, context, {
      action: 'advance',
      version: canary.version,
      manifest: canary.manifest,
      previous: remote.version ?? null,
      percent: next.percent,
      reason: next.reason,
    });
    return {
      remote: remoteName,
      version: canary.version,
      changed: true,
      message: `${remoteName} ${canary.version} now goes to ${next.percent}% of users (${next.reason})`,
    };
  });
}

/** Keeps the latest verdict on a canary (no history entry: the verdict is not a change). */
export async function recordHealth(
  context: DeliveryContext,
  remoteName: string,
  health: RolloutHealth,
  expected: Expected,
): Promise<Outcome> {
  return change(context, remoteName, async (draft) => {
    const { remote } = find(draft, remoteName);
    checkExpected(remote, expected);
    const { canary } = remote;
    if (!canary) throw new DeliveryError(`${remoteName} has no canary to judge`);
    canary.health = health;
    return {
      remote: remoteName,
      version: canary.version,
      changed: true,
      message: `${remoteName} ${canary.version}: ${health.verdict} (${health.reason})`,
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
        const { version, percent, users, since, by, rollout, health } = remote.canary;
        lines.push(
          `  canary ${version} for ${describeCanary({ percent, users })}${users.length ? ` (${users.join(', ')})` : ''}, since ${when(since)}${by ? ` by ${by}` : ''}`,
        );
        if (rollout) {
          const steps = STRATEGIES[rollout.strategy];
          lines.push(
            `  strategy ${rollout.strategy}: step ${rollout.step + 1} of ${steps.length} since ${when(rollout.stepSince)}, then ${steps[rollout.step + 1] ? `${steps[rollout.step + 1]?.percent}%` : 'everyone'} while healthy`,
          );
        }
        lines.push(
          health
            ? `  health ${health.verdict.replace(/_/g, ' ')} at ${when(health.at)}: ${health.reason}`
            : '  health not judged yet',
        );
      }
      const history = [...(remote.history ?? [])].reverse();
      if (history.length) lines.push('  history (newest first):');
      for (const entry of history.slice(0, 10)) {
        const was =
          entry.previous && ['deploy', 'rollback', 'promote'].includes(entry.action)
            ? `  (was ${entry.previous})`
            : '';
        const share = entry.percent !== undefined ? ` to ${entry.percent}%` : '';
        lines.push(
          `    ${when(entry.at)}  ${entry.action.padEnd(8)} ${entry.version}${share}${was}  by ${entry.by || '?'}${entry.commit ? `  commit ${entry.commit}` : ''}${entry.reason ? `  — ${entry.reason}` : ''}`,
        );
      }
      if (history.length > 10) lines.push(`    … ${history.length - 10} earlier`);
      return lines.join('\n');
    })
    .join('\n\n');
}
