// The delivery console's calls. They go to the shell server itself (`/admin-api`, same origin),
// not to the API behind `/api`: the registry of remotes is the shell server's. The answers' types
// are the ones the server declares its answers with (shared-auth/src/deliveryConsole.ts).
import {
  createApiClient,
  DELIVERY_CONSOLE_PREFIX,
  type ConsoleChangeAnswer,
  type ConsoleChangeRequest,
  type ConsoleRemotes,
  type DeliveryConsoleAction,
} from '@hostdash/shared-auth';

/** A change the admin confirmed: which remote, what to do, and the versions the dialog named. */
export interface RemoteChange {
  name: string;
  action: DeliveryConsoleAction;
  request: ConsoleChangeRequest;
}

/** The console's own client (tests point it at their stand-in server). */
export const consoleClient = createApiClient({ baseURL: DELIVERY_CONSOLE_PREFIX });

export const remotesApi = {
  load: (_request: void, { signal }: { signal?: AbortSignal } = {}) =>
    consoleClient.get<ConsoleRemotes>('/remotes', { signal }),
  change: ({ name, action, request }: RemoteChange) =>
    consoleClient.post<ConsoleChangeAnswer>(
      `/remotes/${encodeURIComponent(name)}/${encodeURIComponent(action)}`,
      { data: request },
    ),
};
