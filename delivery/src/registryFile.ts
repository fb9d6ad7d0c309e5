// The registry file: which version of each remote is live, an optional canary, and the history of
// switches. The shell server reads it on every request; the deploy command rewrites it atomically
// (temp file + rename, under a lock). Model and rules: docs/adr/0005-versioned-remotes-registry-and-canary.md;
// on disk it is a Frontend Discovery document (frontendDiscovery.ts, docs/adr/0019), and the plain
// `{ remotes: [...] }` of ADR 1 and 5 is still read (the next write turns it into one).
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type {
  Actor,
  HistoryAction,
  RolloutFigures,
  RolloutHealth,
  RolloutProgress,
  RolloutVerdict,
} from '@hostdash/shared-auth';
import {
  documentToPlainRemotes,
  isDiscoveryDocument,
  registryToDocument,
} from './frontendDiscovery';
import {
  INTEGRITY,
  REMOTE_NAME,
  VERSION,
  type Canary,
  type HistoryEntry,
  type RegistryFile,
  type ReleaseFacts,
} from './model';
import { isStrategy } from './strategies';

const HISTORY_ACTIONS: HistoryAction[] = [
  'deploy',
  'rollback',
  'promote',
  'canary',
  'advance',
  'abort',
  'preview',
];
const VERDICTS: RolloutVerdict[] = ['healthy', 'unhealthy', 'not_enough_data'];

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

const figure = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function parseFigures(raw: unknown): RolloutFigures {
  const { sessions, errorRate, loadFailureRate, apiFailureRate, apiRefusalRate, lcpP75, inpP75 } =
    fields(raw);
  return {
    sessions: figure(sessions) ?? 0,
    errorRate: figure(errorRate),
    loadFailureRate: figure(loadFailureRate),
    apiFailureRate: figure(apiFailureRate),
    // Not judged; a verdict kept before the API counted refusals apart (issue 35) has none.
    apiRefusalRate: figure(apiRefusalRate),
    lcpP75: figure(lcpP75),
    inpP75: figure(inpP75),
  };
}

/** A strategy's progress; something unreadable is dropped (the canary stays, as a fixed share). */
function parseRollout(raw: unknown): { rollout: RolloutProgress } | Record<string, never> {
  const { strategy, step, stepSince } = fields(raw);
  if (!isStrategy(strategy)) return {};
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || !text(stepSince))
    return {};
  return {
    rollout: { strategy, step, stepSince: stepSince as string },
  };
}

/** The latest verdict; an unreadable one is dropped (the driver judges again on its next round). */
function parseHealth(raw: unknown): { health: RolloutHealth } | Record<string, never> {
  const { verdict, reason, at, candidate, live } = fields(raw);
  if (!VERDICTS.includes(verdict as RolloutVerdict) || !text(at)) return {};
  return {
    health: {
      verdict: verdict as RolloutVerdict,
      reason: text(reason) ?? '',
      at: at as string,
      candidate: parseFigures(candidate),
      live: parseFigures(live),
    },
  };
}

/** The integrity and contract of a release (`where` names it in an error). */
function parseReleaseFacts(where: string, raw: unknown): ReleaseFacts {
  const { integrity, contract } = fields(raw);
  if (text(integrity) && !INTEGRITY.test(integrity as string))
    throw new Error(`${where} has an "integrity" that is not sha256-, sha384- or sha512-<base64>`);
  return {
    ...(text(integrity) ? { integrity: integrity as string } : {}),
    ...(text(contract) ? { contract: contract as string } : {}),
  };
}

/** A history entry's facts; a malformed integrity is dropped (a rollback reads it from the store). */
function historyFacts(raw: unknown): ReleaseFacts {
  try {
    return parseReleaseFacts('a history entry', raw);
  } catch {
    return parseReleaseFacts('a history entry', { ...fields(raw), integrity: undefined });
  }
}

function parseCanary(name: string, raw: unknown): Canary {
  const { version, manifest, percent, users, since, by, actor, rollout, health } = fields(raw);
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
    ...parseRollout(rollout),
    ...parseHealth(health),
  };
}

function parseHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const { action, version, manifest, previous, at, by, actor, commit, percent, reason } =
      fields(item);
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
        ...(figure(percent) !== null ? { percent: percent as number } : {}),
        ...(text(reason) ? { reason: reason as string } : {}),
        ...historyFacts(item),
      },
    ];
  });
}

/**
 * Validates a registry: a Frontend Discovery document, or the plain `{ remotes: [{ name, manifest }] }`
 * of earlier versions. Both go through the one validator below.
 */
export function parseRegistryFile(source: string): RegistryFile {
  return parseRegistryValue(JSON.parse(source) as unknown);
}

/** The same validator for a registry already parsed (the database's rows, postgresRegistry.ts). */
export function parseRegistryValue(raw: unknown): RegistryFile {
  const remotes = isDiscoveryDocument(raw) ? documentToPlainRemotes(raw) : fields(raw).remotes;
  if (!Array.isArray(remotes))
    throw new Error('the registry must be a Frontend Discovery document or have a "remotes" array');
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
        ...parseReleaseFacts(`remote "${name}"`, entry),
        ...(canary !== undefined && canary !== null
          ? {
              canary: {
                ...parseCanary(name, canary),
                ...parseReleaseFacts(`the canary of "${name}"`, canary),
              },
            }
          : {}),
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
    await handle.writeFile(`${JSON.stringify(registryToDocument(registry), null, 2)}\n`);
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
