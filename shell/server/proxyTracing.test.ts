/** @jest-environment node */
// The /api proxy carries the browser's trace on to the API (issue 17): a real upstream records the
// traceparent it gets, and the shell's spans are read from an in-memory exporter.
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { startUpstream, testConfig, type Upstream } from './testSupport';
import { instrumentShell, withoutTokenUrls } from './tracing';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const BROWSER_SPAN = '00f067aa0ba902b7';
const W3C = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let uninstrument: () => void;
let upstream: Upstream;
let app: FastifyInstance;
const seen: Array<string | string[] | undefined> = [];

beforeAll(async () => {
  provider.register();
  // Before the server is built: @fastify/otel joins each Fastify instance as it is created.
  uninstrument = instrumentShell(provider);
  upstream = await startUpstream((request) => {
    seen.push(request.headers.traceparent);
    return { json: { ok: true } };
  });
  app = buildShellServer(testConfig({ API_URL: upstream.url }), { logger: false });
});
afterAll(async () => {
  // The instrumentations listen on diagnostics channels shared by the worker's next test files.
  uninstrument();
  await app.close();
  await upstream.close();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => {
  exporter.reset();
  seen.length = 0;
});

const call = (traceparent: string) =>
  app.inject({
    method: 'GET',
    url: '/api/reservation/get/12',
    headers: { traceparent, 'sec-fetch-site': 'same-origin' },
  });

/** The spans once the proxy's call has ended (its span ends as the answer's body is read). */
async function finished(count: number): Promise<ReadableSpan[]> {
  for (let tries = 0; exporter.getFinishedSpans().length < count && tries < 50; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return exporter.getFinishedSpans();
}

describe('the /api proxy and the trace', () => {
  it("sends the API its own call as the parent, in the browser's trace", async () => {
    expect((await call(`00-${TRACE_ID}-${BROWSER_SPAN}-01`)).statusCode).toBe(200);
    // One traceparent, not the browser's and the proxy's side by side.
    expect(seen).toHaveLength(1);
    const [, traceId, parent] = W3C.exec(String(seen[0])) ?? [];
    expect(traceId).toBe(TRACE_ID);

    const spans = await finished(3);
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    const outgoing = spans.find((span) => span.kind === SpanKind.CLIENT);
    expect(outgoing?.spanContext().spanId).toBe(parent);
    // The proxy's call, inside the route's handler, inside the request, child of the browser's.
    const handler = byId.get(outgoing?.parentSpanContext?.spanId ?? '');
    expect(handler?.name).toBe('handler - forward');
    const request = byId.get(handler?.parentSpanContext?.spanId ?? '');
    expect(request?.name).toBe('request');
    expect(request?.parentSpanContext?.spanId).toBe(BROWSER_SPAN);
    expect(request?.attributes['http.route']).toBe('/api/*');
    for (const span of spans) expect(span.spanContext().traceId).toBe(TRACE_ID);
  });

  it('starts a trace of its own for a malformed traceparent, and the API continues that one', async () => {
    expect((await call(`00-${TRACE_ID}-${'0'.repeat(16)}-01`)).statusCode).toBe(200);
    expect(seen).toHaveLength(1);
    const [, traceId] = W3C.exec(String(seen[0])) ?? [];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe(TRACE_ID);
    const request = (await finished(2)).find((span) => span.name === 'request');
    expect(request?.parentSpanContext).toBeUndefined();
    expect(request?.spanContext().traceId).toBe(traceId);
  });

  it("gives a collector the URLs without an invite's token, in the shell's spans and the call's", async () => {
    const token = 'one-time-token-4815162342';
    const answer = await app.inject({
      method: 'GET',
      url: `/api/user/accounts/signupLinkTokenLookup/${token}?token=${token}`,
      headers: {
        traceparent: `00-${TRACE_ID}-${BROWSER_SPAN}-01`,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(answer.statusCode).toBe(200);
    const spans = await finished(4);
    expect(JSON.stringify(spans.map((span) => span.attributes))).toContain(token);
    const exported = spans.map(withoutTokenUrls);
    expect(JSON.stringify(exported.map((span) => span.attributes))).not.toContain(token);
    const outgoing = exported.find((span) => span.kind === SpanKind.CLIENT);
    expect(outgoing?.attributes['url.full']).toBe(
      `${upstream.url}/user/accounts/signupLinkTokenLookup/[token]?token=[token]`,
    );
    expect(outgoing?.spanContext()).toEqual(
      spans.find((span) => span.kind === SpanKind.CLIENT)?.spanContext(),
    );
  });
});
