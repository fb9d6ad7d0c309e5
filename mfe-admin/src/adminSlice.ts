// The `admin` slice (spec section 3). Its top level is the user admin list (users, search results,
// the selected user, pagination: users/usersSlice.ts); each other page of the admin area keeps its
// own part under its own key, with its own reducer. A page adds its part to `pageReducers`.
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { accountsReducer } from './accounts/accountsSlice';
import { analyticsReducer } from './analytics/analyticsSlice';
import { flagsReducer } from './flags/flagsSlice';
import { jobsReducer } from './jobs/jobsSlice';
import { remotesReducer } from './remotes/remotesSlice';
import { platformListingsReducer } from './listings/platformListingsSlice';
import { signupLinksReducer } from './signupLinks/signupLinksSlice';
import { teamReducer } from './team/teamSlice';
import { usersReducer, type UserAdminState } from './users/usersSlice';

const pageReducers = {
  flags: flagsReducer,
  remotes: remotesReducer,
  listings: platformListingsReducer,
  analytics: analyticsReducer,
  team: teamReducer,
  signupLinks: signupLinksReducer,
  jobs: jobsReducer,
  accounts: accountsReducer,
};

type PageParts = { [Key in keyof typeof pageReducers]: ReturnType<(typeof pageReducers)[Key]> };
export type AdminState = UserAdminState & PageParts;

const pageKeys = Object.keys(pageReducers) as (keyof PageParts)[];

export function adminReducer(state: AdminState | undefined, action: UnknownAction): AdminState {
  // The users reducer changes only its own fields; immer's copy keeps the pages' parts as they
  // were, and an action no part handles returns the very same object (selectors stay memoized).
  let next = usersReducer(state, action) as AdminState;
  for (const key of pageKeys) {
    const reducer = pageReducers[key] as Reducer<PageParts[typeof key]>;
    const part = reducer(next[key], action);
    if (part !== next[key]) next = { ...next, [key]: part };
  }
  return next;
}

interface WithAdmin {
  admin: AdminState;
}
export const selectAdmin = (state: WithAdmin): AdminState => state.admin;
