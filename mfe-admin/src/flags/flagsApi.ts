// The feature-flag calls of the admin area, typed with the API contract.
import type { Flag, FlagList } from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type { Flag, FlagList };

/** What an admin sends to change a flag: on or off, and its value (absent keeps it). */
export interface FlagChange {
  name: string;
  enabled: boolean;
  value?: string | null;
}

export const flagsApi = {
  load: (_request: void, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<FlagList>('/admin/flags', { signal }),
  save: ({ name, ...change }: FlagChange) =>
    api.post<Flag>(`/admin/flags/${encodeURIComponent(name)}`, { data: change }),
};
