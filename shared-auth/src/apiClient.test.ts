import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { createApiClient, type ApiClient } from './apiClient';
import { endsSession, NO_RESPONSE_MESSAGE, readableMessage, retryAfterSeconds } from './apiErrors';
import { TRACEPARENT } from './traceparent';

describe('the API client', () => {
  let upstream: Upstream;
  let client: ApiClient;
  const logged: string[] = [];

  beforeAll(async () => {
    upstream = await startUpstream((request) => {
      if (request.url.startsWith('/echo')) {
        return {
          json: {
            method: request.method,
            url: request.url,
            authorization: request.headers.authorization ?? null,
            traceparent: request.headers.traceparent ?? null,
            body: request.body,
          },
        };
      }
      if (request.url === '/conflict')
        return {
          status: 409,
          json: { error: 'stale_write', message: 'Someone else changed this listing.' },
        };
      if (request.url === '/crash') return { status: 500, body: '<html>oops</html>' };
      if (request.url === '/throttled')
        return {
          status: 429,
          headers: { 'retry-after': '840' },
          json: { error: 'too_many_attempts', message: 'Too many failed sign-in attempts.' },
        };
      if (request.url === '/slow') return { json: {}, delayMs: 2000 };
      return { status: 404, json: { error: 'not_found', message: 'Nothing here.' } };
    });
    client = createApiClient({
      baseURL: upstream.url,
      logError: (message) => logged.push(message),
      timeoutMs: 1000,
    });
  });

  afterAll(() => upstream.close());

  it('sends raw bytes with their own type, and reports how much of them has gone', async () => {
    const sent: number[] = [];
    const photo = Buffer.alloc(256 * 1024, 7);
    const answer = await client.post<{ body: string }>('/echo/photo', {
      data: photo,
      headers: { 'content-type': 'image/jpeg' },
      onUploadProgress: (fraction) => sent.push(fraction),
    });
    expect(answer.body).toHaveLength(photo.length);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.at(-1)).toBe(1);
    expect(sent.every((fraction, index) => fraction >= (sent[index - 1] ?? 0))).toBe(true);
  });
  beforeEach(() => {
    logged.length = 0;
  });

  it('sends every verb with path, params and data', async () => {
    for (const verb of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const answer = await client[verb]<{ method: string; url: string; body: string }>('/echo/5', {
        params: { from: 10, sort: 'nickname:asc', skipped: undefined },
        data: verb === 'get' ? undefined : { status: 'inactive' },
      });
      expect(answer.method).toBe(verb.toUpperCase());
      expect(answer.url).toBe('/echo/5?from=10&sort=nickname:asc');
      if (verb !== 'get') expect(JSON.parse(answer.body)).toEqual({ status: 'inactive' });
    }
  });

  it('attaches an explicit session, or the session cookie of a request', async () => {
    expect(
      (await client.get<{ authorization: string }>('/echo', { session: 'abc' })).authorization,
    ).toBe('abc');
    expect(
      (
        await client.get<{ authorization: string }>('/echo', {
          cookie: 'x=1; hd_session=from-cookie',
        })
      ).authorization,
    ).toBe('from-cookie');
    expect((await client.get<{ authorization: string | null }>('/echo')).authorization).toBeNull();
  });

  it('starts a new sampled W3C trace on every call, unless the caller is already in one', async () => {
    type Echo = { traceparent: string };
    const first = (await client.get<Echo>('/echo')).traceparent;
    const second = (await client.post<Echo>('/echo', { data: {} })).traceparent;
    expect(first).toMatch(TRACEPARENT);
    expect(second).toMatch(TRACEPARENT);
    // A different trace id (and span id) per call: one user action, one trace.
    expect(second.slice(3, 35)).not.toBe(first.slice(3, 35));
    expect(second.slice(36, 52)).not.toBe(first.slice(36, 52));
    const own = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect((await client.get<Echo>('/echo', { headers: { traceparent: own } })).traceparent).toBe(
      own,
    );
  });

  it("rejects with the server's response data and logs method and path", async () => {
    await expect(client.post('/conflict', { data: {} })).rejects.toEqual({
      error: 'stale_write',
      message: 'Someone else changed this listing.',
      status: 409,
    });
    expect(logged).toEqual(['[api] POST /conflict failed: 409 Someone else changed this listing.']);
  });

  it('tells onFailure of a failed call, and a throwing listener changes nothing for the caller', async () => {
    const failures: unknown[] = [];
    const observed = createApiClient({
      baseURL: upstream.url,
      logError: () => undefined,
      onFailure: (failure) => failures.push(failure),
    });
    await expect(observed.post('/conflict', { data: {} })).rejects.toMatchObject({
      status: 409,
    });
    await expect(observed.get('/crash')).rejects.toMatchObject({ status: 500 });
    expect(failures).toEqual([
      {
        method: 'POST',
        path: '/conflict',
        status: 409,
        code: 'stale_write',
        outcome: 'refusal',
        durationMs: expect.any(Number),
      },
      {
        method: 'GET',
        path: '/crash',
        status: 500,
        code: 'http_500',
        outcome: 'failure',
        durationMs: expect.any(Number),
      },
    ]);
    const throwing = createApiClient({
      baseURL: 'http://127.0.0.1:9',
      logError: () => undefined,
      onFailure: () => {
        throw new Error('listener broke');
      },
    });
    await expect(throwing.get('/loadAuth')).rejects.toEqual({
      error: 'no_response',
      message: NO_RESPONSE_MESSAGE,
    });
  });

  it('tells onCall of every call that ended, answered or failed, but not of a cancelled one', async () => {
    let calls = 0;
    const counted = createApiClient({
      baseURL: upstream.url,
      logError: () => undefined,
      onCall: () => (calls += 1),
    });
    await counted.get('/loadAuth').catch(() => undefined);
    await expect(counted.post('/conflict', { data: {} })).rejects.toMatchObject({ status: 409 });
    expect(calls).toBe(2);
    const aborted = new AbortController();
    aborted.abort();
    await expect(counted.get('/loadAuth', { signal: aborted.signal })).rejects.toMatchObject({
      error: 'cancelled',
    });
    expect(calls).toBe(2);
  });

  it('rejects with a readable error when the answer is not JSON', async () => {
    await expect(client.get('/crash')).rejects.toMatchObject({
      error: 'http_500',
      status: 500,
      message: expect.stringContaining('500'),
    });
  });

  it('rejects with the spec message when no response came back', async () => {
    const offline = createApiClient({
      baseURL: 'http://127.0.0.1:9',
      logError: (message) => logged.push(message),
    });
    await expect(offline.get('/loadAuth')).rejects.toEqual({
      error: 'no_response',
      message: NO_RESPONSE_MESSAGE,
    });
    await expect(client.get('/slow')).rejects.toEqual({
      error: 'no_response',
      message: NO_RESPONSE_MESSAGE,
    });
    expect(logged[0]).toBe(`[api] GET /loadAuth failed: no response ${NO_RESPONSE_MESSAGE}`);
  });

  it('keeps how long a 429 asks to wait (Retry-After)', async () => {
    await expect(client.post('/throttled', { data: {} })).rejects.toEqual({
      error: 'too_many_attempts',
      message: 'Too many failed sign-in attempts.',
      status: 429,
      retryAfterSeconds: 840,
    });
  });

  it('can be pointed elsewhere later', async () => {
    const moving = createApiClient({ baseURL: 'http://127.0.0.1:9', logError: () => undefined });
    moving.configure({ baseURL: upstream.url });
    expect(await moving.get<{ url: string }>('/echo')).toMatchObject({ url: '/echo' });
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterSeconds('840', now)).toBe(840);
    expect(retryAfterSeconds('Tue, 01 Jan 2030 00:14:00 GMT', now)).toBe(840);
    expect(retryAfterSeconds('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});

describe('endsSession', () => {
  it('is true for a 401 only: no answer, a timeout or a 5xx say nothing about the session', () => {
    expect(endsSession({ error: 'unauthorized', message: 'Sign in.', status: 401 })).toBe(true);
    expect(endsSession({ error: 'no_response', message: NO_RESPONSE_MESSAGE })).toBe(false);
    expect(endsSession({ error: 'no_response', message: NO_RESPONSE_MESSAGE, status: 502 })).toBe(
      false,
    );
    expect(endsSession({ error: 'http_503', message: 'Down.', status: 503 })).toBe(false);
    expect(endsSession(new Error('boom'))).toBe(false);
  });
});

describe('readableMessage', () => {
  it("says no answer, a page's own failure and an answer without the API's JSON in Hostdash's words", () => {
    expect(readableMessage({ error: 'no_response', message: NO_RESPONSE_MESSAGE })).toBe(
      "Hostdash can't reach its server right now. Check your connection, then try again.",
    );
    // The proxy answers 502 with the client's sentence when the API does not answer.
    expect(
      readableMessage({ error: 'bad_gateway', message: NO_RESPONSE_MESSAGE, status: 502 }),
    ).toBe("Hostdash can't reach its server right now. Check your connection, then try again.");
    expect(
      readableMessage({ error: 'http_502', message: 'The API server answered 502.', status: 502 }),
    ).toBe("Hostdash's server ran into a problem. Try again in a moment.");
    expect(
      readableMessage({ error: 'http_413', message: 'The API server answered 413.', status: 413 }),
    ).toBe("Hostdash couldn't do this (error 413). Reload the page, then try again.");
    expect(
      readableMessage({
        error: 'client_error',
        message: "Cannot read properties of undefined (reading 'id')",
      }),
    ).toBe('Something went wrong in this page. Reload it, then try again.');
  });

  it("keeps the API's own sentence, which is written for people", () => {
    const conflict = {
      error: 'conflict',
      message: 'Someone else changed this listing while you were editing it.',
      status: 409,
    };
    expect(readableMessage(conflict)).toBe(conflict.message);
  });
});
