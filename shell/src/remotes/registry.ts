// Remotes are found at run time: the registry (resolved for this user by the shell server, in the
// page; later from /remotes.json) names each remote's manifest, and the Module Federation runtime
// loads it (loader.ts). Nothing about a remote's location or version is built into the shell.
//
// A remote whose code runs in this page stays on its version until the page reloads (its module
// and slice are in use); a newer version in the registry is offered with a "Reload" snackbar. A
// remote not loaded yet simply switches to the newer version.
//
// A rollout's candidate that fails to load in this page is replaced by the live release the registry
// named after it (`fallBack`), for the rest of the page's life: the user sees the live version, and
// the candidate is never offered again until a reload.
//
// This module only keeps the registry: it does not load the federation runtime, so a page that
// never loads a remote (the sign-in pages) does not either.
import type { AppName } from '@hostdash/shared-auth';
import type { DiscoveryDocument, RemoteRelease } from '../clientConfig.types';
import { releasesOf } from './discovery';

export type RegistryEntry = RemoteRelease;

/** What changed for the federation runtime: remotes to register, and remotes to register anew. */
export interface RegistrationChange {
  added: RegistryEntry[];
  /** A new version of a remote not running, or a Retry: the runtime drops what it cached. */
  replaced: RegistryEntry[];
}

/** What is registered with the federation runtime: the version of each remote this page loads. */
const registered = new Map<string, RegistryEntry>();
/** Remotes whose code has loaded in this page: pinned to their version until a reload. */
const running = new Set<string>();
/** The newest entry the registry named for each remote. */
const newest = new Map<string, RegistryEntry>();
/** The federation runtime, once started (loader.ts): told of every change after that. */
let registrationListener: ((change: RegistrationChange) => void) | null = null;
/** "<remote> <manifest>" already offered in the snackbar. */
const announced = new Set<string>();
let reading: Promise<void> | null = null;
let lastRead = 0;
/** Who is signed in, and who the registry in hand was resolved for (a canary depends on it). */
let currentUser: string | null = null;
let resolvedFor: string | null = null;
/** Manifests of candidates that failed to load in this page: their live release is used instead. */
const failedCandidates = new Set<string>();

/** The release this page uses for what the registry names: a failed candidate's live release. */
function usable(entry: RegistryEntry): RegistryEntry {
  return entry.fallback && failedCandidates.has(entry.manifest) ? entry.fallback : entry;
}

/**
 * Registers what changed, and tells the runtime if it runs: new remotes; a new version of a remote
 * that is not running (replaced: the runtime drops its cached manifest and entry); and the remotes
 * in `force` (a Retry), whatever their state.
 */
function apply(entries: RegistryEntry[], force: ReadonlySet<string> = new Set()): void {
  const added: RegistryEntry[] = [];
  const replaced: RegistryEntry[] = [];
  for (const entry of entries.map(usable)) {
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
  if (added.length || replaced.length) registrationListener?.({ added, replaced });
}

/**
 * Called once by the federation runtime when it starts: returns what is registered now, and
 * reports every later change to `listener`.
 */
export function watchRegistrations(
  listener: (change: RegistrationChange) => void,
): RegistryEntry[] {
  registrationListener = listener;
  return [...registered.values()];
}

/** Marks a remote whose code now runs in this page (or, for a Retry, no longer counts as such). */
export function setRunning(app: string, isRunning: boolean): void {
  if (isRunning) running.add(app);
  else running.delete(app);
}

async function fetchRegistry(): Promise<RegistryEntry[]> {
  const response = await fetch('/remotes.json', { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  return releasesOf((await response.json()) as DiscoveryDocument);
}

/** Starts from the registry the shell server resolved into the page for `userId`: no extra call. */
export function startRegistry(
  document: DiscoveryDocument | null,
  userId: string | null = null,
): void {
  currentUser = userId;
  resolvedFor = userId;
  if (!document) return;
  apply(releasesOf(document));
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

/**
 * The remotes the registry in hand names, without waiting: what the page was served with (or read
 * since); null before any registry has been read.
 */
export function knownRemotes(): string[] | null {
  return lastRead > 0 ? [...registered.keys()] : null;
}

/** The entry this page uses for a remote, if the registry names it. */
export function registeredEntry(app: string): RegistryEntry | undefined {
  return registered.get(app);
}

/**
 * The candidate registered for `app` failed to load: registers its live release instead (the
 * runtime drops what it cached of the candidate) and returns it; undefined when what is registered
 * has no live release to fall back to.
 */
export function fallBack(app: string): RegistryEntry | undefined {
  const candidate = registered.get(app);
  const live = candidate?.fallback;
  if (!candidate || !live) return undefined;
  failedCandidates.add(candidate.manifest);
  registered.set(app, live);
  if (newest.get(app) === candidate) newest.set(app, live);
  registrationListener?.({ added: [], replaced: [live] });
  return live;
}

/** The remotes this browser previews (docs/adr/0042): a release no one else gets. */
export function previewedRemotes(): RegistryEntry[] {
  return [...registered.values()].filter((entry) => entry.previewUntil !== undefined);
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

export async function isDeployed(app: AppName): Promise<boolean> {
  try {
    return (await loadRegistry()).some((entry) => entry.name === app);
  } catch {
    return false;
  }
}
