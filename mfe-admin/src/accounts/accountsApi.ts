// The accounts list's call, typed with the API contract.
import type { AdminAccount, AdminAccountPage } from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type { AdminAccount, AdminAccountPage };

export interface AccountsQuery {
  search: string;
  from: number;
  size: number;
}

export const accountsApi = {
  load: ({ search, from, size }: AccountsQuery, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<AdminAccountPage>('/admin/accounts', {
      params: { ...(search ? { search } : {}), from, size },
      signal,
    }),
};
