import { buildApp } from '../app';
import type { Database } from '../db/database';
import { DEMO_PASSWORD, startTestApi, type TestApi } from '../testing/testApi';
import { INTERNAL_ERROR } from './errors';
import { errors } from './schemas';

let api: TestApi;
const logLines: string[] = [];
beforeAll(async () => {
  api = await startTestApi({
    config: { logLevel: 'debug' },
    logger: { stream: { write: (line) => logLines.push(line) } },
  });
  // A route that fails the way a bug would, with a secret in its message.
  api.app.get('/test/explode', { schema: { response: errors(500) } }, async () => {
    throw new Error('secret detail: connection string postgres://user:pw@db/hostdash');
  });
});
afterAll(() => api.close());

describe('answers to bad requests', () => {
  it('a malformed JSON body is a 400 in JSON', async () => {
    const response = await api.post('/login', '{"email": "owner@hostdash.test",');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({
      error: 'bad_request',
      message: 'The request body is not valid JSON.',
    });
  });

  it('a schema violation is a 400 naming the field, where it was and the rule it broke', async () => {
    expect((await api.post('/login', { email: 'owner@hostdash.test' })).body).toMatchObject({
      error: 'invalid_request',
      message: '"password" is required.',
      field: 'password',
      in: 'body',
      rule: 'required',
    });
    expect((await api.post('/login', { email: 'owner', password: 'x' })).body).toMatchObject({
      error: 'invalid_request',
      message: '"email" must be an email address.',
      field: 'email',
      in: 'body',
      rule: 'format',
    });
    const owner = await api.signIn('owner@hostdash.test');
    expect((await api.get('/listing/load?size=abc', owner)).body).toMatchObject({
      field: 'size',
      in: 'query',
    });
    const wholeBody = { error: 'invalid_request', in: 'body', rule: 'type' };
    expect((await api.post('/login', ['owner@hostdash.test'])).body).toEqual({
      ...wholeBody,
      message: 'The request body must be an object.',
    });
    expect((await api.post('/login', undefined)).body).toEqual({
      ...wholeBody,
      message: 'The request body must be an object.',
    });
    expect((await api.post('/login', '')).body).toEqual({
      ...wholeBody,
      message: 'The request body must be an object.',
    });
  });

  it('a body that is not JSON is refused with 415', async () => {
    const response = await api.post('/login', 'email=owner', undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response).toMatchObject({ status: 415, body: { error: 'unsupported_media_type' } });
  });

  it('an unknown route is a 404 in JSON', async () => {
    const response = await api.get('/no/such/route?x=1');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: 'not_found',
      message: 'There is no GET /no/such/route here.',
    });
    expect((await api.post('/loadAuth', {})).body).toMatchObject({ error: 'not_found' });
  });
});

describe('answers to failures', () => {
  it('an unexpected error is a 500 without any detail or stack, and is logged', async () => {
    const response = await api.get('/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual(INTERNAL_ERROR);
    expect(response.text).not.toMatch(/secret|stack|at .+\.ts/);
    expect(
      logLines.some((line) => line.includes('"level":50') && line.includes('secret detail')),
    ).toBe(true);
  });

  it('a database that stops answering: /health is 503, other routes a plain 500', async () => {
    const broken: Database = {
      ...api.db,
      query: () => Promise.reject(new Error('Connection terminated unexpectedly')),
    };
    const app = buildApp({ db: broken, config: api.config, logger: false });
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    const listings = await app.inject({
      method: 'GET',
      url: '/listing/load',
      headers: { authorization: 'some-session' },
    });
    expect(listings.statusCode).toBe(500);
    expect(listings.json()).toEqual(INTERNAL_ERROR);
    await app.close();
  });

  it('/health is ok while the database answers', async () => {
    expect(await api.get('/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'ok' },
    });
  });
});

describe('request logs', () => {
  it('are structured and never carry the session or a password', async () => {
    const sessionId = await api.signIn('owner@hostdash.test');
    await api.get('/loadAuth', sessionId);
    await api.get('/loadAuth', `Bearer ${sessionId}`);
    const entries = logLines.map(
      (line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string } },
    );
    expect(
      entries.some((entry) => entry.msg === 'incoming request' && entry.req?.url === '/loadAuth'),
    ).toBe(true);
    const all = logLines.join('\n');
    expect(all).not.toContain(sessionId);
    expect(all).not.toContain(DEMO_PASSWORD);
  });
});
