// The auth slice and saga run whole, against a real store and a real HTTP server.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { configureApiClient } from './apiClient';
import { authSaga } from './authSaga';
import { authActions, authSlice, initialAuthState, type AuthState } from './authSlice';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';

const owner = DEMO_OWNER;

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request) => {
    switch (request.url.split('?')[0]) {
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
  it('marks authenticated when a sign-in succeeds in the page', () => {
    const store = createStore();
    store.dispatch(authActions.signedIn({ user: owner, expiresAt: '2030-01-01T00:00:00.000Z' }));
    expect(store.getState().auth).toMatchObject({
      authenticated: true,
      user: owner,
      session: { expiresAt: '2030-01-01T00:00:00.000Z' },
    });
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

  it('takes the server-checked user of the page load', () => {
    const store = createStore();
    store.dispatch(authActions.hydrated(owner));
    expect(store.getState().auth).toMatchObject({ authenticated: true, user: owner });
    store.dispatch(authActions.hydrated(null));
    expect(store.getState().auth.authenticated).toBe(false);
  });
});
