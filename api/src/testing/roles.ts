// The demo users every reservation and protect test signs in as, by role.
import type { TestApi } from './testApi';

export type Role = 'owner' | 'manager' | 'vendor' | 'admin' | 'newhost';
export const ROLES: readonly Role[] = ['owner', 'manager', 'vendor', 'admin', 'newhost'];

/** A session per demo role (owner, manager and vendor of account 1, an admin, another host). */
export async function signInRoles(api: TestApi): Promise<Record<Role, string>> {
  const sessions = {} as Record<Role, string>;
  for (const role of ROLES) sessions[role] = await api.signIn(`${role}@hostdash.test`);
  return sessions;
}

/** The database's today (YYYY-MM-DD) and a day relative to it. */
export async function databaseDay(api: TestApi, offset = 0): Promise<string> {
  const [row] = await api.db.query<{ day: string }>('select current_date + $1::int as day', [
    offset,
  ]);
  return row?.day ?? '';
}

/** Expected answer of anything out of scope or missing. */
export const RESERVATION_NOT_FOUND = {
  error: 'not_found',
  message: 'This reservation does not exist or is not shared with you.',
};
