import { createSlice } from '@reduxjs/toolkit';
import { authActions, createRemoteAction, SESSION_ENDED_MESSAGE } from '@hostdash/shared-auth';
import { makeUser } from '../testing/renderShell';
import { createShellStore } from './store';

const loadSomething = createRemoteAction<void, unknown>('things/load');

const listingsLike = createSlice({
  name: 'listings',
  initialState: { selected: [] as string[] },
  reducers: {
    select: (state, { payload }: { payload: string }) => void state.selected.push(payload),
  },
});

function setup() {
  return createShellStore({
    user: makeUser(),
    identifyUser: async () => undefined,
    resetUser: async () => undefined,
  });
}

describe('the shell store', () => {
  it('starts with the user the server checked', () => {
    const { store } = setup();
    expect(store.getState().auth).toMatchObject({
      authenticated: true,
      user: { email: 'owner@hostdash.test' },
    });
  });

  it('injects a remote slice once, and signing out resets it with everything else', () => {
    const { store, injectFeature } = setup();
    injectFeature({ key: 'listings', reducer: listingsLike.reducer });
    injectFeature({ key: 'listings', reducer: () => ({ replaced: true }) });
    store.dispatch(listingsLike.actions.select('42'));
    expect((store.getState() as { listings?: unknown }).listings).toEqual({ selected: ['42'] });

    store.dispatch(authActions.logout.succeeded({ ok: true }, undefined));
    expect((store.getState() as { listings?: unknown }).listings).toEqual({ selected: [] });
    expect(store.getState().auth.authenticated).toBe(false);
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('shows a failed call in the snackbar', () => {
    const { store } = setup();
    store.dispatch(
      loadSomething.failed({
        error: 'stale_write',
        message: 'Someone else changed this listing.',
        status: 409,
      }),
    );
    expect(store.getState().snackbar).toMatchObject({
      open: true,
      text: 'Someone else changed this listing.',
      props: { severity: 'error' },
    });
  });

  it('ends the session when the API no longer knows it, and says why', () => {
    const { store, injectFeature } = setup();
    injectFeature({ key: 'listings', reducer: listingsLike.reducer });
    store.dispatch(listingsLike.actions.select('42'));
    store.dispatch(
      loadSomething.failed({ error: 'unauthorized', message: 'Sign in to continue.', status: 401 }),
    );
    expect(store.getState().auth.authenticated).toBe(false);
    expect((store.getState() as { listings?: unknown }).listings).toEqual({ selected: [] });
    expect(store.getState().snackbar).toMatchObject({ open: true, text: SESSION_ENDED_MESSAGE });
  });

  it('marks the user deactivated when the API says so, so the access rules sign them out', () => {
    const { store } = setup();
    store.dispatch(
      loadSomething.failed({
        error: 'account_deactivated',
        message: 'This account has been deactivated.',
        status: 403,
      }),
    );
    expect(store.getState().auth.user?.is_active).toBe(false);
  });
});
