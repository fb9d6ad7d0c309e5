import { adminReducer, type AdminState } from '../adminSlice';
import { makeUser } from '../testing/usersServer';
import { usersActions, userClosed } from './usersSlice';
import type { AdminUserDetail } from './usersApi';

const detailOf = (id: number): AdminUserDetail => {
  const user = makeUser(id);
  return {
    user,
    account: { id: user.account_id, name: user.account_name, owner: null },
    audit: [],
  };
};

function withUsers(): AdminState {
  const state = adminReducer(undefined, { type: 'init' });
  return adminReducer(
    state,
    usersActions.load.succeeded(
      { items: [makeUser(2), makeUser(1)], total: 2, size: 10, from: 0 },
      { from: 0, size: 10, sort: 'created_at:desc' },
    ),
  );
}

describe('the user admin list in the admin slice', () => {
  it('keeps the list and its pagination at the top of the slice, beside the pages’ parts', () => {
    const state = withUsers();
    expect(state.users?.map((user) => user.id)).toEqual(['2', '1']);
    expect(state.pagination).toEqual({
      sort: 'created_at:desc',
      total: 2,
      size: 10,
      from: 0,
      pages: 1,
      page: 0,
    });
    expect(state.flags.items).toBeNull();
  });

  it('returns the very same state for an action no part handles', () => {
    const state = withUsers();
    expect(adminReducer(state, { type: 'someone/else' })).toBe(state);
  });

  it('drops a slow answer for a panel already switched to another user', () => {
    let state = adminReducer(withUsers(), usersActions.select.requested('1'));
    state = adminReducer(state, usersActions.select.requested('2'));
    state = adminReducer(state, usersActions.select.succeeded(detailOf(1), '1'));
    expect(state.selectedUser).toBeNull();
    state = adminReducer(state, usersActions.select.succeeded(detailOf(2), '2'));
    expect(state.selectedUser?.user.id).toBe('2');
    expect(adminReducer(state, userClosed()).selectedUser).toBeNull();
  });

  it('patches a changed user in the list and the open panel alike', () => {
    let state = adminReducer(withUsers(), usersActions.select.requested('2'));
    state = adminReducer(state, usersActions.select.succeeded(detailOf(2), '2'));
    const deactivated = makeUser(2, { is_active: false });
    state = adminReducer(
      state,
      usersActions.update.succeeded(deactivated, { userId: '2', action: 'deactivate' }),
    );
    expect(state.users?.[0]?.is_active).toBe(false);
    expect(state.selectedUser?.user.is_active).toBe(false);
    expect(state.users?.[1]?.is_active).toBe(true);
  });
});
