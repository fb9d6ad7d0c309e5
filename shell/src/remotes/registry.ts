// Remotes are found at run time: the registry (resolved for this user by the shell server, in the
// page; later from /remotes.json) names each remote's manifest, and the Module Federation runtime
// loads it. Nothing about a remote's location or version is built into the shell.
//
// A remote whose code runs in this page stays on its version until the page reloads (its module
// and slice are in use); a newer version in the registry is offered with a "Reload" snackbar. A
// remote not loaded yet simply switches to the newer version.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_VERSION,
  FEATURE_EXPOSE,
  type AppName,
  type FeatureModule,
} from '@hostdash/shared-auth';
import type { RemoteRelease } from '../clientConfig.types';
import { checkContract, readManifestFacts } from './compatibility';

export type RegistryEntry = RemoteRelease;

export class RemoteNotDeployedError extends Error {
  constructor(readonly app: string) {
    super(`The ${app} remote is not in the registry`);
  }
}

export class RemoteLoadError extends Error {
  constructor(
    readonly app: string,
    override readonly cause: unknown,
  ) {
    super(
      `The ${app} remote failed to load: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/** The remote declares a shell contract range this dashboard is not in: its code is never run. */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly app: string,
    readonly version: string | undefined,
    readonly contract: string,
    readonly needsNewerShell: boolean,
  ) {
    super(
      `${app}${version ? ` ${version}` : ''} needs shell contract ${contract}; this dashboard provides ${CONTRACT_VERSION}`,
    );
  }
}

export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

/** What is registered with the federation runtime: the version of each remote this page loads. */
const registered = new Map<string, RegistryEntry>();
/** Remotes whose code has loaded in this page: pinned to their version until a reload. */
const running = new Set<string>();
/** The newest entry the registry named for each remote. */
const newest = new Map<string, RegistryEntry>();
/** Manifests checked for compatibility (a failure is not kept: the next load checks again). */
const checkedManifests = new Map<string, Promise<void>>();
/**
 * The body of each manifest checked, by absolute URL: the federation runtime gets it from here
 * instead of fetching the manifest a second time.
 */
const manifestBodies = new Map<string, string>();
const absolute = (url: string) => new URL(url, window.location.href).href;

let handingOverManifests = false;

/** Once, before the first remote loads (the page's federation instance exists by then). */
function handOverCheckedManifests(): void {
  if (handingOverManifests) return;
  handingOverManifests = true;
  registerPlugins([
    {
      name: 'hostdash-checked-manifests',
      fetch(url: string) {
        const body = manifestBodies.get(absolute(url));
        if (body === undefined) return undefined;
        return Promise.resolve(
          new Response(body, { headers: { 'content-type': 'application/json' } }),
        );
      },
    },
  ]);
}
/** "<remote> <manifest>" already offered in the snackbar. */
const announced = new Set<string>();
let reading: Promise<void> | null = null;
let lastRead = 0;
/** Who is signed in, and who the registry in hand was resolved for (a canary depends on it). */
let currentUser: string | null = null;
let resolvedFor: string | null = null;

function toRuntime(entries: RegistryEntry[]) {
  return entries.map((entry) => ({ name: entry.name, entry: entry.manifest }));
}

/**
 * Registers what changed with the runtime: new remotes; a new version of a remote that is not
 * running (with `force`, which drops the runtime's cached manifest and entry); and the remotes in
 * `force` (a Retry), whatever their state.
 */
function apply(entries: RegistryEntry[], force: ReadonlySet<string> = new Set()): void {
  const added: RegistryEntry[] = [];
  const replaced: RegistryEntry[] = [];
  for (const entry of entries) {
    newest.set(entry.name, entry);
    if (running.has(entry.name) && !force.has(entry.name)) continue;
    const current = registered.get(entry.name);
    registered.set(entry.name, entry);
    if (!current) added.push(entry);
    else if (current.manifest !== entry.manifest || force.has(entry.name)) replaced.push(entry);
  }
  const named = new Set(entries.map((entry) => entry.name));
  for (const name of [...registered.keys()]) {
    if (!named.has(name) && !running.has(name)) registered.delete(name);
  }
  if (added.length) registerRemotes(toRuntime(added), { force: false });
  if (replaced.length) registerRemotes(toRuntime(replaced), { force: true });
}

async function fetchRegistry(): Promise<RegistryEntry[]> {
  const response = await fetch('/remotes.json', { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const body = (await response.json()) as { remotes?: RegistryEntry[] };
  return body.remotes ?? [];
}

/** Starts from the registry the shell server resolved into the page for `userId`: no extra call. */
export function startRegistry(entries: RegistryEntry[] | null, userId: string | null = null): void {
  currentUser = userId;
  resolvedFor = userId;
  if (!entries) return;
  apply(entries);
  reading = Promise.resolve();
  lastRead = Date.now();
}

/**
 * Who is signed in now. After a sign-in or sign-out inside the page, the next load reads the
 * registry again, so a canary picks (or drops) this user before their remotes load.
 */
export function setRegistryUser(userId: string | null): void {
  currentUser = userId;
}

/**
 * The registered entries, after reading /remotes.json once (or again with `refresh`). `force`
 * names remotes to register anew even if unchanged (a Retry).
 */
export function loadRegistry(
  refresh = false,
  force?: ReadonlySet<string>,
): Promise<RegistryEntry[]> {
  const otherUser = currentUser !== resolvedFor;
  if (!reading || refresh || otherUser) {
    const previous = reading;
    const previousUser = resolvedFor;
    resolvedFor = currentUser;
    const read = fetchRegistry().then((entries) => {
      apply(entries, force);
      lastRead = Date.now();
    });
    // A failed read is not kept: the next caller tries again (or keeps the last good one).
    read.catch(() => {
      if (reading !== read) return;
      reading = refresh && !otherUser ? previous : null;
      resolvedFor = previousUser;
    });
    reading = read;
    return read.then(() => [...registered.values()]);
  }
  return reading.then(() => [...registered.values()]);
}

/**
 * On in-app navigation: reads the registry again (at most once per `intervalMs`) and returns the
 * running remotes that have a newer version now, each once.
 */
export async function checkForNewVersions(intervalMs: number): Promise<RegistryEntry[]> {
  if (Date.now() - lastRead < intervalMs) return [];
  lastRead = Date.now();
  await loadRegistry(true);
  return [...running].flatMap((name) => {
    const inUse = registered.get(name);
    const latest = newest.get(name);
    if (!inUse || !latest || latest.manifest === inUse.manifest) return [];
    const key = `${name} ${latest.manifest}`;
    if (announced.has(key)) return [];
    announced.add(key);
    return [latest];
  });
}

export interface RemoteStatus {
  /** The version this page uses (or will use) for the remote. */
  entry: RegistryEntry;
  /** Its code runs in this page. */
  running: boolean;
  /** A newer version the registry names, used after a reload. */
  newer?: RegistryEntry;
}

/** The entry this page uses for a remote, if the registry names it. */
export function registeredEntry(app: string): RegistryEntry | undefined {
  return registered.get(app);
}

/** What the About dialog shows. */
export function remoteStatuses(): RemoteStatus[] {
  return [...registered.values()].map((entry) => {
    const latest = newest.get(entry.name);
    return {
      entry,
      running: running.has(entry.name),
      ...(latest && latest.manifest !== entry.manifest ? { newer: latest } : {}),
    };
  });
}

function timeout<T>(promise: Promise<T>, ms: number, app: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  }).catch((error: unknown) => {
    if (error instanceof RemoteNotDeployedError || error instanceof RemoteIncompatibleError)
      throw error;
    throw new RemoteLoadError(app, error);
  });
}

/**
 * Reads the manifest before any of the remote's code runs and refuses a build whose contract
 * range does not include this dashboard's (config/webpack.federation.cjs writes it at build).
 */
function ensureCompatible(app: string, entry: RegistryEntry): Promise<void> {
  handOverCheckedManifests();
  let check = checkedManifests.get(entry.manifest);
  if (!check) {
    check = (async () => {
      const response = await fetch(entry.manifest, { cache: 'no-cache', credentials: 'omit' });
      if (!response.ok) throw new Error(`its manifest answered ${response.status}`);
      const manifest: unknown = await response.json();
      const facts = readManifestFacts(manifest);
      const contract = checkContract(facts.contract, CONTRACT_VERSION);
      if (!contract.compatible) {
        throw new RemoteIncompatibleError(
          app,
          entry.version ?? facts.version,
          contract.contract,
          contract.needsNewerShell,
        );
      }
      manifestBodies.set(absolute(entry.manifest), JSON.stringify(manifest));
    })();
    const manifest = entry.manifest;
    checkedManifests.set(manifest, check);
    check.catch(() => {
      checkedManifests.delete(manifest);
      manifestBodies.delete(absolute(manifest));
    });
  }
  return check;
}

function isFeatureModule(module: unknown): module is FeatureModule {
  const candidate = module as Partial<FeatureModule> | null;
  return (
    !!candidate &&
    typeof candidate.bootstrap === 'function' &&
    typeof candidate.mount === 'function' &&
    typeof candidate.unmount === 'function' &&
    !!candidate.slice &&
    typeof candidate.slice.key === 'string' &&
    typeof candidate.slice.reducer === 'function'
  );
}

/**
 * Loads a remote's `./feature`. With `reload`, the registry is read again and the remote is
 * registered anew, which drops the runtime's cached manifest and entry so the next load really
 * fetches them again (a Retry after a failure).
 */
export async function loadFeature(
  app: AppName,
  options: { reload?: boolean } = {},
): Promise<{ feature: FeatureModule; entry: RegistryEntry }> {
  if (options.reload) running.delete(app);
  await loadRegistry(options.reload, options.reload ? new Set([app]) : undefined);
  const entry = registered.get(app);
  if (!entry) throw new RemoteNotDeployedError(app);
  const module = await timeout(
    ensureCompatible(app, entry).then(() => loadRemote<unknown>(`${app}/${FEATURE_EXPOSE}`)),
    REMOTE_LOAD_TIMEOUT_MS,
    app,
  );
  if (!isFeatureModule(module)) {
    throw new RemoteLoadError(
      app,
      new Error('its ./feature entry does not export lifecycles and a slice'),
    );
  }
  running.add(app);
  return { feature: module, entry };
}

/** Starts loading a remote ahead of a navigation (link prefetch); failures are left to the page. */
export function prefetchFeature(app: AppName): void {
  loadFeature(app).catch(() => undefined);
}

export async function isDeployed(app: AppName): Promise<boolean> {
  try {
    return (await loadRegistry()).some((entry) => entry.name === app);
  } catch {
    return false;
  }
}
