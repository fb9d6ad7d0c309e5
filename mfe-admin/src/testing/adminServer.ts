// A small stand-in for the admin API over real HTTP, so the pages, the saga and the shared client
// run for real in component tests. The API's own behaviour (who may change a flag, what is
// recorded) is tested against its real database in api/; every answer here is checked against the
// API contract (api/openapi.json).
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type { Flag } from '../flags/flagsApi';
import { STAFF_ACTOR } from './staff';

export function makeFlag(overrides: Partial<Flag> = {}): Flag {
  return {
    id: '1',
    name: 'outage_banner_dashboard',
    enabled: false,
    value: null,
    description: 'The outage banner at the top of every dashboard page.',
    updated_at: '2026-11-20T09:00:00Z',
    updated_by: null,
    ...overrides,
  };
}

export interface AdminServer extends Upstream {
  flags: Flag[];
  /** The next flag save answers this instead. */
  failNextSave: UpstreamAnswer | null;
  requestsTo: (pathname: string) => RecordedRequest[];
}

export async function startAdminServer(
  flags: Flag[] = [
    makeFlag(),
    makeFlag({ id: '2', name: 'new_calendar', description: 'The calendar view of reservations.' }),
  ],
): Promise<AdminServer> {
  let state: Pick<AdminServer, 'flags' | 'failNextSave'> = { flags, failNextSave: null };

  function save(name: string, request: RecordedRequest): UpstreamAnswer {
    if (state.failNextSave) {
      const failure = state.failNextSave;
      state.failNextSave = null;
      return failure;
    }
    const change = JSON.parse(request.body) as { enabled: boolean; value?: string | null };
    const current = state.flags.find((flag) => flag.name === name);
    const saved = makeFlag({
      ...current,
      name,
      enabled: change.enabled,
      value: change.value === undefined ? (current?.value ?? null) : change.value,
      updated_at: new Date().toISOString(),
      updated_by: STAFF_ACTOR,
    });
    state.flags = [...state.flags.filter((flag) => flag.name !== name), saved];
    return { json: saved };
  }

  const upstream = await startUpstream(
    (request) => {
      const path = new URL(request.url, 'http://api').pathname;
      if (path === '/admin/flags' && request.method === 'GET')
        return { json: { items: state.flags } };
      const change = /^\/admin\/flags\/([a-z0-9_]+)$/.exec(path);
      if (change && request.method === 'POST') return save(change[1]!, request);
      return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
    },
    { check: keepsContract },
  );
  const requests = upstream.requests;
  const server: AdminServer = Object.assign(upstream, state, {
    requestsTo: (pathname: string) =>
      requests.filter((request) => new URL(request.url, 'http://api').pathname === pathname),
  });
  state = server;
  return server;
}
