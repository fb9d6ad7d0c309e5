// Where the registry is kept: the one module every reader and writer goes through (the shell
// server's pages and /remotes.json, the deploy command, the delivery console, the rollout driver).
// Two implementations: the registry file (REMOTES_FILE, the embedded default) and PostgreSQL when
// DATABASE_URL is set (postgresRegistry.ts). What is served stays a Frontend Discovery document
// either way (docs/adr/0019); only where it is kept changes (docs/adr/0022).
import { readRegistryFile, withRegistryLock, writeRegistryFile } from './registryFile';
import { type HistoryEntry, type RegistryFile, type RegistryRemote } from './model';

/** A change of one remote: the remote as it is to be, and the history entries it adds. */
export interface RemoteChange {
  remote: RegistryRemote;
  /** Oldest first; the remote's `history` ends with them. */
  recorded: HistoryEntry[];
}

/** Whether the store can serve now, and why not (/health/ready). */
export interface Readiness {
  ready: boolean;
  reason?: string;
}

export interface RegistryStore {
  /** Where the registry is, for messages: a file, or the database. */
  readonly location: string;
  /**
   * The whole registry. Read only: a change goes through `update`. A registry file not written yet
   * is an error unless `missingIsEmpty` (a database without remotes is an empty registry).
   */
  read(options?: { missingIsEmpty?: boolean }): Promise<RegistryFile>;
  /**
   * Changes one remote atomically. `change` gets the remote as it is now (undefined: not in the
   * registry yet), a copy it may change, and returns what it becomes (null: nothing to write). When
   * another writer changed that remote in between, nothing is written and `RegistryConflictError`
   * says who did: `change` may take its time (publish a build) without holding any lock.
   */
  update(
    name: string,
    change: (current: RegistryRemote | undefined) => Promise<RemoteChange | null>,
  ): Promise<RemoteChange | null>;
  /**
   * Runs `work` unless another process is running work of the same `kind` now (null then): the
   * rollout driver's round, so that one shell server acts per round whatever their number.
   */
  exclusive<T>(kind: string, work: () => Promise<T>): Promise<T | null>;
  /** Copies a registry into an empty store (`npm run remotes -- import`); refuses one in use. */
  importRegistry(registry: RegistryFile): Promise<number>;
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
}

/** What says which change of a remote is the last: its action, version, author and time. */
export type ChangeStamp = Pick<HistoryEntry, 'action' | 'version' | 'by' | 'at'>;

/** The same change, however a store read it back (the fields ChangeStamp names, in order). */
export const sameChange = (a: ChangeStamp | undefined, b: ChangeStamp | undefined): boolean =>
  (a === undefined) === (b === undefined) &&
  (a === undefined ||
    (a.action === b?.action &&
      a.version === b.version &&
      (a.by ?? null) === (b.by ?? null) &&
      a.at === b.at));

/**
 * Two changes of one remote at once: the other one was written first, this one was not. The
 * message says so in words a person acts on (the CLI prints it; the console answers 409 with it).
 */
export class RegistryConflictError extends Error {
  constructor(
    readonly remote: string,
    /** The last change of the remote as the write found it (none: it could not be read). */
    readonly winner?: ChangeStamp,
  ) {
    const who = winner
      ? ` (${winner.action} of ${winner.version}${winner.by ? ` by ${winner.by}` : ''}${winner.at ? ` at ${winner.at}` : ''})`
      : '';
    super(
      `${remote} was changed by someone else while this change was being made${who}; this change was not made. Look at what is live now and try again.`,
    );
  }
}

/** The store cannot be read now (the database is unreachable or not migrated yet). */
export class RegistryUnavailableError extends Error {}

/** The last change of a remote, to name the winner of a conflict. */
export const lastChange = (remote: RegistryRemote | undefined) => remote?.history?.at(-1);

/**
 * The registry file (docs/adr/0005): read on every call, so every reader sees a change at its
 * next read, as before. A change compares the remote under the file's lock with what it was
 * given: equal, it is written (temp file + rename); otherwise it is a conflict.
 */
export class FileRegistryStore implements RegistryStore {
  constructor(readonly file: string) {}

  get location(): string {
    return this.file;
  }

  read(options: { missingIsEmpty?: boolean } = {}): Promise<RegistryFile> {
    return readRegistryFile(this.file, options);
  }

  private async remote(name: string): Promise<RegistryRemote | undefined> {
    const registry = await readRegistryFile(this.file, { missingIsEmpty: true });
    return registry.remotes.find((remote) => remote.name === name);
  }

  async update(
    name: string,
    change: (current: RegistryRemote | undefined) => Promise<RemoteChange | null>,
  ): Promise<RemoteChange | null> {
    const before = await this.remote(name);
    // The model has no undefined fields and is parsed by one function: equal state, equal JSON.
    const seen = JSON.stringify(before ?? null);
    const next = await change(before);
    if (!next) return null;
    await withRegistryLock(this.file, async () => {
      const registry = await readRegistryFile(this.file, { missingIsEmpty: true });
      const index = registry.remotes.findIndex((remote) => remote.name === name);
      const now = registry.remotes[index];
      if (JSON.stringify(now ?? null) !== seen)
        throw new RegistryConflictError(name, lastChange(now));
      if (index === -1) registry.remotes.push(next.remote);
      else registry.remotes[index] = next.remote;
      await writeRegistryFile(this.file, registry);
    });
    return next;
  }

  /** One machine, one registry file: its lock and the comparison above are enough. */
  exclusive<T>(_kind: string, work: () => Promise<T>): Promise<T | null> {
    return work();
  }

  async importRegistry(registry: RegistryFile): Promise<number> {
    return withRegistryLock(this.file, async () => {
      const current = await readRegistryFile(this.file, { missingIsEmpty: true });
      if (current.remotes.length > 0)
        throw new Error(`${this.file} already names remotes: nothing was imported`);
      await writeRegistryFile(this.file, registry);
      return registry.remotes.length;
    });
  }

  async readiness(): Promise<Readiness> {
    return { ready: true };
  }

  async close(): Promise<void> {}
}
