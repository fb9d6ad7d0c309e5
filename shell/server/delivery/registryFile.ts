// The registry file: which version of each remote is live, an optional canary, and the history of
// switches. The shell server reads it on every request; the deploy command rewrites it atomically
// (temp file + rename, under a lock). Format: docs/adr/0005-versioned-remotes-registry-and-canary.md.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Actor, HistoryAction, HistoryEntry } from '@hostdash/shared-auth';

// A history entry is what the delivery console shows (shared-auth/src/deliveryConsole.ts).
export type { Actor, HistoryAction, HistoryEntry };

/** A published version of a remote and where its manifest is (relative to REMOTES_ORIGIN, or absolute). */
export interface Release {
  version: string;
  manifest: string;
}

/** A candidate version for some users: ids in `users`, and everyone whose bucket is below `percent`. */
export interface Canary extends Release {
  percent: number;
  users: string[];
  since?: string;
  by?: string;
  actor?: Actor;
}

export interface RegistryRemote {
  name: string;
  /** The live version's manifest. */
  manifest: string;
  version?: string;
  canary?: Canary;
  /** Oldest first. */
  history?: HistoryEntry[];
}

export interface RegistryFile {
  remotes: RegistryRemote[];
}

export const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;
/** A version is one path segment of the store: `0.1.0+3f2a9c1d`. */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;
const HISTORY_ACTIONS: HistoryAction[] = ['deploy', 'rollback', 'promote', 'canary', 'abort'];
export const HISTORY_LIMIT = 50;

type Fields = Record<string, unknown>;

function fields(value: unknown): Fields {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parseActor(raw: unknown): { actor: Actor } | Record<string, never> {
  const { id, email } = fields(raw);
  return text(id) && text(email) ? { actor: { id: id as string, email: email as string } } : {};
}

function parseCanary(name: string, raw: unknown): Canary {
  const { version, manifest, percent, users, since, by, actor } = fields(raw);
  if (!text(version) || !VERSION.test(version as string))
    throw new Error(`the canary of "${name}" has no valid "version"`);
  if (!text(manifest)) throw new Error(`the canary of "${name}" has no "manifest"`);
  const share = percent === undefined ? 0 : percent;
  if (typeof share !== 'number' || !Number.isInteger(share) || share < 0 || share > 100)
    throw new Error(`the canary of "${name}" needs a whole "percent" from 0 to 100`);
  if (users !== undefined && !Array.isArray(users))
    throw new Error(`the canary of "${name}" has "users" that is not a list`);
  return {
    version: version as string,
    manifest: manifest as string,
    percent: share,
    users: (users ?? []).map(String),
    ...(text(since) ? { since: since as string } : {}),
    ...(text(by) ? { by: by as string } : {}),
    ...parseActor(actor),
  };
}

function parseHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const { action, version, manifest, previous, at, by, actor, commit } = fields(item);
    if (!HISTORY_ACTIONS.includes(action as HistoryAction) || !text(version) || !text(manifest))
      return [];
    return [
      {
        action: action as HistoryAction,
        version: version as string,
        manifest: manifest as string,
        previous: text(previous) ?? null,
        at: text(at) ?? '',
        by: text(by) ?? '',
        ...parseActor(actor),
        ...(text(commit) ? { commit: commit as string } : {}),
      },
    ];
  });
}

/** Validates a registry; the plain `{ remotes: [{ name, manifest }] }` of earlier versions is valid. */
export function parseRegistryFile(source: string): RegistryFile {
  const raw = JSON.parse(source) as unknown;
  const { remotes } = fields(raw);
  if (!Array.isArray(remotes))
    throw new Error('the registry must be an object with a "remotes" array');
  const seen = new Set<string>();
  return {
    remotes: remotes.map((entry: unknown, index) => {
      const { name, manifest, version, canary, history } = fields(entry);
      if (typeof name !== 'string' || !REMOTE_NAME.test(name))
        throw new Error(`remote #${index + 1} has no valid "name"`);
      if (seen.has(name)) throw new Error(`remote "${name}" is named twice`);
      seen.add(name);
      if (!text(manifest)) throw new Error(`remote "${name}" has no "manifest"`);
      return {
        name,
        manifest: manifest as string,
        ...(text(version) ? { version: version as string } : {}),
        ...(canary !== undefined && canary !== null ? { canary: parseCanary(name, canary) } : {}),
        ...(history !== undefined ? { history: parseHistory(history) } : {}),
      };
    }),
  };
}

/** Reads the registry; a missing file is an empty registry only when `missingIsEmpty`. */
export async function readRegistryFile(
  file: string,
  options: { missingIsEmpty?: boolean } = {},
): Promise<RegistryFile> {
  try {
    return parseRegistryFile(await readFile(file, 'utf8'));
  } catch (error) {
    if (options.missingIsEmpty && (error as NodeJS.ErrnoException).code === 'ENOENT')
      return { remotes: [] };
    throw error;
  }
}

/**
 * Replaces the registry atomically: readers see the old file or the new one, never half of one.
 */
export async function writeRegistryFile(file: string, registry: RegistryFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(registry, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

const LOCK_STALE_MS = 30_000;

/** Another change holds the registry's lock for longer than the caller waits. */
export class RegistryLockedError extends Error {}

/**
 * Runs `work` holding the registry's lock file, so two deploys at once cannot lose each other's
 * change (each reads, changes and writes the whole file). A lock older than 30 s is stale.
 */
export async function withRegistryLock<T>(
  file: string,
  work: () => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  await mkdir(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > LOCK_STALE_MS) {
        await unlink(lock).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline)
        throw new RegistryLockedError(
          `the registry is locked by another deploy (${lock}); try again`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}
