// Test helpers for delivery: a remote's fake build, temporary folders, the published Frontend
// Discovery schema's verdict on a document, and a scratch PostgreSQL database with the registry's
// tables. For tests only (this package's and the shell's), never built into dist/:
// `@hostdash/delivery/testing` resolves to this source in jest and in typecheck.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { Client } from 'pg';
import type { RolloutHealth, RolloutVerdict } from '@hostdash/shared-auth';
import type { RegistryStore } from '../registryStore';

export function temporaryDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** A federation manifest with Hostdash's metadata, as a remote's build writes it. */
export function fakeManifest(options: {
  name: string;
  version?: string;
  contract?: string;
  shared?: { name: string; requiredVersion: string; singleton?: boolean }[];
}) {
  return {
    id: options.name,
    name: options.name,
    metaData: {
      name: options.name,
      buildInfo: { buildVersion: options.version ?? '0.0.0' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
      ...(options.version
        ? {
            hostdash: {
              version: options.version,
              contract: options.contract ?? '^1.0.0',
              commit: 'abc123def456',
            },
          }
        : {}),
    },
    shared: (options.shared ?? []).map((item) => ({ singleton: true, ...item })),
    remotes: [],
    exposes: [{ id: `${options.name}:feature`, name: 'feature', path: './feature' }],
  };
}

/** A remote's build folder: manifest, entry and a content-hashed chunk. */
export function fakeBuild(options: { name: string; version: string; contract?: string }): string {
  const dir = temporaryDir(`build-${options.name}`);
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(fakeManifest(options)));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${options.name} ${options.version} */`);
  mkdirSync(path.join(dir, 'nested'));
  writeFileSync(
    path.join(dir, 'feature.1a2b3c4d.js'),
    `export const version = '${options.version}';`,
  );
  writeFileSync(path.join(dir, 'nested', 'note.txt'), 'kept as built');
  return dir;
}

/** Files a build writes for its own tooling, that no server or bucket may publish. */
export const PRIVATE_BUILD_FILES = [
  'feature.1a2b3c4d.js.map',
  'bundle-contents.json',
  'bundle-contents.json.br',
  'bundle-contents.json.gz',
  'mf-manifest-stats.json',
] as const;

const discoverySchema = JSON.parse(
  readFileSync(
    path.join(__dirname, '..', 'fixtures', 'frontend-discovery-v1-pre.schema.json'),
    'utf8',
  ),
) as {
  properties: { microFrontends: { additionalProperties: { items: [Record<string, unknown>] } } };
};
// The schema's `items` is a tuple: draft 2019-09 checks only the first release of each remote
// against it, so every release is also checked against that one item schema.
const ajv = new Ajv2019({ strictTuples: false, allErrors: true });
const validDocument = ajv.compile(discoverySchema);
const validRelease = ajv.compile(
  discoverySchema.properties.microFrontends.additionalProperties.items[0],
);

/**
 * What the published Frontend Discovery schema (delivery/fixtures) finds wrong with a document,
 * every release included; [] when it is valid.
 */
export function discoverySchemaErrors(document: unknown): string[] {
  const errors = validDocument(document) ? [] : ajv.errorsText(validDocument.errors).split(', ');
  const remotes = Object.entries(
    ((document as { microFrontends?: Record<string, unknown[]> }).microFrontends ?? {}) as Record<
      string,
      unknown[]
    >,
  );
  for (const [name, releases] of remotes) {
    (Array.isArray(releases) ? releases : []).forEach((release, index) => {
      if (!validRelease(release))
        errors.push(`${name}[${index}]: ${ajv.errorsText(validRelease.errors)}`);
    });
  }
  return errors;
}

/**
 * The registry's tables as the API's migration creates them: the shell's PostgreSQL tests apply
 * the migration file itself, so they test the very SQL the API runs.
 */
export const REGISTRY_MIGRATION = path.join(
  __dirname,
  '..',
  '..',
  '..',
  'api',
  'migrations',
  '0025_remote_registry.sql',
);

/** A PostgreSQL server for tests (TEST_DATABASE_URL, as the API's tests), or why there is none. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || null;
const WITHOUT_DATABASE = 'skipped: TEST_DATABASE_URL is not set (a PostgreSQL server)';

/** `describe` on a PostgreSQL server; without one the tests are listed as skipped, saying why. */
export function describeOnServer(title: string, tests: () => void): void {
  if (testDatabaseUrl) describe(`${title} (TEST_DATABASE_URL)`, tests);
  else describe.skip(`${title} (${WITHOUT_DATABASE})`, tests);
}

export interface ScratchDatabase {
  url: string;
  /** Runs SQL in it (what another process, or an operator, would do behind the store's back). */
  sql(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Creates the registry's tables (the API's migration 0025). */
  migrate(): Promise<void>;
  /** Empties the registry's tables (the append-only history too: truncate fires no row trigger). */
  empty(): Promise<void>;
  drop(): Promise<void>;
}

/** A database of its own for one test file on TEST_DATABASE_URL's server, dropped by `drop()`. */
export async function scratchDatabase(label: string, migrated = true): Promise<ScratchDatabase> {
  if (!testDatabaseUrl) throw new Error(WITHOUT_DATABASE);
  const name = `hd_shell_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const address = new URL(testDatabaseUrl);
  address.pathname = `/${name}`;
  const url = address.toString();
  const sql = async (text: string, params: unknown[] = []) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const database: ScratchDatabase = {
    url,
    sql,
    migrate: async () => {
      await sql(readFileSync(REGISTRY_MIGRATION, 'utf8'));
    },
    empty: async () => {
      await sql('truncate remote_history, remote_canaries, remote_live, remote_versions');
    },
    drop: async () => {
      const client = new Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
  if (migrated) await database.migrate();
  return database;
}

/** Resolves once `condition` holds (checked every 20 ms), or rejects after `timeoutMs`. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/** The registry, with `meanwhile` run by someone else once, between a change's read and its write. */
export function racedBy(registry: RegistryStore, meanwhile: () => Promise<unknown>): RegistryStore {
  let raced = false;
  const update: RegistryStore['update'] = (name, change) =>
    registry.update(name, async (current) => {
      const next = await change(current);
      if (!raced) {
        raced = true;
        await meanwhile();
      }
      return next;
    });
  return new Proxy(registry, {
    get: (target, key) => (key === 'update' ? update : Reflect.get(target, key)),
  });
}

/** A side's figures in a health verdict, in the shape of the API's. */
export const figures = (sessions: number, errorRate: number, apiRefusalRate = 0.05) => ({
  sessions,
  errorRate,
  loadFailureRate: 0,
  apiFailureRate: 0,
  apiRefusalRate,
  lcpP75: 1500,
  inpP75: 100,
});

/** A health verdict in the shape of the API's (`GET /telemetry/rollout-health`). */
export function verdict(kind: RolloutVerdict, reason: string): RolloutHealth {
  return {
    verdict: kind,
    reason,
    at: new Date().toISOString(),
    candidate: figures(40, kind === 'unhealthy' ? 0.041 : 0.002),
    live: figures(300, 0.002),
  };
}
