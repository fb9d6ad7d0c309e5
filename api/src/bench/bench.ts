// `npm run bench:api` (dist/bench/bench.js): the API's hot read paths at scale. A throw-away
// database gets the demo data (the real migrations and seed) and a scale account of 50,000 listings
// and 100,000 reservations; the real app (buildApp, as the server builds it) then answers each
// case's warm-up and measured calls as that account's owner. With --database-url it does so on
// PGlite and then on that server, and prints one table comparing the two engines. A measurement,
// not a test: nothing fails on time, and the exit code is 1 only when something errs (a call
// answering other than 200 too).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolderStorage, type ObjectStorage } from '@hostdash/storage';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createSession } from '../auth/sessions';
import { ConfigError, loadConfig, PACKAGE_DIR } from '../config';
import type { Database } from '../db/database';
import { vacuumEmbedded } from '../db/maintenance';
import {
  createScaleAccount,
  seedScaleListings,
  seedScaleReservations,
  type ScaleAccount,
} from '../db/scaleSeed';
import { prepareDatabase } from '../db/prepare';
import { newKeyRing } from '../secrets/keyRing';
import { createVault } from '../secrets/vault';
import { benchCases, discoverCaseContext } from './benchCases';
import { openBenchDatabase } from './benchDatabase';
import { parseBenchOptions, USAGE, UsageError, type BenchOptions } from './benchOptions';
import {
  CompareFileError,
  formatComparison,
  formatEngineComparison,
  formatRun,
  readRun,
  resolveCompareFile,
  RESULT_FORMAT,
  writeRun,
  type BenchRun,
} from './benchReport';
import { BenchCallError, measureCase, type CaseResult } from './measure';

const SCALE = { listings: 50_000, buildings: 5, reservations: 100_000 };
/** A throw-away key ring: the bench's database is dropped after the run, its secrets with it. */
const vault = createVault(newKeyRing());

/** Progress goes to stderr, so that stdout holds only the results. */
const progress = (message: string): void => void process.stderr.write(`${message}\n`);

async function timed<T>(
  setupMs: Record<string, number>,
  step: string,
  work: () => Promise<T>,
): Promise<T> {
  progress(`${step} …`);
  const started = Date.now();
  const result = await work();
  setupMs[step] = Date.now() - started;
  return result;
}

const thousands = (count: number): string => count.toLocaleString('en');

/** The scale account and its portfolio, beside the demo accounts. */
async function seedScalePortfolio(db: Database): Promise<ScaleAccount> {
  const account = await createScaleAccount(db);
  await seedScaleListings(db, account.accountId, SCALE);
  return account;
}

/** The demo data through the API's own start-up preparation, then the scale account. */
async function prepareData(
  db: Database,
  storage: ObjectStorage,
  setupMs: Record<string, number>,
): Promise<ScaleAccount> {
  await timed(setupMs, 'migrate + demo seed', async () => {
    await prepareDatabase(db, { storage, demoData: true, firstAdmin: null, vault });
  });
  const account = await timed(setupMs, `${thousands(SCALE.listings)} listings`, () =>
    seedScalePortfolio(db),
  );
  const screened = await timed(
    setupMs,
    `${thousands(SCALE.reservations)} reservations, screened`,
    () => seedScaleReservations(db, account.accountId, SCALE.reservations),
  );
  // Numbers over other data than announced would mislead: stop instead.
  if (screened !== SCALE.reservations)
    throw new Error(
      `The scale account has ${screened} screened reservations, not ${SCALE.reservations}.`,
    );
  // After an import, what the API's hourly maintenance (PGlite) or autovacuum (a server) does.
  await timed(setupMs, 'vacuum and analyze', async () => {
    if (!(await vacuumEmbedded(db))) await db.exec('analyze');
  });
  return account;
}

/** The commit measured, marked when the working tree has changes; null outside a git checkout. */
function currentCommit(): string | null {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: PACKAGE_DIR, encoding: 'utf8', stdio: 'pipe' }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain') ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

function machine(): BenchRun['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    platform: `${os.platform()} ${os.arch()}`,
    node: process.version,
  };
}

async function databaseVersion(db: Database): Promise<string> {
  const [row] = await db.query<{ server_version: string }>('show server_version');
  return `PostgreSQL ${row?.server_version ?? 'unknown'}`;
}

async function measureAll(
  app: FastifyInstance,
  db: Database,
  session: string,
  options: BenchOptions,
): Promise<CaseResult[]> {
  const [row] = await db.query<{ today: string }>('select current_date as today');
  const context = await discoverCaseContext(app, session, row?.today ?? '');
  const results: CaseResult[] = [];
  for (const benchCase of benchCases(context)) {
    progress(`measuring ${benchCase.name} …`);
    results.push(await measureCase(app, session, benchCase, options));
  }
  return results;
}

/** One engine, measured: its throw-away database prepared, every case, the database removed. */
async function runOn(
  databaseUrl: string | null,
  config: ReturnType<typeof loadConfig>,
  options: BenchOptions,
): Promise<BenchRun> {
  const startedAt = new Date().toISOString();
  const bench = await openBenchDatabase(databaseUrl);
  progress(`Bench database: ${bench.where}`);
  // The demo's files (sample identity images) in a throw-away folder, whatever the database.
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-bench-files-'));
  const storage = new FolderStorage(filesDir);
  const removeFiles = () => rmSync(filesDir, { recursive: true, force: true });
  // Ctrl-C must not leave a schema on a server (or a data folder in /tmp) behind.
  const interrupted = (signal: NodeJS.Signals) => {
    progress(`${signal}: removing the bench database`);
    void bench
      .dispose()
      .finally(removeFiles)
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  let app: FastifyInstance | null = null;
  try {
    const setupMs: Record<string, number> = {};
    const account = await prepareData(bench.db, storage, setupMs);
    // No request logs: the numbers are the API's work, and stdout stays a readable table.
    app = buildApp({ db: bench.db, config, storage, vault, logger: false });
    await app.ready();
    const { sessionId } = await createSession(bench.db, account.ownerId, config.sessionTtlMs);
    const results = await measureAll(app, bench.db, sessionId, options);
    return {
      format: RESULT_FORMAT,
      startedAt,
      commit: currentCommit(),
      machine: machine(),
      database: { kind: bench.db.kind, version: await databaseVersion(bench.db) },
      scale: { listings: SCALE.listings, reservations: SCALE.reservations },
      settings: {
        runs: options.runs,
        warmup: options.warmup,
        gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
      },
      setupMs,
      results,
    };
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    await app?.close();
    await bench.dispose();
    removeFiles();
  }
}

async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2), process.env);
  if (!options) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  // Read before the minute of preparation, so that a wrong path fails at once.
  const compareFile = options.compare ? resolveCompareFile(options.compare) : null;
  const previous = compareFile ? readRun(compareFile) : null;

  // --database-url: both engines, PGlite first (the baseline); otherwise the configured one.
  const engines = options.databaseUrl ? [null, options.databaseUrl] : [config.databaseUrl];
  const runs: BenchRun[] = [];
  for (const databaseUrl of engines) runs.push(await runOn(databaseUrl, config, options));

  const [first, second] = runs as [BenchRun, BenchRun | undefined];
  console.log(second ? formatEngineComparison(first, second) : formatRun(first));
  console.log('');
  for (const run of runs) console.log(`Saved ${path.relative(process.cwd(), writeRun(run))}`);
  const comparable = previous && runs.find((run) => run.database.kind === previous.database.kind);
  if (previous && compareFile)
    console.log(
      comparable
        ? `\n${formatComparison(previous, comparable, compareFile)}`
        : `\n--compare: ${compareFile} was measured on ${previous.database.kind}, which this run did not measure.`,
    );
}

/** Known failures print their message alone; anything else its stack, to find it. */
function failureText(error: unknown): string {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof CompareFileError ||
    error instanceof BenchCallError
  )
    return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Bench failed: ${failureText(error)}`);
    process.exit(1);
  },
);
