// The user admin calls (staff only), typed with the API contract.
import type {
  AdminUser,
  AdminUserDetail,
  AdminUserHit,
  AdminUserPage,
  AdminUserSearch,
  AuditEntry,
} from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type {
  AdminUser,
  AdminUserDetail,
  AdminUserHit,
  AdminUserPage,
  AdminUserSearch,
  AuditEntry,
};

export interface UsersQuery {
  from: number;
  size: number;
  sort: string;
  /** Only the users of past-due accounts (`past_due=true`). */
  pastDue?: boolean;
  /** In names and emails, inside the list's filter (the ranked search has no filters). */
  search?: string;
}

export interface UserSearchQuery {
  search: string;
  from: number;
  size: number;
}

/** The actions `POST /admin/user/update/{userId}/{action}` takes. */
export type UserAction =
  'activate' | 'deactivate' | 'send_password_reset' | 'disable_second_step' | 'set_subtype';

export type Subtype = 'owner' | 'manager' | 'vendor' | 'admin';

export interface UserUpdate {
  userId: string;
  action: UserAction;
  /** For `set_subtype` only. */
  subtype?: Subtype;
}

/** Search ranks best first, then newest (spec section 7). */
export const SEARCH_SORT = '_score,created_at:desc';

export const usersApi = {
  load: (
    { from, size, sort, pastDue, search }: UsersQuery,
    { signal }: { signal?: AbortSignal } = {},
  ) =>
    api.get<AdminUserPage>('/admin/user/load', {
      params: {
        from,
        size,
        sort,
        ...(search ? { search } : {}),
        ...(pastDue ? { past_due: true } : {}),
      },
      signal,
    }),
  search: ({ search, from, size }: UserSearchQuery, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<AdminUserSearch>('/user/accounts/search', {
      params: { search, from, size, sort: SEARCH_SORT },
      signal,
    }),
  get: (userId: string, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<AdminUserDetail>(`/admin/user/get/${encodeURIComponent(userId)}`, { signal }),
  update: ({ userId, action, subtype }: UserUpdate) =>
    api.post<AdminUser>(
      `/admin/user/update/${encodeURIComponent(userId)}/${encodeURIComponent(action)}`,
      { data: subtype ? { subtype } : {} },
    ),
};
