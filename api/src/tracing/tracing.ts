// OpenTelemetry for the API (issue 17): spans for every HTTP request (instrumentation-http), its
// Fastify route, hooks and handler (@fastify/otel, Fastify's own instrumentation, which OTel now
// recommends over instrumentation-fastify) and its queries (instrumentation-pg for a PostgreSQL
// server; src/tracing/tracedDatabase.ts for the embedded one). A W3C `traceparent` on the request
// (the browser's, through the shell's proxy) is continued; a malformed one is ignored and the
// request starts a trace of its own.
// With OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) the spans go to that
// collector in batches, with the standard OTEL_* settings, but without the URLs as they came
// (withoutUrls); without, the span summary counts them into the database (spanSummary.ts).
// OTEL_SDK_DISABLED=true turns all of it off.
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import type { ExportResult } from '@opentelemetry/core';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { SpanSummary } from './spanSummary';

export const DEFAULT_SERVICE_NAME = 'hostdash-api';

export interface Tracing {
  provider: NodeTracerProvider | null;
  /** The span summary when spans are summarised into the database (no OTLP endpoint). */
  summary: SpanSummary | null;
  /** Where the spans go, for the start-up log. */
  destination: string;
  /** Ends the spans' export: the batch or the summary's last minute is written. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  env?: NodeJS.ProcessEnv;
  /** Instead of the OTLP exporter or the summary (tests: an in-memory exporter). */
  spanProcessors?: SpanProcessor[];
}

export function otlpEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
}

export function serviceName(env: NodeJS.ProcessEnv, fallback: string): string {
  return env.OTEL_SERVICE_NAME || fallback;
}

/** The instrumentations, enabled on `provider`; returned so that a test can disable them. */
export function instrumentApi(
  provider: NodeTracerProvider,
): ReturnType<typeof registerInstrumentations> {
  return registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      // Registered on every Fastify instance as it is created (Fastify's diagnostics channel):
      // the app needs no change. Hook spans would cost a span per hook per request for little.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
      // Queries outside a request (start-up, maintenance, workers) belong to no trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
}

// The attributes that hold a request's URL as it came: ids, and in a few paths a one-time token
// (an invite's, a reset link's), and query values. They never leave the process.
const URL_ATTRIBUTES = new Set(['url.full', 'url.path', 'url.query', 'http.url', 'http.target']);

/**
 * A span as the collector gets it: its URL attributes dropped, and the route template as its
 * `url.path` when it has one (`/user/accounts/acceptInvite/:token`). The span itself is not
 * changed (other processors read it): the copy inherits everything else from it.
 */
export function withoutUrls(span: ReadableSpan): ReadableSpan {
  const entries = Object.entries(span.attributes);
  if (!entries.some(([name]) => URL_ATTRIBUTES.has(name))) return span;
  const attributes = Object.fromEntries(entries.filter(([name]) => !URL_ATTRIBUTES.has(name)));
  const route = span.attributes['http.route'];
  if (typeof route === 'string') attributes['url.path'] = route;
  return Object.create(span, {
    attributes: { value: attributes, enumerable: true },
  }) as ReadableSpan;
}

/** The OTLP exporter, given the spans without their URLs. */
class UrlFreeExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans.map(withoutUrls), done);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export function startTracing(options: TracingOptions = {}): Tracing {
  const env = options.env ?? process.env;
  if (env.OTEL_SDK_DISABLED === 'true')
    return { provider: null, summary: null, destination: 'off', shutdown: async () => undefined };
  const service = serviceName(env, DEFAULT_SERVICE_NAME);
  const endpoint = otlpEndpoint(env);
  const summary = options.spanProcessors || endpoint ? null : new SpanSummary(service);
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME as documented; our name otherwise.
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: service }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    spanProcessors: options.spanProcessors ?? [
      summary ?? new BatchSpanProcessor(new UrlFreeExporter(new OTLPTraceExporter())),
    ],
  });
  // The context manager (AsyncLocalStorage) and the W3C trace-context propagator.
  provider.register();
  instrumentApi(provider);
  return {
    provider,
    summary,
    destination: endpoint ? `OTLP ${endpoint}` : 'summarised into trace_minutes',
    shutdown: () => provider.shutdown(),
  };
}
