/** @jest-environment jsdom */
// In a page, a call to another origin goes without a traceparent: with it, every such call would
// be a CORS preflight the other origin need not allow (the dashboard calls its own /api).
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { createApiClient } from './apiClient';

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream(() => ({ json: { ok: true } }));
});
afterAll(() => upstream.close());

it('sends no traceparent to another origin, so a GET stays a simple request', async () => {
  expect(window.location.origin).not.toBe(upstream.url);
  const client = createApiClient({ baseURL: upstream.url, logError: () => undefined });
  expect(await client.get('/reservation/get/1')).toEqual({ ok: true });
  expect(upstream.requests.map((request) => request.method)).toEqual(['GET']);
  expect(upstream.requests[0]?.headers.traceparent).toBeUndefined();
});
