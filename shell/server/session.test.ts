/** @jest-environment node */
import Fastify from 'fastify';
import { registerSession } from './session';

function echoSession() {
  const app = Fastify({ logger: false });
  registerSession(app, { sessionCookie: 'sid' });
  app.get('/', async (request) => ({ session: request.session, cookies: request.cookies }));
  return app;
}

describe('the request session', () => {
  it('is the session cookie, parsed once for every route', async () => {
    const app = echoSession();
    const answer = await app.inject({ url: '/', headers: { cookie: 'other=1; sid=abc123' } });
    expect(answer.json()).toEqual({
      session: { cookie: 'abc123', id: 'abc123' },
      cookies: { other: '1', sid: 'abc123' },
    });
    await app.close();
  });

  it('keeps a value no session can have as the cookie, with no session id', async () => {
    const app = echoSession();
    const answer = await app.inject({ url: '/', headers: { cookie: 'sid=%E2%82%AC' } });
    expect(answer.json().session).toEqual({ cookie: '€' });
    await app.close();
  });

  it('is empty without a cookie', async () => {
    const app = echoSession();
    expect((await app.inject({ url: '/' })).json()).toEqual({ session: {}, cookies: {} });
    await app.close();
  });
});
