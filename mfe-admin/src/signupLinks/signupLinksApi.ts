// The sign-up link calls (staff only), typed with the API contract: the systems a host can connect
// (for the dialog's select) and making a link, which the API also mails to the host.
import type { Body, PmsSystem, PmsSystemList, SignupLink } from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type { PmsSystem, PmsSystemList, SignupLink };

/** A link as the dialog asks for it (`POST /admin/signupLinks`). */
export type SignupLinkRequest = Body<'/admin/signupLinks', 'post'>;
export type PmsName = PmsSystem['name'];

export const signupLinksApi = {
  systems: (_request: void, { signal }: { signal?: AbortSignal } = {}) =>
    api.get<PmsSystemList>('/channel/systems', { signal }),
  make: (request: SignupLinkRequest) =>
    api.post<SignupLink>('/admin/signupLinks', { data: request }),
};
