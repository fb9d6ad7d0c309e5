// A small stand-in for the team API over real HTTP, so the team page, its saga and the shared client
// run for real in component tests. Who may do what, and what is recorded, is tested against the
// real database in api/src/accounts/team.test.ts; every answer here is checked against the API
// contract (api/openapi.json).
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type { Team, TeamBuilding, TeamInvite, TeamMember } from '../team/teamApi';

export const BUILDINGS: TeamBuilding[] = [
  { slug: 'marina-lofts', name: 'Marina Lofts' },
  { slug: 'ocean-drive', name: 'Ocean Drive' },
  { slug: 'wynwood-studios', name: 'Wynwood Studios' },
];

export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: '1',
    name: 'Olivia Hart',
    email: 'owner@hostdash.test',
    subtype: 'owner',
    is_owner: true,
    is_active: true,
    created_at: '2026-01-10T09:00:00Z',
    last_sign_in_at: '2026-11-24T08:30:00Z',
    vendor_buildings: [],
    ...overrides,
  };
}

export const OWNER = makeMember();
export const MANAGER = makeMember({
  id: '2',
  name: 'Marcus Reed',
  email: 'manager@hostdash.test',
  subtype: 'manager',
  is_owner: false,
});
export const VENDOR = makeMember({
  id: '3',
  name: 'Diego Alvarez',
  email: 'vendor@hostdash.test',
  subtype: 'vendor',
  is_owner: false,
  last_sign_in_at: null,
  vendor_buildings: [BUILDINGS[0]!],
});

export function makeInvite(overrides: Partial<TeamInvite> = {}): TeamInvite {
  return {
    id: '40',
    email: 'nadia@example.com',
    name: 'Nadia Okafor',
    subtype: 'vendor',
    buildings: [BUILDINGS[1]!],
    invited_at: '2026-11-20T09:00:00Z',
    expires_at: '2099-11-27T09:00:00Z',
    invited_by: 'Olivia Hart',
    ...overrides,
  };
}

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    account: { id: '1', name: 'Hart Stays' },
    members: [OWNER, VENDOR, MANAGER],
    invites: [makeInvite()],
    buildings: BUILDINGS,
    ...overrides,
  };
}

export interface TeamServer extends Upstream {
  team: Team;
  /** The next change (invite, withdrawal, update) answers this instead. */
  refuseNext: UpstreamAnswer | null;
  requestsTo: (pathname: string) => RecordedRequest[];
  bodiesTo: (pathname: string) => unknown[];
}

const refusal = (status: number, error: string, message: string, extra = {}): UpstreamAnswer => ({
  status,
  json: { error, message, ...extra },
});

export async function startTeamServer(team: Team = makeTeam()): Promise<TeamServer> {
  let state: Pick<TeamServer, 'team' | 'refuseNext'> = { team, refuseNext: null };
  let nextInviteId = 100;

  function refused(): UpstreamAnswer | null {
    const answer = state.refuseNext;
    state.refuseNext = null;
    return answer;
  }

  function invite(request: RecordedRequest): UpstreamAnswer {
    const body = JSON.parse(request.body) as {
      email: string;
      name: string;
      subtype: 'manager' | 'vendor';
      building_slugs?: string[];
    };
    if (state.team.members.some((member) => member.email === body.email))
      return refusal(409, 'email_taken', 'There is already a Hostdash user with this email.');
    const created = makeInvite({
      id: String(nextInviteId++),
      email: body.email,
      name: body.name,
      subtype: body.subtype,
      buildings: BUILDINGS.filter((building) => body.building_slugs?.includes(building.slug)),
      invited_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    state.team = {
      ...state.team,
      invites: [created, ...state.team.invites.filter((open) => open.email !== body.email)],
    };
    return { status: 201, json: created };
  }

  function update(userId: string, action: string, request: RecordedRequest): UpstreamAnswer {
    const member = state.team.members.find((each) => each.id === userId);
    if (!member)
      return refusal(404, 'not_found', 'This teammate does not exist or is not in your account.');
    const body = JSON.parse(request.body || '{}') as { building_slugs?: string[] };
    const changed: TeamMember =
      action === 'set_buildings'
        ? {
            ...member,
            vendor_buildings: BUILDINGS.filter((building) =>
              body.building_slugs?.includes(building.slug),
            ),
          }
        : { ...member, is_active: action === 'activate' };
    state.team = {
      ...state.team,
      members: state.team.members.map((each) => (each.id === userId ? changed : each)),
    };
    return { json: changed };
  }

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      const path = url.pathname;
      if (path === '/user/accounts/load' && request.method === 'GET') {
        const accountId = url.searchParams.get('account_id');
        if (accountId && accountId !== state.team.account.id)
          return refusal(404, 'not_found', 'This account does not exist or is not yours.');
        return { json: state.team };
      }
      if (request.method !== 'POST')
        return refusal(404, 'not_found', `No route ${request.method} ${path}`);
      if (path === '/user/accounts/invite') return refused() ?? invite(request);
      const cancel = /^\/user\/accounts\/invite\/(\d+)\/cancel$/.exec(path);
      if (cancel) {
        const answer = refused();
        if (answer) return answer;
        state.team = {
          ...state.team,
          invites: state.team.invites.filter((open) => open.id !== cancel[1]),
        };
        return { json: { ok: true } };
      }
      const change = /^\/user\/accounts\/update\/(\d+)\/(deactivate|activate|set_buildings)$/.exec(
        path,
      );
      if (change) return refused() ?? update(change[1]!, change[2]!, request);
      return refusal(404, 'not_found', `No route ${path}`);
    },
    { check: keepsContract },
  );
  const requests = upstream.requests;
  const requestsTo = (pathname: string) =>
    requests.filter((request) => new URL(request.url, 'http://api').pathname === pathname);
  const server: TeamServer = Object.assign(upstream, state, {
    requestsTo,
    bodiesTo: (pathname: string) => requestsTo(pathname).map((request) => JSON.parse(request.body)),
  });
  state = server;
  return server;
}
