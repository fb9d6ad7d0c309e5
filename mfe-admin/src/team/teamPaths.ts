// The team page's addresses (`/accounts/:id?/:action?`, owner only in the access table):
//   /accounts                        the caller's team
//   /accounts/invite                 … with the invite form open
//   /accounts/{userId}/buildings     … with a vendor's buildings open
//   /accounts/{accountId}            staff: that account's team (the all-listings page links here)
//   /accounts/{accountId}/invite     staff: invite into it
// A vendor's buildings in another account than the caller's carry it as `?account={accountId}`.

export type TeamDialog =
  { kind: 'none' } | { kind: 'invite' } | { kind: 'buildings'; userId: string };

export interface TeamAddress {
  /** The account whose team is shown; undefined: the caller's own. */
  accountId?: string;
  dialog: TeamDialog;
}

const ID = /^\d+$/;

/** What an address shows; null for one the team page does not have. */
export function readTeamAddress(
  params: { id?: string; action?: string },
  search: URLSearchParams,
): TeamAddress | null {
  const { id, action } = params;
  if (id === undefined) return { dialog: { kind: 'none' } };
  if (id === 'invite' && action === undefined) return { dialog: { kind: 'invite' } };
  if (!ID.test(id)) return null;
  if (action === 'buildings') {
    const account = search.get('account');
    if (account !== null && !ID.test(account)) return null;
    return {
      ...(account ? { accountId: account } : {}),
      dialog: { kind: 'buildings', userId: id },
    };
  }
  if (action === undefined) return { accountId: id, dialog: { kind: 'none' } };
  if (action === 'invite') return { accountId: id, dialog: { kind: 'invite' } };
  return null;
}

export const teamPath = (accountId?: string): string =>
  accountId ? `/accounts/${accountId}` : '/accounts';

export const invitePath = (accountId?: string): string => `${teamPath(accountId)}/invite`;

export const buildingsPath = (userId: string, accountId?: string): string =>
  `/accounts/${userId}/buildings${accountId ? `?account=${accountId}` : ''}`;
