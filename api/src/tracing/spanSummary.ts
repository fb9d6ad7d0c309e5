// The span processor used when no OTLP collector is configured: it keeps no spans, only counts.
// Each finished request span (kind SERVER) and database span is added to its minute's row for
// (service, kind, operation, status class): count, errors, total and max duration and a duration
// histogram. Every minute the finished minutes are written to trace_minutes (migration 0022); a
// shutdown writes the current one too. Nothing here ever throws into the request that ended a span.
import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Sql } from '../db/database';
import { BUCKET_COUNT, bucketOf } from './histogram';
import { writeTraceMinutes, type TraceMinute } from './traceMinutesStore';

const MINUTE_MS = 60_000;
/**
 * Rows a minute may hold. Operations are route templates and query commands, a few hundred; this
 * bounds memory should something name spans after values all the same: the rest is '(other)'.
 */
export const MAX_ROWS_PER_MINUTE = 2_000;
/** Minutes kept for a database that cannot be written (then the oldest are dropped). */
const MAX_PENDING_MINUTES = 60;
export const OTHER_OPERATION = '(other)';

export interface SummaryLog {
  warn(fields: object, message: string): void;
}

/** What a span counts as, or null for a span that is not summarised (internal, client calls). */
export function summaryKey(
  span: ReadableSpan,
): { kind: 'server' | 'db'; operation: string; statusClass: string; error: boolean } | null {
  const attributes = span.attributes;
  const dbSystem = attributes['db.system.name'] ?? attributes['db.system'];
  if (dbSystem !== undefined) {
    const error = span.status.code === SpanStatusCode.ERROR;
    return { kind: 'db', operation: span.name, statusClass: error ? 'error' : 'ok', error };
  }
  if (span.kind !== SpanKind.SERVER) return null;
  const method = attributes['http.request.method'] ?? attributes['http.method'];
  const route = attributes['http.route'];
  const status = Number(attributes['http.response.status_code'] ?? attributes['http.status_code']);
  // Never the span's URL: a request no route matched (a 404) is its method alone.
  const operation =
    typeof route === 'string' && route !== ''
      ? `${String(method ?? '')} ${route}`.trim()
      : `${String(method ?? 'request')} (no route)`;
  const statusClass =
    Number.isInteger(status) && status >= 100 ? `${Math.floor(status / 100)}xx` : 'none';
  const error = status >= 500 || span.status.code === SpanStatusCode.ERROR;
  return { kind: 'server', operation, statusClass, error };
}

export class SpanSummary implements SpanProcessor {
  /** Rows by minute (epoch ms), then by key. */
  private readonly minutes = new Map<number, Map<string, TraceMinute>>();
  private timer: NodeJS.Timeout | null = null;
  private target: { sql: Sql; log: SummaryLog } | null = null;

  constructor(
    private readonly service: string,
    private readonly now: () => number = Date.now,
  ) {}

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    const key = summaryKey(span);
    if (!key) return;
    const durationMs = span.duration[0] * 1_000 + span.duration[1] / 1_000_000;
    const endedMs = span.endTime[0] * 1_000 + span.endTime[1] / 1_000_000;
    const buckets = new Array<number>(BUCKET_COUNT).fill(0);
    buckets[bucketOf(durationMs)] = 1;
    this.add({
      minute: new Date(Math.floor(endedMs / MINUTE_MS) * MINUTE_MS).toISOString(),
      service: this.service,
      kind: key.kind,
      operation: key.operation,
      statusClass: key.statusClass,
      count: 1,
      errors: key.error ? 1 : 0,
      totalMs: durationMs,
      maxMs: durationMs,
      buckets,
    });
  }

  /** Adds `sample` (one span, or rows a failed write gave back) to its minute's row. */
  private add(sample: TraceMinute): void {
    const minute = Date.parse(sample.minute);
    let rows = this.minutes.get(minute);
    if (!rows) this.minutes.set(minute, (rows = new Map()));
    let id = `${sample.kind}\n${sample.operation}\n${sample.statusClass}`;
    if (!rows.has(id) && rows.size >= MAX_ROWS_PER_MINUTE) {
      sample = { ...sample, operation: OTHER_OPERATION };
      id = `${sample.kind}\n${sample.operation}\n${sample.statusClass}`;
    }
    const row = rows.get(id);
    if (!row) {
      rows.set(id, { ...sample, buckets: [...sample.buckets] });
      return;
    }
    row.count += sample.count;
    row.errors += sample.errors;
    row.totalMs += sample.totalMs;
    row.maxMs = Math.max(row.maxMs, sample.maxMs);
    sample.buckets.forEach(
      (count, index) => (row.buckets[index] = (row.buckets[index] ?? 0) + count),
    );
  }

  /** Starts writing to `sql` every minute (the database opens after tracing starts). */
  attach(sql: Sql, log: SummaryLog, intervalMs = MINUTE_MS): void {
    this.target = { sql, log };
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /**
   * Writes the finished minutes (all of them with `everything`, at shutdown). Rows a failed write
   * could not store stay for the next flush. Its own queries are not traced: they would count
   * themselves.
   */
  async flush(everything = false): Promise<number> {
    if (!this.target) return 0;
    const { sql, log } = this.target;
    const current = Math.floor(this.now() / MINUTE_MS) * MINUTE_MS;
    const done = [...this.minutes.keys()].filter((minute) => everything || minute < current);
    if (done.length === 0) return 0;
    const rows = done.flatMap((minute) => [...(this.minutes.get(minute)?.values() ?? [])]);
    for (const minute of done) this.minutes.delete(minute);
    try {
      await context.with(suppressTracing(context.active()), () => writeTraceMinutes(sql, rows));
      return rows.length;
    } catch (error) {
      log.warn({ err: error, rows: rows.length }, 'Writing the trace summary failed; will retry');
      for (const row of rows) this.add(row);
      // A database that stays down must not make the memory grow: the oldest minutes go.
      const kept = [...this.minutes.keys()].sort((a, b) => a - b);
      for (const minute of kept.slice(0, Math.max(0, kept.length - MAX_PENDING_MINUTES)))
        this.minutes.delete(minute);
      return 0;
    }
  }

  async forceFlush(): Promise<void> {
    await this.flush(true);
  }

  async shutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush(true);
  }
}
