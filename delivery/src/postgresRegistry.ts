// The registry in PostgreSQL (DATABASE_URL; tables of api/migrations/0025_remote_registry.sql,
// docs/adr/0022-registry-in-postgresql.md). A change of one remote is one transaction that
// compares and sets the remote's revision, then NOTIFYs `hostdash_registry` with the remote's name.
// A shell server keeps the registry in memory: it LISTENs (and reconnects after losing the
// connection), reads the registry again on every notification, and every `refreshMs` in case one
// was missed. The deploy command reads the database on every call instead.
import { createHash } from 'node:crypto';
import { Client, Pool, type PoolClient } from 'pg';
import { parseRegistryValue } from './registryFile';
import {
  HISTORY_LIMIT,
  VERSION,
  type HistoryEntry,
  type RegistryFile,
  type RegistryRemote,
  type ReleaseFacts,
} from './model';
import {
  RegistryConflictError,
  RegistryUnavailableError,
  type Readiness,
  type RegistryStore,
  type RemoteChange,
} from './registryStore';

export const REGISTRY_CHANNEL = 'hostdash_registry';
/** The LISTEN connection's name in pg_stat_activity (operators and tests find it by it). */
export const LISTENER_APPLICATION_NAME = 'hostdash-registry-listener';
/** While the registry is not loaded (database down, not migrated yet), it is tried this often. */
const RETRY_MS = 2_000;
const RECONNECT_MAX_MS = 30_000;
const READINESS_TIMEOUT_MS = 2_000;
const UNDEFINED_TABLE = '42P01';

/** What the store says in the log (Fastify's logger fits). */
export interface RegistryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PostgresRegistryOptions {
  url: string;
  /**
   * Keep the registry in memory (the shell server): LISTEN for changes and read it again every
   * `refreshMs`. Without it every read asks the database (the deploy command).
   */
  watch?: { refreshMs: number; log: RegistryLog };
}

type Row = Record<string, unknown>;

const iso = (value: unknown): string | undefined =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : undefined;
const orNull = (value: string | undefined): string | null => value ?? null;

/** The remote's rows as the plain registry format, read back through the file's one validator. */
function plainRemote(live: Row, canary: Row | undefined, history: Row[]): Record<string, unknown> {
  return {
    name: live.name,
    manifest: live.manifest,
    version: live.version,
    integrity: live.integrity,
    contract: live.contract,
    canary: canary && {
      version: canary.version,
      manifest: canary.manifest,
      integrity: canary.integrity,
      contract: canary.contract,
      percent: canary.percent,
      users: canary.users,
      since: iso(canary.since),
      by: canary.started_by,
      actor: { id: canary.actor_id, email: canary.actor_email },
      rollout: canary.strategy
        ? { strategy: canary.strategy, step: canary.step, stepSince: iso(canary.step_since) }
        : undefined,
      health: canary.health_verdict
        ? {
            verdict: canary.health_verdict,
            reason: canary.health_reason,
            at: iso(canary.health_at),
            ...(canary.health_figures as object),
          }
        : undefined,
    },
    history: history.map((entry) => ({
      action: entry.action,
      version: entry.version,
      manifest: entry.manifest,
      previous: entry.previous,
      at: iso(entry.at),
      by: entry.by,
      actor: { id: entry.actor_id, email: entry.actor_email },
      commit: entry.commit,
      percent: entry.percent,
      reason: entry.reason,
      integrity: entry.integrity,
      contract: entry.contract,
    })),
  };
}

/** The remotes (all, or one) with their canary and their last HISTORY_LIMIT changes. */
async function loadRemotes(
  pool: Pool,
  name?: string,
): Promise<{ registry: RegistryFile; revisions: Map<string, number> }> {
  try {
    // One snapshot for the three reads: a change committed between them is all in or all out.
    const client = await pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const loaded = await queryRemotes(client, name);
      await client.query('commit');
      client.release();
      return loaded;
    } catch (error) {
      client.release(true);
      throw error;
    }
  } catch (error) {
    if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
    throw new RegistryUnavailableError(
      "the remote registry's tables are not in the database yet: start the API once (its migrations create them)",
      { cause: error },
    );
  }
}

async function queryRemotes(
  db: PoolClient,
  name?: string,
): Promise<{ registry: RegistryFile; revisions: Map<string, number> }> {
  const only = name === undefined ? '' : 'where name = $1';
  const onlyRemote = name === undefined ? '' : 'where remote = $1';
  const params = name === undefined ? [] : [name];
  const live = await db.query(
    `select name, version, manifest, integrity, contract, revision from remote_live ${only} order by id`,
    params,
  );
  const canaries = await db.query(`select * from remote_canaries ${onlyRemote}`, params);
  const history = await db.query(
    `select * from (
       select h.*, row_number() over (partition by remote order by id desc) as newest
       from remote_history h ${onlyRemote}
     ) recent where newest <= ${HISTORY_LIMIT} order by remote, id`,
    params,
  );
  const canaryOf = new Map(canaries.rows.map((row: Row) => [row.remote as string, row]));
  const historyOf = new Map<string, Row[]>();
  for (const row of history.rows as Row[]) {
    const list = historyOf.get(row.remote as string) ?? [];
    list.push(row);
    historyOf.set(row.remote as string, list);
  }
  const registry = parseRegistryValue({
    remotes: (live.rows as Row[]).map((row) =>
      plainRemote(row, canaryOf.get(row.name as string), historyOf.get(row.name as string) ?? []),
    ),
  });
  return {
    registry,
    revisions: new Map(
      (live.rows as Row[]).map((row) => [row.name as string, Number(row.revision)]),
    ),
  };
}

type Release = { version: string; manifest: string; commit?: string } & ReleaseFacts;

/**
 * Every release a remote's state names goes into remote_versions (first facts known win). The
 * rows are written in one order, by version, whatever order the change names them in: two writers
 * of one remote (a recorded verdict naming live then canary, an abort naming the canary first)
 * would otherwise each hold one row the other waits for, and PostgreSQL ends one as a deadlock.
 */
async function saveVersions(db: PoolClient, remote: RegistryRemote, entries: HistoryEntry[]) {
  const named: Release[] = [
    ...entries,
    ...(remote.version ? [{ ...remote, version: remote.version }] : []),
    ...(remote.canary ? [remote.canary] : []),
  ];
  const releases = new Map<string, Release>();
  for (const release of named) {
    if (!VERSION.test(release.version)) continue;
    const first = releases.get(release.version);
    releases.set(
      release.version,
      first
        ? {
            ...first,
            integrity: first.integrity ?? release.integrity,
            contract: first.contract ?? release.contract,
            commit: first.commit ?? release.commit,
          }
        : release,
    );
  }
  const ordered = [...releases.values()].sort((a, b) =>
    a.version < b.version ? -1 : a.version > b.version ? 1 : 0,
  );
  for (const release of ordered) {
    await db.query(
      `insert into remote_versions (remote, version, manifest, integrity, contract, commit)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (remote, version) do update set
         integrity = coalesce(remote_versions.integrity, excluded.integrity),
         contract = coalesce(remote_versions.contract, excluded.contract),
         commit = coalesce(remote_versions.commit, excluded.commit)`,
      [
        remote.name,
        release.version,
        release.manifest,
        orNull(release.integrity),
        orNull(release.contract),
        orNull(release.commit),
      ],
    );
  }
}

async function saveCanary(db: PoolClient, remote: RegistryRemote) {
  await db.query('delete from remote_canaries where remote = $1', [remote.name]);
  const { canary } = remote;
  if (!canary) return;
  const { health, rollout } = canary;
  await db.query(
    `insert into remote_canaries (remote, version, manifest, integrity, contract, percent, users,
       since, started_by, actor_id, actor_email, strategy, step, step_since, health_verdict,
       health_reason, health_at, health_figures)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::jsonb)`,
    [
      remote.name,
      canary.version,
      canary.manifest,
      orNull(canary.integrity),
      orNull(canary.contract),
      canary.percent,
      canary.users,
      orNull(canary.since),
      orNull(canary.by),
      orNull(canary.actor?.id),
      orNull(canary.actor?.email),
      orNull(rollout?.strategy),
      rollout?.step ?? null,
      orNull(rollout?.stepSince),
      orNull(health?.verdict),
      orNull(health?.reason),
      orNull(health?.at),
      health ? JSON.stringify({ candidate: health.candidate, live: health.live }) : null,
    ],
  );
}

async function appendHistory(db: PoolClient, name: string, entries: HistoryEntry[]) {
  for (const entry of entries) {
    await db.query(
      `insert into remote_history (remote, action, version, manifest, previous, at, by, actor_id,
         actor_email, commit, percent, reason, integrity, contract)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        name,
        entry.action,
        entry.version,
        entry.manifest,
        entry.previous,
        entry.at || null,
        entry.by,
        orNull(entry.actor?.id),
        orNull(entry.actor?.email),
        orNull(entry.commit),
        entry.percent ?? null,
        orNull(entry.reason),
        orNull(entry.integrity),
        orNull(entry.contract),
      ],
    );
  }
}

/**
 * Writes a remote: its live row only if its revision is still `revision` (null: only if it is
 * not there yet); false when another writer got there first.
 */
async function saveRemote(
  db: PoolClient,
  remote: RegistryRemote,
  entries: HistoryEntry[],
  revision: number | null,
): Promise<boolean> {
  await saveVersions(db, remote, entries);
  const values = [
    remote.name,
    orNull(remote.version),
    remote.manifest,
    orNull(remote.integrity),
    orNull(remote.contract),
  ];
  const written =
    revision === null
      ? await db.query(
          `insert into remote_live (name, version, manifest, integrity, contract)
           values ($1, $2, $3, $4, $5) on conflict (name) do nothing`,
          values,
        )
      : await db.query(
          `update remote_live set version = $2, manifest = $3, integrity = $4, contract = $5,
             revision = revision + 1, updated_at = now()
           where name = $1 and revision = $6`,
          [...values, revision],
        );
  if (written.rowCount !== 1) return false;
  await saveCanary(db, remote);
  await appendHistory(db, remote.name, entries);
  await db.query('select pg_notify($1, $2)', [REGISTRY_CHANNEL, remote.name]);
  return true;
}

async function inTransaction<T>(pool: Pool, work: (db: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    client.release();
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    // A connection that failed mid-transaction is not given back to the pool.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A lock key per kind of exclusive work, the same in every process. */
function advisoryKey(kind: string): string {
  return createHash('sha256').update(`hostdash:${kind}`).digest().readBigInt64BE(0).toString();
}

type LoadState = 'starting' | 'ready' | 'not_migrated' | 'unreachable';

export class PostgresRegistryStore implements RegistryStore {
  readonly location: string;
  private readonly pool: Pool;
  private cache: RegistryFile | null = null;
  private state: LoadState = 'starting';
  private lastError = '';
  private listener: Client | null = null;
  private listenerUp = false;
  private reconnectDelay = 1_000;
  private timer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;
  private closed = false;

  constructor(private readonly options: PostgresRegistryOptions) {
    const url = new URL(options.url);
    // Never the password: the host and database name are enough to say where.
    this.location = `PostgreSQL ${url.host}${url.pathname}`;
    this.pool = new Pool({
      connectionString: options.url,
      max: 5,
      connectionTimeoutMillis: 5_000,
      application_name: 'hostdash-registry',
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    if (options.watch) {
      void this.connectListener();
      this.schedule(0);
    }
  }

  /** Whether the LISTEN connection is up now (the periodic read covers the gaps). */
  get listening(): boolean {
    return this.listenerUp;
  }

  async read(): Promise<RegistryFile> {
    if (!this.options.watch) return (await loadRemotes(this.pool)).registry;
    if (this.cache) return this.cache;
    throw new RegistryUnavailableError(`the remote registry is not loaded yet: ${this.why()}`);
  }

  async update(
    name: string,
    change: (current: RegistryRemote | undefined) => Promise<RemoteChange | null>,
  ): Promise<RemoteChange | null> {
    // Always the database's current state, never the copy in memory: the revision read here is
    // the one the write compares.
    const { registry, revisions } = await loadRemotes(this.pool, name);
    const current = registry.remotes[0];
    const next = await change(current);
    if (!next) return null;
    const saved = await inTransaction(this.pool, (db) =>
      saveRemote(db, next.remote, next.recorded, current ? (revisions.get(name) ?? 0) : null),
    );
    if (!saved) {
      const winner = await this.pool
        .query(
          'select action, version, by, at from remote_history where remote = $1 order by id desc limit 1',
          [name],
        )
        .then((result) => result.rows[0] as Row | undefined)
        .catch(() => undefined);
      throw new RegistryConflictError(
        name,
        winner && {
          action: winner.action as HistoryEntry['action'],
          version: winner.version as string,
          by: winner.by as string,
          at: iso(winner.at) ?? '',
        },
      );
    }
    // This process sees its own change at once; the others at the notification.
    if (this.options.watch) await this.refresh();
    return next;
  }

  async exclusive<T>(kind: string, work: () => Promise<T>): Promise<T | null> {
    const client = await this.pool.connect();
    let failed: Error | undefined;
    try {
      // Held until the transaction ends; a process that dies lets go of it with its connection.
      await client.query('begin');
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock($1::bigint) as locked',
        [advisoryKey(kind)],
      );
      if (!result.rows[0]?.locked) return null;
      return await work();
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      await client.query('commit').catch((error: Error) => (failed ??= error));
      client.release(failed ?? false);
    }
  }

  async importRegistry(registry: RegistryFile): Promise<number> {
    const imported = await inTransaction(this.pool, async (db) => {
      await db.query('select pg_advisory_xact_lock($1::bigint)', [advisoryKey('registry-import')]);
      const existing = await db.query('select count(*)::int as count from remote_live');
      if ((existing.rows[0] as { count: number }).count > 0)
        throw new Error(`${this.location} already names remotes: nothing was imported`);
      for (const remote of registry.remotes) {
        await saveRemote(db, remote, remote.history ?? [], null);
      }
      return registry.remotes.length;
    });
    if (this.options.watch) await this.refresh();
    return imported;
  }

  async readiness(): Promise<Readiness> {
    if (this.closed) return { ready: false, reason: 'the registry is closed' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${READINESS_TIMEOUT_MS} ms`)),
        READINESS_TIMEOUT_MS,
      );
    });
    try {
      const query = this.pool.query<{ migrated: boolean }>(
        "select to_regclass('remote_history') is not null as migrated",
      );
      query.catch(() => undefined);
      const result = await Promise.race([query, timeout]);
      if (!result.rows[0]?.migrated) {
        return {
          ready: false,
          reason: "the registry's tables do not exist yet (the API's migrations create them)",
        };
      }
    } catch (error) {
      return {
        ready: false,
        reason: `the registry's database is unreachable: ${messageOf(error)}`,
      };
    } finally {
      clearTimeout(timer);
    }
    if (this.options.watch && !this.cache) {
      void this.refresh();
      return { ready: false, reason: 'the registry is not loaded yet' };
    }
    return { ready: true };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    this.listenerUp = false;
    await Promise.all([
      listener?.end().catch(() => undefined),
      this.refreshing?.catch(() => undefined),
    ]);
    await this.pool.end().catch(() => undefined);
  }

  private why(): string {
    switch (this.state) {
      case 'not_migrated':
        return "its tables do not exist yet (the API's migrations create them)";
      case 'unreachable':
        return `the database is unreachable (${this.lastError})`;
      default:
        return 'the first read has not finished';
    }
  }

  /** The next periodic read: every refreshMs once loaded, sooner while it is not. */
  private schedule(delay?: number): void {
    const watch = this.options.watch;
    if (this.closed || !watch) return;
    clearTimeout(this.timer);
    const wait =
      delay ?? (this.state === 'ready' ? watch.refreshMs : Math.min(watch.refreshMs, RETRY_MS));
    this.timer = setTimeout(() => {
      void this.refresh().finally(() => this.schedule());
    }, wait);
    this.timer.unref();
  }

  /** Reads the registry into memory; a read asked for while one runs runs once more after it. */
  private refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        await this.loadIntoMemory();
      } while (this.refreshAgain && !this.closed);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async loadIntoMemory(): Promise<void> {
    const log = this.options.watch?.log;
    let registry: RegistryFile;
    try {
      registry = (await loadRemotes(this.pool)).registry;
    } catch (error) {
      if (this.closed) return;
      const state: LoadState =
        error instanceof RegistryUnavailableError ? 'not_migrated' : 'unreachable';
      this.lastError = messageOf(error);
      if (state !== this.state) {
        this.state = state;
        log?.warn(
          { event: 'registry', location: this.location },
          state === 'not_migrated'
            ? "the remote registry's tables are not in the database yet: waiting for the API's migrations; not ready until they exist"
            : `the remote registry cannot be read from the database (${this.lastError}); not ready, trying again`,
        );
      }
      return;
    }
    this.cache = registry;
    if (this.state !== 'ready') {
      this.state = 'ready';
      log?.info(
        { event: 'registry', location: this.location, remotes: registry.remotes.length },
        `the remote registry is read from ${this.location}; changes arrive by LISTEN ${REGISTRY_CHANNEL}`,
      );
    }
  }

  private async connectListener(): Promise<void> {
    if (this.closed) return;
    const log = this.options.watch?.log;
    const client = new Client({
      connectionString: this.options.url,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      const wasUp = this.listenerUp;
      this.listenerUp = false;
      client.end().catch(() => undefined);
      if (this.closed) return;
      if (wasUp) {
        log?.warn(
          { event: 'registry', err: error?.message },
          'the registry lost its LISTEN connection; reconnecting (the periodic read covers the gap)',
        );
      }
      const delay = this.reconnectDelay;
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
      this.reconnectTimer = setTimeout(() => void this.connectListener(), delay);
      this.reconnectTimer.unref();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel === REGISTRY_CHANNEL) void this.refresh();
    });
    try {
      await client.connect();
      await client.query(`listen ${REGISTRY_CHANNEL}`);
    } catch (error) {
      lose(error instanceof Error ? error : undefined);
      return;
    }
    if (this.closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.listenerUp = true;
    this.reconnectDelay = 1_000;
    // What changed while nobody listened.
    await this.refresh();
  }
}
