// The bench's settings, read once at start: a flag wins over its environment variable, which wins
// over the default.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Measured calls per case. */
  runs: number;
  /** Calls per case before measuring (caches, plans and the JIT warm up). */
  warmup: number;
  /** An earlier result file to compare with, `latest` for the newest one, or null. */
  compare: string | null;
  /**
   * --database-url: a PostgreSQL server to measure beside PGlite (both engines, one table); null
   * measures one engine, the one the configuration names (DATABASE_URL, else PGlite).
   */
  databaseUrl: string | null;
}

export const USAGE = `Usage: npm run bench:api -- [--runs N] [--warmup N] [--compare FILE|latest]
                             [--database-url postgres://…]

  --runs N              measured calls per case (BENCH_RUNS; default 30)
  --warmup N            calls per case before measuring (BENCH_WARMUP; default 5)
  --compare FILE        print the change against an earlier result: a .data/bench/*.json file, or
                        "latest" for the newest one there (with two engines: the run on the
                        file's engine)
  --database-url URL    measure PGlite and this PostgreSQL server one after the other, and print
                        one table comparing the two engines
  --help                this text

The bench uses a throw-away PGlite database in a temporary folder, or, on a server (DATABASE_URL,
or --database-url), a schema of its own there, dropped at the end.`;

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${USAGE}`);
    this.name = 'UsageError';
  }
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min)
    throw new UsageError(`${name} must be a whole number of at least ${min} (got "${raw}").`);
  return value;
}

function serverUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    // Not echoed: the URL may hold a password.
    throw new UsageError('--database-url must be a postgres:// URL.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new UsageError(`--database-url must be a postgres:// URL (got a ${url.protocol} URL).`);
  return url.toString();
}

/** Reads the flags and the environment; null means `--help` was asked for. */
export function parseBenchOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): BenchOptions | null {
  let values: {
    runs?: string;
    warmup?: string;
    compare?: string;
    'database-url'?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        runs: { type: 'string' },
        warmup: { type: 'string' },
        compare: { type: 'string' },
        'database-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return null;
  return {
    runs: wholeNumber('--runs (BENCH_RUNS)', values.runs ?? env.BENCH_RUNS, 30, 1),
    warmup: wholeNumber('--warmup (BENCH_WARMUP)', values.warmup ?? env.BENCH_WARMUP, 5, 0),
    compare: values.compare?.trim() || null,
    databaseUrl: serverUrl(values['database-url']),
  };
}
