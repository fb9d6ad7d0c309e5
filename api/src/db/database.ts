// The one SQL layer: `query(sql, params)` and `transaction(fn)`, over embedded PGlite by default or
// a PostgreSQL server (DATABASE_URL). Both drivers return the same JavaScript values: int8 as
// strings, dates as 'YYYY-MM-DD', timestamps as ISO strings.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Pool, types as pgTypes } from 'pg';

export type Row = Record<string, unknown>;

export interface Sql {
  /** One statement; every value travels as a bound parameter ($1, $2 …). */
  query<T extends object = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const OID = { INT8: 20, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

const parsePgTimestamptz = pgTypes.getTypeParser(OID.TIMESTAMPTZ, 'text') as (
  value: string,
) => Date;
const parsePgTimestamp = pgTypes.getTypeParser(OID.TIMESTAMP, 'text') as (value: string) => Date;

/** Text-format parsers shared by both drivers, so the API sees one set of types. */
const textParsers: Record<number, (value: string) => unknown> = {
  // ids are bigint: exact as strings (PGlite would give a number, pg a string)
  [OID.INT8]: (value) => value,
  [OID.DATE]: (value) => value,
  [OID.TIMESTAMPTZ]: (value) => parsePgTimestamptz(value).toISOString(),
  [OID.TIMESTAMP]: (value) => parsePgTimestamp(value).toISOString(),
};

/** Opens (creating if needed) an embedded database in `dataDir`. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  // pg_trgm: substring search through an index (migration 0005); a server has it in contrib.
  // Imported when used: the package publishes only ESM types for its contrib modules.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({ dataDir, parsers: textParsers, extensions: { pg_trgm } });
  // The embedded database's pages are in memory: a random read costs what a sequential one does,
  // so the planner should probe an index for a few thousand rows rather than hash a whole table.
  await pglite.exec('set random_page_cost = 1.1');
  const asSql = (target: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<T extends object>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(text, params as unknown[]);
      return result.rows;
    },
    async exec(text: string) {
      await target.exec(text);
    },
  });
  return {
    kind: 'pglite',
    ...asSql(pglite),
    transaction: (work) => pglite.transaction((tx) => work(asSql(tx))),
    close: () => pglite.close(),
  };
}

/** Connects to a PostgreSQL server through a pool. */
export function openPostgres(connectionString: string): Database {
  const pool = new Pool({
    connectionString,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        textParsers[oid] ??
        pgTypes.getTypeParser(oid, format ?? 'text')) as typeof pgTypes.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  type Queryable = Pick<Pool, 'query'>;
  const asSql = (target: Queryable): Sql => ({
    async query<T extends object>(text: string, params: readonly unknown[] = []) {
      const result = await target.query(text, params as unknown[]);
      return result.rows as T[];
    },
    async exec(text: string) {
      await target.query(text);
    },
  });
  return {
    kind: 'postgres',
    ...asSql(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(asSql(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string;
}): Promise<Database> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl))
    : openPglite(options.pgliteDir);
}
