import { createSlice } from '@reduxjs/toolkit';
import { authActions } from '@hostdash/shared-auth';
import { makeUser } from '../testing/renderShell';
import { createShellStore } from './store';

const listingsLike = createSlice({
  name: 'listings',
  initialState: { selected: [] as string[] },
  reducers: { select: (state, { payload }: { payload: string }) => void state.selected.push(payload) },
});

function setup() {
  return createShellStore({ user: makeUser(), identifyUser: async () => undefined, resetUser: async () => undefined });
}

describe('the shell store', () => {
  it('starts with the user the server checked', () => {
    const { store } = setup();
    expect(store.getState().auth).toMatchObject({ authenticated: true, user: { email: 'owner@hostdash.test' } });
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
});
