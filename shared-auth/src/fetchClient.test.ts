// The guest page's API client (docs/adr/0035-guest-page-weight.md) against a real server: the same
// JSON, errors and trace header as the dashboard's client, on the browser's fetch.
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { NO_RESPONSE_MESSAGE } from './apiErrors';
import { createFetchClient, type FetchClient } from './fetchClient';
import { TRACEPARENT } from './traceparent';

describe('the fetch API client', () => {
  let upstream: Upstream;
  let client: FetchClient;

  beforeAll(async () => {
    upstream = await startUpstream((request) => {
      if (request.url.startsWith('/echo'))
        return {
          json: {
            method: request.method,
            token: request.headers['x-guest-token'] ?? null,
            type: request.headers['content-type'] ?? null,
            body: request.body,
          },
        };
      if (request.url === '/empty') return { status: 204 };
      if (request.url === '/throttled')
        return {
          status: 429,
          headers: { 'retry-after': '30' },
          json: { error: 'too_many_requests', message: 'Slow down.' },
        };
      if (request.url === '/crash') return { status: 502, body: '<html>bad gateway</html>' };
      if (request.url === '/slow') return { json: {}, delayMs: 1000 };
      return { status: 404, json: { error: 'not_found', message: 'Nothing here.' } };
    });
    // The default time limit: a first call on a busy CI machine can take longer than a short one.
    client = createFetchClient({ baseURL: `${upstream.url}/` });
  });

  afterAll(() => upstream.close());

  it('sends JSON with the caller’s headers and reads the JSON answer', async () => {
    const answer = await client.post<{ method: string; token: string; type: string; body: string }>(
      '/echo/screen',
      { headers: { 'x-guest-token': 'tok' }, data: { values: { phone: '+351 912' } } },
    );
    expect(answer).toEqual({
      method: 'POST',
      token: 'tok',
      type: 'application/json',
      body: JSON.stringify({ values: { phone: '+351 912' } }),
    });
    expect(await client.get('/empty')).toBeUndefined();
  });

  it('sends a new trace with each call (Node has no page: every call stays on it)', async () => {
    // Node has no page: every call counts as staying.
    await client.get('/echo/trace');
    expect(String(upstream.requests.at(-1)?.headers.traceparent)).toMatch(TRACEPARENT);
  });

  it('rejects with the API’s own error, its status and how long to wait', async () => {
    await expect(client.get('/nothing')).rejects.toEqual({
      error: 'not_found',
      message: 'Nothing here.',
      status: 404,
    });
    await expect(client.get('/throttled')).rejects.toMatchObject({
      error: 'too_many_requests',
      status: 429,
      retryAfterSeconds: 30,
    });
    await expect(client.get('/crash')).rejects.toEqual({
      error: 'http_502',
      message: 'The API server answered 502 Bad Gateway.',
      status: 502,
    });
  });

  it('gives up on a call with no answer in time, and on a server that is not there', async () => {
    const noResponse = { error: 'no_response', message: NO_RESPONSE_MESSAGE };
    const impatient = createFetchClient({ baseURL: `${upstream.url}/`, timeoutMs: 300 });
    await expect(impatient.get('/slow')).rejects.toEqual(noResponse);
    const nowhere = createFetchClient({ baseURL: 'http://127.0.0.1:9' });
    await expect(nowhere.get('/guest/portal')).rejects.toEqual(noResponse);
  });

  it('reads the answer to a call the page started itself, as its own', async () => {
    await expect(client.read(fetch(`${upstream.url}/nothing`))).rejects.toMatchObject({
      error: 'not_found',
      status: 404,
    });
    await expect(client.read(Promise.reject(new TypeError('offline')))).rejects.toMatchObject({
      error: 'no_response',
    });
    expect(await client.read(fetch(`${upstream.url}/echo/first`))).toMatchObject({ method: 'GET' });
  });
});
