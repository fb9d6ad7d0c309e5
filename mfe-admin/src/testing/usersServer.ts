// A stand-in for the user admin API over real HTTP: the list pages and sorts (and keeps the users
// of past-due accounts with `past_due=true`, or those whose name or email has `search`), the
// search matches names, emails and accounts, the panel has an audit log, and the actions change the user and log
// themselves as the API does. Who may do what is tested against the real database in api/; every
// answer here is checked against the API contract (api/openapi.json).
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type { AdminUser, AdminUserDetail, AuditEntry } from '../users/usersApi';
import { STAFF, STAFF_ACTOR } from './staff';

export function makeUser(id: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: String(id),
    name: `User ${id}`,
    email: `user${id}@example.test`,
    type: 'user',
    subtype: 'manager',
    is_active: true,
    account_id: '1',
    account_owner: 'Olivia Owner',
    billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
    vendor_buildings: [],
    // Newer ids joined later.
    created_at: new Date(Date.UTC(2026, 0, 1) + id * 86_400_000).toISOString(),
    account_name: 'Harbour Stays',
    last_sign_in_at: null,
    totp_enabled: false,
    ...overrides,
  };
}

export interface UsersServer extends Upstream {
  users: AdminUser[];
  audit: AuditEntry[];
  /** The next action answers this instead. */
  failNextUpdate: UpstreamAnswer | null;
  requestsTo: (pathname: string) => RecordedRequest[];
}

function compare(field: string, direction: string) {
  return (a: AdminUser, b: AdminUser) => {
    const left = String(a[field as keyof AdminUser] ?? '');
    const right = String(b[field as keyof AdminUser] ?? '');
    return (left < right ? -1 : left > right ? 1 : 0) * (direction === 'desc' ? -1 : 1);
  };
}

export interface UsersServerOptions {
  /** More of the API behind the same address (another stand-in's routes); null: not one of them. */
  moreRoutes?: (request: RecordedRequest) => UpstreamAnswer | null;
}

export async function startUsersServer(
  users: AdminUser[],
  { moreRoutes }: UsersServerOptions = {},
): Promise<UsersServer> {
  let state: Pick<UsersServer, 'users' | 'audit' | 'failNextUpdate'> = {
    users,
    audit: [],
    failNextUpdate: null,
  };

  const page = (url: URL, rows: AdminUser[]) => {
    const from = Number(url.searchParams.get('from') ?? 0);
    const size = Number(url.searchParams.get('size') ?? 10);
    return { from, size, total: rows.length, items: rows.slice(from, from + size) };
  };

  function update(userId: string, action: string, request: RecordedRequest): UpstreamAnswer {
    if (state.failNextUpdate) {
      const failure = state.failNextUpdate;
      state.failNextUpdate = null;
      return failure;
    }
    const user = state.users.find((each) => each.id === userId);
    if (!user) return { status: 404, json: { error: 'not_found', message: 'No such user.' } };
    const body = JSON.parse(request.body || '{}') as { subtype?: string };
    let detail: Record<string, unknown> = {};
    if (action === 'deactivate') user.is_active = false;
    if (action === 'activate') user.is_active = true;
    if (action === 'disable_second_step') user.totp_enabled = false;
    if (action === 'set_subtype') {
      detail = { from: user.subtype, to: body.subtype };
      user.subtype = body.subtype ?? user.subtype;
    }
    state.audit.unshift({
      id: String(state.audit.length + 1),
      action: `user.${action}`,
      actor: STAFF_ACTOR,
      target_user_id: userId,
      target_account_id: user.account_id,
      detail,
      created_at: new Date().toISOString(),
    });
    return { json: user };
  }

  function detail(userId: string): UpstreamAnswer {
    const user = state.users.find((each) => each.id === userId);
    if (!user) return { status: 404, json: { error: 'not_found', message: 'No such user.' } };
    const answer: AdminUserDetail = {
      user,
      account: {
        id: user.account_id,
        name: user.account_name,
        owner: { id: '1', name: 'Olivia Owner', email: 'owner@hostdash.test' },
      },
      audit: state.audit.filter((entry) => entry.target_user_id === userId),
    };
    return { json: answer };
  }

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      const path = url.pathname;
      if (path === '/admin/user/load') {
        const [field = 'created_at', direction = 'desc'] = (
          url.searchParams.get('sort') ?? 'created_at:desc'
        ).split(':');
        const pastDue = url.searchParams.get('past_due') === 'true';
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const rows = state.users.filter(
          (user) =>
            (!pastDue || user.billing.past_due_since !== null) &&
            `${user.name} ${user.email}`.toLowerCase().includes(search),
        );
        return { json: page(url, rows.sort(compare(field, direction))) };
      }
      if (path === '/user/accounts/search') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const hits = state.users
          .filter((user) =>
            `${user.name} ${user.email} ${user.account_name}`.toLowerCase().includes(search),
          )
          .map((user) => ({ ...user, _score: 1 }));
        const { items, total } = page(url, hits);
        return { json: { items, total } };
      }
      const get = /^\/admin\/user\/get\/(\d+)$/.exec(path);
      if (get && request.method === 'GET') return detail(get[1]!);
      const change = /^\/admin\/user\/update\/(\d+)\/([a-z_]+)$/.exec(path);
      if (change && request.method === 'POST') return update(change[1]!, change[2]!, request);
      // Staff open the account of a host (issue 33): the signed-in staff member, viewing it.
      const view = /^\/admin\/viewing\/(\d+)$/.exec(path);
      if (view && request.method === 'POST') {
        const owner = state.users.find((each) => each.account_id === view[1]);
        return {
          json: {
            ...STAFF,
            viewing: {
              account_id: view[1]!,
              name: owner?.account_name ?? 'Account',
              owner_name: 'Olivia Owner',
            },
          },
        };
      }
      const more = moreRoutes?.(request);
      if (more) return more;
      return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
    },
    { check: keepsContract },
  );
  const requests = upstream.requests;
  const server: UsersServer = Object.assign(upstream, state, {
    requestsTo: (pathname: string) =>
      requests.filter((request) => new URL(request.url, 'http://api').pathname === pathname),
  });
  state = server; // the test's changes to the server (failNextUpdate) reach the handlers
  return server;
}
