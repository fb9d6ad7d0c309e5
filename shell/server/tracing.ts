// OpenTelemetry for the shell server (issue 17): a span for every request it serves
// (instrumentation-http, and @fastify/otel for the route) and for its call to the API (the /api
// proxy calls with fetch: instrumentation-undici), which sends the API a `traceparent` naming that
// call's span. The browser's traceparent on the request is continued, so the browser's call, the
// proxy and the API are one trace.
// With OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) the spans go to that
// collector in batches, with the standard OTEL_* settings (a token in a URL replaced, as the log
// does: withoutTokenUrls). Without, the spans only carry the trace
// on to the API and are not kept: the shell server has no database, and the API's own summary
// (trace_minutes) already times every proxied call from the API's side. OTEL_SDK_DISABLED=true
// turns it off (the proxy then passes the browser's traceparent on as it came).
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import type { ExportResult } from '@opentelemetry/core';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { withoutTokens } from './tokenPaths';

export interface ShellTracing {
  /** Where the spans go: an OTLP endpoint, or null (propagated, not kept; or tracing is off). */
  endpoint: string | null;
  shutdown(): Promise<void>;
}

/** The shell's instrumentations on `provider`; returns the function that removes them (tests). */
export function instrumentShell(provider: NodeTracerProvider): () => void {
  return registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      new UndiciInstrumentation(),
      // Joins each Fastify instance as it is created; no span per hook (a cost for little).
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
    ],
  });
}

// The attributes that hold a URL as it came. A few carry a one-time token (an invite's page, a
// guest's page, a sign-up link's query): the collector gets them as the log does, token replaced.
const URL_ATTRIBUTES = ['url.full', 'url.path', 'url.query', 'http.url', 'http.target'];

function tokenFree(name: string, value: string): string {
  if (name === 'url.query') return withoutTokens(`?${value}`).slice(1);
  if (!/^https?:\/\//.test(value)) return withoutTokens(value);
  const url = new URL(value);
  return `${url.origin}${withoutTokens(`${url.pathname}${url.search}`)}`;
}

/** A span as the collector gets it (a copy: other processors read the span itself). */
export function withoutTokenUrls(span: ReadableSpan): ReadableSpan {
  const attributes = { ...span.attributes };
  let changed = false;
  for (const name of URL_ATTRIBUTES) {
    const value = attributes[name];
    if (typeof value !== 'string') continue;
    const clean = tokenFree(name, value);
    if (clean !== value) [attributes[name], changed] = [clean, true];
  }
  if (!changed) return span;
  return Object.create(span, {
    attributes: { value: attributes, enumerable: true },
  }) as ReadableSpan;
}

/** The OTLP exporter, given the spans without tokens in their URLs. */
class TokenFreeExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans.map(withoutTokenUrls), done);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export function startShellTracing(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): ShellTracing {
  if (env.OTEL_SDK_DISABLED === 'true') return { endpoint: null, shutdown: async () => undefined };
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || null;
  const fallbackName = argv.includes('--remote-origin')
    ? 'hostdash-remote-origin'
    : 'hostdash-shell';
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES as documented; our name otherwise.
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: fallbackName }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    spanProcessors: endpoint
      ? [new BatchSpanProcessor(new TokenFreeExporter(new OTLPTraceExporter()))]
      : [],
  });
  provider.register();
  instrumentShell(provider);
  return { endpoint, shutdown: () => provider.shutdown() };
}
