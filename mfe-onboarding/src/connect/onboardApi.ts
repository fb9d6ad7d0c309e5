// The connect page's calls, typed with the API contract.
import type {
  Body,
  ImportState,
  ImportTask,
  Message,
  Integrations,
  OnboardStart,
  PmsConnectionSummary,
  PmsSystem,
  PmsSystemList,
} from '@hostdash/api-contract';
import { api, type SignedIn } from '@hostdash/shared-auth';

export type {
  ImportState,
  ImportTask,
  Integrations,
  OnboardStart,
  PmsConnectionSummary,
  PmsSystem,
  PmsSystemList,
};
export type PmsName = PmsSystem['name'];

export interface ConnectRequest {
  pms: PmsName;
  /** By field name; absent for an OAuth system (the answer says where to authorize). */
  credentials?: Record<string, string>;
}

export interface OAuthReturn {
  pms: PmsName;
  code: string;
  state: string;
}

/** Makes the account with a sign-up link's token, and signs in. */
export type SignUp = Body<'/user/accounts/signup', 'post'>;
/** An open sign-up: the API mails the address (its link, or how to sign in if it has an account). */
export type SignUpRequest = Body<'/user/accounts/requestSignup', 'post'>;

const task = (pms: PmsName, id?: string) => ({ id, type: 'import', name: pms });

export const onboardApi = {
  systems: (_request: void, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<PmsSystemList>('/channel/systems', { signal }),
  connect: ({ pms, credentials }: ConnectRequest) =>
    api.post<OnboardStart>(`/channel/${encodeURIComponent(pms)}/onboardUser`, {
      data: credentials ? { credentials } : {},
    }),
  finishOAuth: ({ pms, code, state }: OAuthReturn) =>
    api.post<OnboardStart>('/user/updateOauthConnection', {
      params: { pms },
      data: { code, state },
    }),
  /** The task by id, to follow it. */
  taskStatus: (
    { pms, id }: { pms: PmsName; id: string },
    { signal }: { signal?: AbortSignal } = {},
  ) => api.get<ImportTask>('/task/status', { params: task(pms, id), signal }),
  /** The account's newest import from `pms`, or `{ import: null }` when it never imported. */
  latestImport: ({ pms }: { pms: PmsName }, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<ImportState>(`/channel/${encodeURIComponent(pms)}/import`, { signal }),
  recordFinished: ({ pms, id }: { pms: PmsName; id: string }) =>
    api.post<PmsConnectionSummary>('/user/updateAfterIntegration', { params: task(pms, id) }),
  /** "Try again": resumes the system's failed import (or starts one). */
  syncNow: ({ pms }: { pms: PmsName }) =>
    api.post<Integrations>('/user/updateIntegrations', { data: { pms, action: 'sync' } }),
  signUp: (signUp: SignUp) => api.post<SignedIn>('/user/accounts/signup', { data: signUp }),
  requestSignUp: (request: SignUpRequest) =>
    api.post<Message>('/user/accounts/requestSignup', { data: request }),
};
