// Preview before canary (docs/adr/0042): start or stop, in this browser only, a version of a remote
// that nobody else gets. The shell server answers (`/admin-api`, same origin), not the API: the
// registry is its. Used by the dashboard's frame (its preview bar and a preview link) and by the
// delivery console.
import { createApiClient } from './apiClient';
import {
  DELIVERY_CONSOLE_PREFIX,
  type ConsoleChangeAnswer,
  type ConsolePreviewStopped,
} from './deliveryConsole';

/** The preview's own client (tests point it at their stand-in server). */
export const previewClient = createApiClient({ baseURL: DELIVERY_CONSOLE_PREFIX });
const client = previewClient;
const path = (remote: string) => `/remotes/${encodeURIComponent(remote)}/preview`;

export const previewApi = {
  /** This browser loads `version` of `remote` (refused with 409 `incompatible` for a misfit). */
  start: ({ remote, version }: { remote: string; version: string }) =>
    client.post<ConsoleChangeAnswer>(path(remote), { data: { version } }),
  /** This browser goes back to what the registry gives its user. */
  stop: ({ remote }: { remote: string }) => client.delete<ConsolePreviewStopped>(path(remote)),
};
