// The auth slice and saga run whole, against a real store and a real HTTP server.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { startUpstream, type Upstream } from '../../config/testing/upstream';
import { configureApiClient } from './apiClient';
import { authSaga } from './authSaga';
import { authActions, authSlice, initialAuthState, type AuthState } from './authSlice';
import { DEMO_OWNER } from '../../config/testing/demoUsers';

const owner = DEMO_OWNER;

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request) => {
    const body = request.body ? JSON.parse(request.body) : {};
    switch (request.url.split('?')[0]) {
      case '/login':
        if (body.email === 'secure@hostdash.test')
          return { json: { redirect: '/login/challenge', challengeToken: 'tok-1' } };
        if (body.password !== 'hostdash-demo')
          return {
            status: 401,
            json: { error: 'invalid_credentials', message: 'The email or password is incorrect.' },
          };
        return { json: { user: owner, expiresAt: '2030-01-01T00:00:00.000Z' } };
      case '/user/auth/challenge':
        return body.challengeToken === 'tok-1' && body.code === '123456'
          ? { json: { user: { ...owner, email: 'secure@hostdash.test' } } }
          : { status: 401, json: { error: 'invalid_code', message: 'That code is not valid.' } };
      case '/loadAuth':
        return { json: owner };
      case '/logout':
        return { json: { ok: true } };
      case '/user/notifications/load':
        return {
          json: {
            items: [
              {
                id: 'n1',
                title: 'Import finished',
                body: '118 listings',
                created_at: '2026-11-22T10:00:00Z',
              },
              { id: 'n2', title: 'Arrivals', body: '3 guests', created_at: '2026-11-22T09:00:00Z' },
            ],
            total: 2,
          },
        };
      case '/user/notifications/remove/n1':
        return { json: { ok: true } };
      case '/user/auth/password/reset':
        return { json: { message: 'If an account exists for that email, we have sent a link.' } };
      case '/user/auth/password/confirm':
        return body.token === 'good'
          ? { json: { message: 'Your password has been changed.' } }
          : {
              status: 400,
              json: {
                error: 'invalid_token',
                message: 'This reset link is invalid or has expired.',
              },
            };
      default:
        return { status: 404, json: { error: 'not_found', message: 'no' } };
    }
  });
  configureApiClient({ baseURL: upstream.url, logError: () => undefined });
});

afterAll(() => upstream.close());

function createStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: combineSlices(authSlice),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(authSaga);
  return store;
}

type TestStore = ReturnType<typeof createStore>;

async function until(
  store: TestStore,
  done: (state: { auth: AuthState }) => boolean,
): Promise<{ auth: AuthState }> {
  for (let attempt = 0; attempt < 200 && !done(store.getState()); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return store.getState();
}

describe('auth', () => {
  it('marks authenticated on a login without redirect, with loading while it runs', async () => {
    const store = createStore();
    store.dispatch(
      authActions.login.requested({ email: 'owner@hostdash.test', password: 'hostdash-demo' }),
    );
    expect(store.getState().auth.status.login.loading).toBe(true);
    const state = await until(store, (s) => s.auth.authenticated);
    expect(state.auth).toMatchObject({
      authenticated: true,
      user: owner,
      session: { expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(state.auth.status.login).toEqual({ loading: false, error: null });
  });

  it('keeps the error of a failed login', async () => {
    const store = createStore();
    store.dispatch(
      authActions.login.requested({ email: 'owner@hostdash.test', password: 'wrong' }),
    );
    const state = await until(store, (s) => s.auth.status.login.error !== null);
    expect(state.auth.authenticated).toBe(false);
    expect(state.auth.status.login.error).toEqual({
      error: 'invalid_credentials',
      message: 'The email or password is incorrect.',
      status: 401,
    });
  });

  it('is not authenticated while a second step is pending; the challenge then signs in', async () => {
    const store = createStore();
    store.dispatch(
      authActions.login.requested({ email: 'secure@hostdash.test', password: 'hostdash-demo' }),
    );
    let state = await until(store, (s) => s.auth.challenge !== null);
    expect(state.auth.authenticated).toBe(false);
    expect(state.auth.challenge).toEqual({ token: 'tok-1', redirect: '/login/challenge' });

    store.dispatch(authActions.challenge.requested({ code: '000000' }));
    state = await until(store, (s) => s.auth.status.challenge.error !== null);
    expect(state.auth.status.challenge.error?.message).toBe('That code is not valid.');

    store.dispatch(authActions.challenge.requested({ code: '123456' }));
    state = await until(store, (s) => s.auth.authenticated);
    expect(state.auth.user?.email).toBe('secure@hostdash.test');
    expect(state.auth.challenge).toBeNull();
    expect(
      upstream.requests
        .filter((request) => request.url === '/user/auth/challenge')
        .map((request) => JSON.parse(request.body).challengeToken),
    ).toEqual(['tok-1', 'tok-1']);
  });

  it('refuses a challenge without a pending login, without calling the API', async () => {
    const store = createStore();
    const before = upstream.requests.length;
    store.dispatch(authActions.challenge.requested({ code: '123456' }));
    const state = await until(store, (s) => s.auth.status.challenge.error !== null);
    expect(state.auth.status.challenge.error?.error).toBe('challenge_expired');
    expect(upstream.requests).toHaveLength(before);
  });

  it('marks authenticated when load-auth returns a user, and logout resets everything', async () => {
    const store = createStore();
    store.dispatch(authActions.loadAuth.requested());
    await until(store, (s) => s.auth.authenticated);
    store.dispatch(authActions.loadNotifications.requested({}));
    await until(store, (s) => s.auth.notifications.total === 2);
    expect(upstream.requests.at(-1)?.url).toBe('/user/notifications/load?limit=10');

    store.dispatch(authActions.logout.requested());
    const state = await until(store, (s) => !s.auth.authenticated);
    expect(state.auth).toEqual(initialAuthState);
  });

  it('removes a dismissed notification once the API confirms', async () => {
    const store = createStore();
    store.dispatch(authActions.loadNotifications.requested({ limit: 5 }));
    await until(store, (s) => s.auth.notifications.total === 2);
    store.dispatch(authActions.removeNotification.requested({ id: 'n1' }));
    const state = await until(store, (s) => s.auth.notifications.total === 1);
    expect(state.auth.notifications.items.map((item) => item.id)).toEqual(['n2']);
  });

  it('requests and confirms a password reset', async () => {
    const store = createStore();
    store.dispatch(authActions.requestPasswordReset.requested({ email: 'owner@hostdash.test' }));
    let state = await until(store, (s) => s.auth.passwordReset.requested);
    expect(state.auth.passwordReset.message).toMatch(/sent a link/);

    store.dispatch(
      authActions.confirmPasswordReset.requested({ token: 'bad', password: 'long-enough' }),
    );
    state = await until(store, (s) => s.auth.status.passwordConfirm.error !== null);
    expect(state.auth.passwordReset.confirmed).toBe(false);
    store.dispatch(
      authActions.confirmPasswordReset.requested({ token: 'good', password: 'long-enough' }),
    );
    state = await until(store, (s) => s.auth.passwordReset.confirmed);
    expect(state.auth.status.passwordConfirm.error).toBeNull();
  });

  it('takes the server-checked user of the page load', () => {
    const store = createStore();
    store.dispatch(authActions.hydrated(owner));
    expect(store.getState().auth).toMatchObject({ authenticated: true, user: owner });
    store.dispatch(authActions.hydrated(null));
    expect(store.getState().auth.authenticated).toBe(false);
  });
});
