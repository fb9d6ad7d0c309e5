// The user admin list (spec section 3): users, search results, the selected user and pagination
// (sort default `created_at:desc`, total, size, from, pages, page). It is the top level of the
// `admin` slice; the other admin pages keep their parts beside it (adminSlice.ts).
import { createSlice } from '@reduxjs/toolkit';
import {
  defineRemoteCall,
  getRowsPerPage,
  idleStatus,
  pageCount,
  pageFromOffset,
  type RemoteStatus,
} from '@hostdash/shared-auth';
import {
  usersApi,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserHit,
  type AdminUserPage,
  type AdminUserSearch,
  type UserSearchQuery,
  type UsersQuery,
  type UserUpdate,
} from './usersApi';

export const USERS_LIST = 'admin.users';
export const DEFAULT_USERS_SORT = 'created_at:desc';

export interface Pagination {
  sort: string;
  total: number;
  size: number;
  from: number;
  pages: number;
  page: number;
}

export interface SearchResults {
  search: string;
  items: AdminUserHit[];
  total: number;
  from: number;
}

/** What the list is narrowed to (the address's `past_due`, and a search inside that filter). */
export interface UsersFilter {
  pastDue: boolean;
  search: string;
}

export const NO_USERS_FILTER: UsersFilter = { pastDue: false, search: '' };

export interface UserAdminState {
  users: AdminUser[] | null;
  pagination: Pagination;
  /** The filter `users` was last asked for. */
  filter: UsersFilter;
  /** null: no search; the list shows `users`. */
  searchResults: SearchResults | null;
  /** The user whose panel is open (its id at once, its detail once loaded). */
  selectedUserId: string | null;
  selectedUser: AdminUserDetail | null;
  status: {
    users: RemoteStatus;
    search: RemoteStatus;
    selected: RemoteStatus;
    update: RemoteStatus;
  };
}

export function paginationOf(
  { sort, size, from }: Pick<Pagination, 'sort' | 'size' | 'from'>,
  total: number,
): Pagination {
  return {
    sort,
    size,
    from,
    total,
    pages: pageCount(total, size),
    page: pageFromOffset(from, size),
  };
}

export const initialUserAdminState = (): UserAdminState => ({
  users: null,
  pagination: paginationOf(
    { sort: DEFAULT_USERS_SORT, size: getRowsPerPage(USERS_LIST), from: 0 },
    0,
  ),
  filter: NO_USERS_FILTER,
  searchResults: null,
  selectedUserId: null,
  selectedUser: null,
  status: {
    users: idleStatus(),
    search: idleStatus(),
    selected: idleStatus(),
    update: idleStatus(),
  },
});

export const usersActions = {
  load: defineRemoteCall<UserAdminState, UsersQuery, AdminUserPage>(
    'admin/loadUsers',
    usersApi.load,
    { status: (state) => state.status.users },
  ),
  search: defineRemoteCall<UserAdminState, UserSearchQuery, AdminUserSearch>(
    'admin/searchUsers',
    usersApi.search,
    { status: (state) => state.status.search },
  ),
  select: defineRemoteCall<UserAdminState, string, AdminUserDetail>(
    'admin/selectUser',
    (userId, { signal }) => usersApi.get(userId, { signal }),
    { status: (state) => state.status.selected },
  ),
  update: defineRemoteCall<UserAdminState, UserUpdate, AdminUser>(
    'admin/updateUser',
    usersApi.update,
    { status: (state) => state.status.update, strategy: 'leading', silent: true },
  ),
};

function patchUser<T extends AdminUser>(rows: T[] | undefined | null, user: AdminUser): void {
  const row = rows?.find((each) => each.id === user.id);
  if (row) Object.assign(row, user);
}

const usersSlice = createSlice({
  name: 'admin',
  initialState: initialUserAdminState,
  reducers: {
    searchCleared(state) {
      state.searchResults = null;
      state.status.search = idleStatus();
    },
    userClosed(state) {
      state.selectedUserId = null;
      state.selectedUser = null;
      state.status.selected = idleStatus();
      state.status.update = idleStatus();
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(usersActions.load.requested, (state, action) => {
        state.pagination = paginationOf(action.payload, state.pagination.total);
        state.filter = {
          pastDue: action.payload.pastDue ?? false,
          search: action.payload.search ?? '',
        };
      })
      .addCase(usersActions.load.succeeded, (state, action) => {
        state.users = action.payload.items;
        state.pagination = paginationOf(
          { sort: state.pagination.sort, size: action.payload.size, from: action.payload.from },
          action.payload.total,
        );
      })
      .addCase(usersActions.search.succeeded, (state, action) => {
        const { search, from } = action.meta.request;
        state.searchResults = { search, from, ...action.payload };
      })
      .addCase(usersActions.select.requested, (state, action) => {
        if (state.selectedUserId !== action.payload) {
          state.selectedUser = null;
          state.status.update = idleStatus();
        }
        state.selectedUserId = action.payload;
      })
      .addCase(usersActions.select.succeeded, (state, action) => {
        // A slow answer for a panel already closed or switched is dropped.
        if (state.selectedUserId === action.meta.request) state.selectedUser = action.payload;
      })
      .addCase(usersActions.update.succeeded, (state, action) => {
        const user = action.payload;
        patchUser(state.users, user);
        patchUser(state.searchResults?.items, user);
        if (state.selectedUser?.user.id === user.id) state.selectedUser.user = user;
      });
    usersActions.load.addStatusCases(builder);
    usersActions.search.addStatusCases(builder);
    usersActions.select.addStatusCases(builder);
    usersActions.update.addStatusCases(builder);
  },
});

export const { searchCleared, userClosed } = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
