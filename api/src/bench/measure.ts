// Calls one case through the real app (app.inject: routing, validation, SQL and serialisation, the
// API's whole work, without a socket's noise), warm-up calls first, then the measured ones.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

export interface BenchCase {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

export interface MemorySample {
  rssMb: number;
  heapUsedMb: number;
}

export interface CaseResult {
  name: string;
  method: BenchCase['method'];
  url: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Size of the last answer: a change here explains a change of time. */
  responseBytes: number;
  memory: { before: MemorySample; after: MemorySample };
}

export interface Answer {
  ms: number;
  text: string;
}

/** An answer other than 200: the bench stops, since its numbers would measure an error page. */
export class BenchCallError extends Error {
  constructor(benchCase: BenchCase, status: number, text: string) {
    super(
      `${benchCase.name}: ${benchCase.method} ${benchCase.url} answered ${status}: ${text.slice(0, 500)}`,
    );
    this.name = 'BenchCallError';
  }
}

/** One call as the signed-in caller; throws a BenchCallError unless it answers 200. */
export async function callCase(
  app: FastifyInstance,
  session: string,
  benchCase: BenchCase,
): Promise<Answer> {
  const payload = benchCase.body === undefined ? undefined : JSON.stringify(benchCase.body);
  const started = performance.now();
  const response = await app.inject({
    method: benchCase.method,
    url: benchCase.url,
    headers: {
      authorization: session,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200)
    throw new BenchCallError(benchCase, response.statusCode, response.body);
  return { ms, text: response.body };
}

const MB = 1024 * 1024;
const round = (value: number, places: number): number => Number(value.toFixed(places));

/**
 * RSS and heap used, after a full collection when node runs with --expose-gc (the bench script
 * does), so that heap numbers compare live objects rather than when the collector last ran.
 */
export function memorySample(): MemorySample {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMb: round(rss / MB, 1), heapUsedMb: round(heapUsed / MB, 1) };
}

/** Nearest-rank percentile of ascending values: the smallest value with `p`% at or below it. */
export function percentile(ascending: readonly number[], p: number): number {
  if (ascending.length === 0) throw new Error('percentile() of no values');
  const rank = Math.max(1, Math.ceil((p / 100) * ascending.length));
  return ascending[Math.min(rank, ascending.length) - 1] as number;
}

export async function measureCase(
  app: FastifyInstance,
  session: string,
  benchCase: BenchCase,
  { runs, warmup }: { runs: number; warmup: number },
): Promise<CaseResult> {
  for (let call = 0; call < warmup; call += 1) await callCase(app, session, benchCase);
  const before = memorySample();
  const times: number[] = [];
  let responseBytes = 0;
  for (let call = 0; call < runs; call += 1) {
    const answer = await callCase(app, session, benchCase);
    times.push(answer.ms);
    responseBytes = Buffer.byteLength(answer.text);
  }
  const after = memorySample();
  times.sort((a, b) => a - b);
  return {
    name: benchCase.name,
    method: benchCase.method,
    url: benchCase.url,
    runs: times.length,
    p50Ms: round(percentile(times, 50), 2),
    p95Ms: round(percentile(times, 95), 2),
    maxMs: round(times[times.length - 1] ?? 0, 2),
    responseBytes,
    memory: { before, after },
  };
}
