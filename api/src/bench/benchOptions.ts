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
}

export const USAGE = `Usage: npm run bench -- [--runs N] [--warmup N] [--compare FILE|latest]

  --runs N        measured calls per case (BENCH_RUNS; default 30)
  --warmup N      calls per case before measuring (BENCH_WARMUP; default 5)
  --compare FILE  print the change against an earlier result: a .data/bench/*.json file, or
                  "latest" for the newest one there
  --help          this text

The bench uses a throw-away PGlite database in a temporary folder, or, when DATABASE_URL is set,
a schema of its own on that server, dropped at the end.`;

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

/** Reads the flags and the environment; null means `--help` was asked for. */
export function parseBenchOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): BenchOptions | null {
  let values: { runs?: string; warmup?: string; compare?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        runs: { type: 'string' },
        warmup: { type: 'string' },
        compare: { type: 'string' },
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
  };
}
