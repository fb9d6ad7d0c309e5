// Tracing (issue 17) on the real app and database: a request's W3C traceparent is continued by the
// API's spans (request, handler, queries), a malformed one starts a trace of its own, and the span
// summary writes route templates per minute into trace_minutes (migration 0022), adds a minute
// written twice, keeps what a failed write could not store, and is pruned by age.
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-node';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import * as pg from 'pg';
import type { Sql } from '../db/database';
import { testEngine } from '../testing/testDatabase';
import { startTestApi, type TestApi } from '../testing/testApi';
import { BUCKET_COUNT, bucketOf, percentileMs } from './histogram';
import { SpanSummary } from './spanSummary';
import { tracedDatabase } from './tracedDatabase';
import { pruneTraceMinutes, slowestOperations } from './traceMinutesStore';
import { instrumentApi, withoutUrls } from './tracing';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const BROWSER_SPAN = 'b7ad6b7169203331';
const TRACEPARENT = `00-${TRACE_ID}-${BROWSER_SPAN}-01`;

const exporter = new InMemorySpanExporter();
const summary = new SpanSummary('hostdash-api');
const provider = new NodeTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(exporter), summary],
});
let uninstrument: () => void;
let api: TestApi;

/**
 * On a PostgreSQL server the queries go through `pg`, which instrumentation-pg traces by patching
 * the module as node loads it (instrumentApi registers it). Jest loads modules its own way, past
 * that hook, so here the same instrumentation patches the `pg` jest gave the app; returns the undo.
 */
function tracePgUnderJest(): () => void {
  const instrumentation = new PgInstrumentation({ requireParentSpan: true });
  instrumentation.setTracerProvider(provider);
  const definition = instrumentation.getModuleDefinitions().find(({ name }) => name === 'pg');
  definition?.patch?.(pg);
  return () => {
    definition?.unpatch?.(pg);
    instrumentation.disable();
  };
}
/** A query's span: 'pglite.query:SELECT' (tracedDatabase.ts) or pg's 'pg.query:SELECT <db>'. */
const QUERY_SPAN = /^pg(lite)?\.query:/;
let owner: string;

beforeAll(async () => {
  provider.register();
  // Before the app is built: @fastify/otel joins each Fastify instance as it is created.
  const uninstrumentApi = instrumentApi(provider);
  const untracePg = testEngine() === 'postgres' ? tracePgUnderJest() : () => undefined;
  uninstrument = () => {
    untracePg();
    uninstrumentApi();
  };
  api = await startTestApi({ database: tracedDatabase });
  owner = await api.signIn('owner@hostdash.test');
});
afterAll(async () => {
  // The instrumentation listens on Fastify's diagnostics channel, shared by the worker's next
  // test files: it stops here.
  uninstrument();
  await api.close();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(async () => {
  exporter.reset();
  // What earlier tests left in the summary is written (once attached), then the table emptied.
  await summary.flush(true);
  await api.db.query('delete from trace_minutes');
});

const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;
const requestSpan = (spans: ReadableSpan[]): ReadableSpan => {
  const found = spans.find((span) => span.name === 'request');
  if (!found) throw new Error(`no request span in ${spans.map((span) => span.name).join(', ')}`);
  return found;
};

describe('trace context', () => {
  it("continues the browser's traceparent: the request, its handler and its queries are one trace", async () => {
    const response = await api.get('/loadAuth', owner, { traceparent: TRACEPARENT });
    expect(response.status).toBe(200);
    const spans = exporter.getFinishedSpans();
    expect(spans.length).toBeGreaterThan(2);
    for (const span of spans) expect(span.spanContext().traceId).toBe(TRACE_ID);
    const request = requestSpan(spans);
    expect(parentOf(request)).toBe(BROWSER_SPAN);
    expect(request.attributes['http.route']).toBe('/loadAuth');
    const handler = spans.find((span) => span.name.startsWith('handler'));
    expect(handler && parentOf(handler)).toBe(request.spanContext().spanId);
    const queries = spans.filter((span) => QUERY_SPAN.test(span.name));
    expect(queries.length).toBeGreaterThan(0);
    const ids = new Set(spans.map((span) => span.spanContext().spanId));
    for (const query of queries) {
      expect(query.kind).toBe(SpanKind.CLIENT);
      expect(ids.has(parentOf(query) ?? '')).toBe(true);
    }
  });

  it.each([
    ['garbage', 'not-a-traceparent'],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${BROWSER_SPAN}-01`],
    ['an all-zero span id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['upper-case hex', `00-${TRACE_ID.toUpperCase()}-${BROWSER_SPAN}-01`],
    ['version ff', `ff-${TRACE_ID}-${BROWSER_SPAN}-01`],
  ])('ignores a malformed traceparent (%s) and starts a trace of its own', async (_, value) => {
    expect((await api.get('/loadAuth', owner, { traceparent: value })).status).toBe(200);
    const request = requestSpan(exporter.getFinishedSpans());
    expect(parentOf(request)).toBeUndefined();
    expect(request.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(request.spanContext().traceId).not.toBe(TRACE_ID);
    expect(request.spanContext().traceId).not.toBe('0'.repeat(32));
  });

  it('summarises requests under their route template, never the URL', async () => {
    const answer = await api.get('/listing/get/987654', owner, { traceparent: TRACEPARENT });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    summary.attach(api.db, { warn: () => undefined }, 3_600_000);
    await summary.flush(true);
    const rows = await api.db.query<{ operation: string; status_class: string; count: number }>(
      `select operation, status_class, count from trace_minutes where kind = 'server'`,
    );
    expect(rows).toContainEqual({
      operation: 'GET /listing/get/:id',
      status_class: `${Math.floor(answer.status / 100)}xx`,
      count: 1,
    });
    expect(JSON.stringify(rows)).not.toContain('987654');
    // What a collector would get: the route template, not the URL with its id and query.
    const request = exporter
      .getFinishedSpans()
      .find((span) => span.attributes['url.path'] === '/listing/get/987654');
    expect(request).toBeDefined();
    const exported = withoutUrls(request!);
    expect(exported.attributes['url.path']).toBe('/listing/get/:id');
    expect(JSON.stringify(exported.attributes)).not.toContain('987654');
    expect(exported.spanContext()).toEqual(request!.spanContext());
    expect(exported.name).toBe(request!.name);
    expect(request!.attributes['url.path']).toBe('/listing/get/987654');
    const db = await api.db.query(`select 1 from trace_minutes where kind = 'db' limit 1`);
    expect(db).toHaveLength(1);
  });
});

describe('the span summary', () => {
  // Fixed spans, ended at fixed times on a tracer of their own that only the summary hears.
  const MINUTE = Date.UTC(2026, 10, 25, 10, 0);
  const own = new SpanSummary('svc-test', () => MINUTE + 60_000 + 10_000);
  const tracer = new NodeTracerProvider({ spanProcessors: [own] }).getTracer('fixed');
  const span = (
    name: string,
    kind: SpanKind,
    attributes: Record<string, string | number>,
    endMs: number,
    durationMs: number,
    error = false,
  ) => {
    const started = tracer.startSpan(name, { kind, attributes, startTime: endMs - durationMs });
    if (error) started.setStatus({ code: SpanStatusCode.ERROR });
    started.end(endMs);
  };
  const request = (status: number, endMs: number, durationMs: number) =>
    span(
      'GET',
      SpanKind.SERVER,
      {
        'http.request.method': 'GET',
        'http.route': '/reservation/get/:id',
        'url.path': '/reservation/get/4242',
        'http.response.status_code': status,
      },
      endMs,
      durationMs,
    );
  const rows = () =>
    api.db.query<Record<string, unknown>>(
      `select minute, kind, operation, status_class, count, errors, total_ms, max_ms, buckets
       from trace_minutes where service = 'svc-test' order by minute, kind, operation, status_class`,
    );

  it('writes the finished minutes by route template and status class, and the current one at shutdown', async () => {
    request(200, MINUTE + 1_000, 4);
    request(200, MINUTE + 2_000, 8);
    request(204, MINUTE + 3_000, 300);
    request(503, MINUTE + 4_000, 40);
    // No route matched: the method alone, never the URL.
    span(
      'GET',
      SpanKind.SERVER,
      { 'http.request.method': 'GET', 'url.path': '/x/77', 'http.response.status_code': 404 },
      MINUTE + 5_000,
      1,
    );
    span(
      'pg.query:SELECT hostdash',
      SpanKind.CLIENT,
      { 'db.system': 'postgresql' },
      MINUTE + 6_000,
      3,
      true,
    );
    // Not summarised: an internal span, an outgoing call.
    span('handler', SpanKind.INTERNAL, {}, MINUTE + 7_000, 2);
    span('GET', SpanKind.CLIENT, { 'http.request.method': 'GET' }, MINUTE + 8_000, 2);
    // The current minute (the clock says MINUTE + 70 s).
    request(200, MINUTE + 61_000, 20);

    own.attach(api.db, { warn: () => undefined }, 3_600_000);
    expect(await own.flush()).toBe(4);
    const bucketsOf = (...durations: number[]) => {
      const buckets = new Array<number>(BUCKET_COUNT).fill(0);
      for (const duration of durations) buckets[bucketOf(duration)]! += 1;
      return buckets;
    };
    const minute = new Date(MINUTE).toISOString();
    expect(await rows()).toEqual([
      {
        minute,
        kind: 'db',
        operation: 'pg.query:SELECT hostdash',
        status_class: 'error',
        count: 1,
        errors: 1,
        total_ms: 3,
        max_ms: 3,
        buckets: bucketsOf(3),
      },
      {
        minute,
        kind: 'server',
        operation: 'GET (no route)',
        status_class: '4xx',
        count: 1,
        errors: 0,
        total_ms: 1,
        max_ms: 1,
        buckets: bucketsOf(1),
      },
      {
        minute,
        kind: 'server',
        operation: 'GET /reservation/get/:id',
        status_class: '2xx',
        count: 3,
        errors: 0,
        total_ms: 312,
        max_ms: 300,
        buckets: bucketsOf(4, 8, 300),
      },
      {
        minute,
        kind: 'server',
        operation: 'GET /reservation/get/:id',
        status_class: '5xx',
        count: 1,
        errors: 1,
        total_ms: 40,
        max_ms: 40,
        buckets: bucketsOf(40),
      },
    ]);

    // A minute written again (another instance, a restart) is added to, not replaced.
    request(200, MINUTE + 9_000, 600);
    await own.shutdown();
    const after = await rows();
    expect(after).toHaveLength(5);
    expect(after[2]).toMatchObject({
      count: 4,
      total_ms: 912,
      max_ms: 600,
      buckets: bucketsOf(4, 8, 300, 600),
    });
    expect(after[4]).toMatchObject({ minute: new Date(MINUTE + 60_000).toISOString(), count: 1 });

    const [slowest, ...rest] = await slowestOperations(api.db, {
      from: new Date(MINUTE),
      to: new Date(MINUTE + 120_000),
      limit: 10,
    });
    expect(slowest).toEqual({
      service: 'svc-test',
      kind: 'server',
      operation: 'GET /reservation/get/:id',
      count: 6,
      errors: 1,
      meanMs: (912 + 40 + 20) / 6,
      p50Ms: 25,
      p95Ms: 600,
      maxMs: 600,
    });
    expect(rest.map((operation) => operation.operation)).toEqual([
      'pg.query:SELECT hostdash',
      'GET (no route)',
    ]);
  });

  it('keeps the rows a failed write could not store, and writes them next time', async () => {
    const later = new SpanSummary('svc-test', () => MINUTE + 120_000);
    const laterTracer = new NodeTracerProvider({ spanProcessors: [later] }).getTracer('fixed');
    const ended = laterTracer.startSpan('GET', {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': 'GET',
        'http.route': '/health',
        'http.response.status_code': 200,
      },
      startTime: MINUTE + 1_000,
    });
    ended.end(MINUTE + 1_005);
    const warnings: string[] = [];
    const down: Sql = {
      query: () => Promise.reject(new Error('connection refused')),
      exec: () => Promise.reject(new Error('connection refused')),
    };
    later.attach(down, { warn: (_, message) => warnings.push(message) }, 3_600_000);
    expect(await later.flush()).toBe(0);
    expect(warnings).toEqual(['Writing the trace summary failed; will retry']);
    later.attach(api.db, { warn: () => undefined }, 3_600_000);
    expect(await later.flush()).toBe(1);
    await later.shutdown();
    expect(await rows()).toEqual([
      expect.objectContaining({ operation: 'GET /health', count: 1, total_ms: 5 }),
    ]);
  });

  it('is pruned after the retention days, as the telemetry is', async () => {
    await api.db.query(
      `insert into trace_minutes (minute, service, kind, operation, status_class, count, errors,
         total_ms, max_ms, buckets)
       values (date_trunc('minute', now() - interval '15 days'), 'svc-test', 'server', 'GET /old', '2xx', 1, 0, 1, 1, '{1}'),
              (date_trunc('minute', now() - interval '13 days'), 'svc-test', 'server', 'GET /kept', '2xx', 1, 0, 1, 1, '{1}')`,
    );
    expect(await pruneTraceMinutes(api.db, 14)).toBe(1);
    expect((await rows()).map((row) => row.operation)).toEqual(['GET /kept']);
  });
});

describe('the histogram', () => {
  it('reads a percentile as the upper bound of its bucket, never above the slowest span', () => {
    const buckets = new Array<number>(BUCKET_COUNT).fill(0);
    buckets[bucketOf(3)] = 90; // ≤ 5 ms
    buckets[bucketOf(700)] = 10; // ≤ 1 s
    expect(percentileMs(buckets, 0.5, 800)).toBe(5);
    expect(percentileMs(buckets, 0.95, 800)).toBe(800);
    expect(percentileMs(buckets, 0.95, 2_000)).toBe(1_000);
    expect(percentileMs(new Array<number>(BUCKET_COUNT).fill(0), 0.95, 0)).toBe(0);
  });
});

describe('GET /admin/traces', () => {
  const MINUTE = Date.UTC(2026, 10, 25, 9, 0);
  const at = (minutes: number) => new Date(MINUTE + minutes * 60_000).toISOString();
  let admin: string;
  beforeAll(async () => {
    admin = await api.signIn('admin@hostdash.test');
  });

  it("answers the window's slowest operations with counts and p95, to the minute", async () => {
    const buckets = (index: number, count: number) => {
      const all = new Array<number>(BUCKET_COUNT).fill(0);
      all[index] = count;
      return `{${all.join(',')}}`;
    };
    await api.db.query(
      `insert into trace_minutes (minute, service, kind, operation, status_class, count, errors,
         total_ms, max_ms, buckets)
       values ($1, 'hostdash-api', 'server', 'GET /fast', '2xx', 10, 0, 20, 4, $4),
              ($2, 'hostdash-api', 'server', 'GET /slow', '5xx', 2, 2, 1200, 700, $5),
              ($3, 'hostdash-api', 'server', 'GET /outside', '2xx', 1, 0, 9000, 9000, $5)`,
      [at(0), at(5), at(30), buckets(bucketOf(4), 10), buckets(bucketOf(700), 2)],
    );
    const answer = await api.get(
      `/admin/traces?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent('2026-11-25T09:10:30+00:00')}`,
      admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      from: at(0),
      to: at(10),
      operations: [
        expect.objectContaining({
          operation: 'GET /slow',
          count: 2,
          errors: 2,
          p95Ms: 700,
          maxMs: 700,
          meanMs: 600,
        }),
        expect.objectContaining({
          operation: 'GET /fast',
          count: 10,
          errors: 0,
          p50Ms: 4,
          p95Ms: 4,
        }),
      ],
    });
  });

  it('refuses a window that ends before it starts, or is longer than 31 days', async () => {
    const backwards = await api.get(`/admin/traces?from=${at(10)}&to=${at(5)}`, admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ error: 'invalid_request', field: 'to', in: 'query' });
    const long = await api.get(`/admin/traces?from=2026-01-01T00:00:00Z&to=${at(0)}`, admin);
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('31 days');
    const garbage = await api.get('/admin/traces?from=yesterday', admin);
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ field: 'from', in: 'query' });
  });
});
