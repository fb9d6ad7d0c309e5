// What a bench run leaves: a table on stdout and a JSON file per run in the monorepo's .data/bench
// (git-ignored), which a later run can compare itself with.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_DIR } from '../config';
import type { CaseResult, MemorySample } from './measure';

export const RESULTS_DIR = path.join(PACKAGE_DIR, '..', '.data', 'bench');
/** Written into every file, so that a comparison refuses a file it cannot read. */
export const RESULT_FORMAT = 'hostdash-bench/1';

/** A --compare file that is missing or is not a bench result. */
export class CompareFileError extends Error {
  constructor(message: string) {
    super(`--compare: ${message}`);
    this.name = 'CompareFileError';
  }
}

export interface BenchRun {
  format: typeof RESULT_FORMAT;
  startedAt: string;
  /** The checked-out commit (with `+changes` when the tree differs from it), when git knows. */
  commit: string | null;
  machine: { cpus: number; cpuModel: string; memoryGb: number; platform: string; node: string };
  database: { kind: 'pglite' | 'postgres'; version: string };
  scale: { listings: number; reservations: number };
  settings: { runs: number; warmup: number; gcExposed: boolean };
  /** How long each preparation step took, in ms. */
  setupMs: Record<string, number>;
  results: CaseResult[];
}

/** Columns padded to their widest cell; the first column left-aligned, the others right. */
export function formatTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

const ms = (value: number) => value.toFixed(2);
const change = (before: MemorySample, after: MemorySample, key: keyof MemorySample) =>
  `${before[key].toFixed(1)} → ${after[key].toFixed(1)}`;

export function formatRun(run: BenchRun): string {
  const { machine, database, scale, settings } = run;
  const summary = [
    `${run.startedAt}  commit ${run.commit ?? 'unknown'}`,
    `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, ${machine.platform}, node ${machine.node}`,
    `database: ${database.kind} (${database.version})`,
    `scale account: ${scale.listings.toLocaleString('en')} listings, ${scale.reservations.toLocaleString('en')} reservations`,
    `each case: ${settings.warmup} warm-up + ${settings.runs} measured calls through app.inject` +
      (settings.gcExposed ? '; memory after a full GC' : ''),
    `setup: ${Object.entries(run.setupMs)
      .map(([step, took]) => `${step} ${(took / 1000).toFixed(1)} s`)
      .join(', ')}`,
  ];
  const table = formatTable(
    ['case', 'runs', 'p50 ms', 'p95 ms', 'max ms', 'RSS MB', 'heap used MB'],
    run.results.map((result) => [
      result.name,
      String(result.runs),
      ms(result.p50Ms),
      ms(result.p95Ms),
      ms(result.maxMs),
      change(result.memory.before, result.memory.after, 'rssMb'),
      change(result.memory.before, result.memory.after, 'heapUsedMb'),
    ]),
  );
  return `${summary.join('\n')}\n\n${table}`;
}

/**
 * Writes the run as `<results dir>/<ISO start time>.json` (with `-` for `:`, which Windows refuses
 * in a name; the names still sort by time); returns the file's path.
 */
export function writeRun(run: BenchRun, dir = RESULTS_DIR): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${run.startedAt.replaceAll(':', '-')}.json`);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}

/** `latest` is the newest result file in `dir` (ISO names sort by time); anything else a path. */
export function resolveCompareFile(compare: string, dir = RESULTS_DIR): string {
  if (compare !== 'latest') return path.resolve(compare);
  const newest = (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort()
    .pop();
  if (!newest) throw new CompareFileError(`there is no earlier result in ${dir}.`);
  return path.join(dir, newest);
}

export function readRun(file: string): BenchRun {
  let run: Partial<BenchRun>;
  try {
    run = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchRun>;
  } catch (error) {
    throw new CompareFileError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (run.format !== RESULT_FORMAT || !Array.isArray(run.results))
    throw new CompareFileError(`${file} is not a bench result (format ${RESULT_FORMAT}).`);
  return run as BenchRun;
}

function percentChange(before: number, now: number): string {
  if (before === 0) return '';
  const percent = Math.round(((now - before) / before) * 100);
  return percent === 0 ? '0%' : `${percent > 0 ? '+' : ''}${percent}%`;
}

/** Each case's p50 and p95 against the earlier run's (matched by name), with the change in %. */
export function formatComparison(previous: BenchRun, current: BenchRun, file: string): string {
  const earlier = new Map(previous.results.map((result) => [result.name, result]));
  const rows = current.results.map((result) => {
    const before = earlier.get(result.name);
    if (!before) return [result.name, 'new', '', 'new', ''];
    return [
      result.name,
      `${ms(before.p50Ms)} → ${ms(result.p50Ms)}`,
      percentChange(before.p50Ms, result.p50Ms),
      `${ms(before.p95Ms)} → ${ms(result.p95Ms)}`,
      percentChange(before.p95Ms, result.p95Ms),
    ];
  });
  const { machine, database, settings } = previous;
  const heading =
    `Compared with ${path.relative(process.cwd(), file) || file}: ${previous.startedAt}, commit ` +
    `${previous.commit ?? 'unknown'}, ${database.kind}, ${settings.runs} runs, ` +
    `${machine.cpus} cpus, node ${machine.node}`;
  return `${heading}\n\n${formatTable(['case', 'p50 ms', 'Δ p50', 'p95 ms', 'Δ p95'], rows)}`;
}

const engineName = (run: BenchRun) => (run.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

/**
 * The same cases on two engines (the first the baseline, PGlite): p50 and p95 of each, and how many
 * times slower (>1) or faster (<1) the second is; then the preparation steps side by side.
 */
export function formatEngineComparison(first: BenchRun, second: BenchRun): string {
  const [a, b] = [engineName(first), engineName(second)];
  const ratio = (before: number, now: number) =>
    before === 0 ? '' : `×${(now / before).toFixed(2)}`;
  const others = new Map(second.results.map((result) => [result.name, result]));
  const rows = first.results.map((result) => {
    const other = others.get(result.name);
    return [
      result.name,
      ms(result.p50Ms),
      other ? ms(other.p50Ms) : '—',
      other ? ratio(result.p50Ms, other.p50Ms) : '',
      ms(result.p95Ms),
      other ? ms(other.p95Ms) : '—',
      other ? ratio(result.p95Ms, other.p95Ms) : '',
    ];
  });
  const seconds = (took: number | undefined) =>
    took === undefined ? '—' : `${(took / 1000).toFixed(1)} s`;
  const steps = [...new Set([...Object.keys(first.setupMs), ...Object.keys(second.setupMs)])];
  const { machine, settings } = first;
  const heading = [
    `${first.startedAt}  commit ${first.commit ?? 'unknown'}`,
    `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, ${machine.platform}, node ${machine.node}`,
    `${a}: ${first.database.version}; ${b}: ${second.database.version}`,
    `scale account: ${first.scale.listings.toLocaleString('en')} listings, ${first.scale.reservations.toLocaleString('en')} reservations`,
    `each case: ${settings.warmup} warm-up + ${settings.runs} measured calls through app.inject, same process`,
  ];
  return [
    heading.join('\n'),
    formatTable(
      ['case', `${a} p50`, `${b} p50`, `${b}/${a}`, `${a} p95`, `${b} p95`, `${b}/${a}`],
      rows,
    ),
    formatTable(
      ['setup', a, b],
      steps.map((step) => [step, seconds(first.setupMs[step]), seconds(second.setupMs[step])]),
    ),
  ].join('\n\n');
}
